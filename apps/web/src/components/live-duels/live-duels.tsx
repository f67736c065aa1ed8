// The duels running now, each a link to its watch page (docs/spectating.md): on Home's hero and
// on the leaderboard (features/spectating/live-duels-panel.tsx feeds it).
import type { LiveGame } from '@duel-dojo/protocol';
import { characterOrDefault } from '@duel-dojo/rules';
import { Link } from '../../routing';
import { Portrait } from '../portrait/portrait';
import styles from './live-duels.module.css';

export const NO_LIVE_DUELS = 'No duels right now';

const nameOf = (name: string | null, bot = false) => name ?? (bot ? 'Bot' : 'Guest');

export interface LiveDuelsProps {
  /** null while loading. */
  readonly games: readonly LiveGame[] | null;
  readonly failed: boolean;
  readonly limit?: number;
}

export function LiveDuels({ games, failed, limit = 6 }: LiveDuelsProps) {
  let body: React.ReactNode;
  if (failed) body = <p className={styles.note}>Live duels could not be loaded.</p>;
  else if (games === null) body = <p className={styles.note}>Looking for duels…</p>;
  else if (games.length === 0) body = <p className={styles.note}>{NO_LIVE_DUELS}</p>;
  else
    body = (
      <ul className={styles.list}>
        {games.slice(0, limit).map((game) => {
          const one = nameOf(game.player1Name);
          const two = nameOf(game.player2Name, game.vsBot);
          return (
            <li key={game.sessionId}>
              <Link className={styles.duel} to={`/watch/${encodeURIComponent(game.sessionId)}`}>
                <Portrait character={characterOrDefault(game.player1Character)} size="small" decorative />
                <span className={styles.names}>
                  {/* The link's name is its visible text, led by what it does (WCAG 2.5.3). */}
                  <span className="visually-hidden">Watch </span>
                  <span className={styles.name}>{one}</span>{' '}
                  <span className={styles.vs}>vs</span>{' '}
                  <span className={styles.name}>{two}</span>
                </span>
                <Portrait character={characterOrDefault(game.player2Character)} size="small" decorative className={styles.mirrored} />
                {' '}
                <span className={styles.meta}>
                  {game.round === 0 ? 'Starting' : `Round ${game.round + 1}`} · {game.betAmount}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  return (
    <section className={styles.panel} aria-labelledby="live-duels-title">
      <h2 id="live-duels-title" className={styles.title}>
        <span className={styles.dot} aria-hidden="true" /> Live duels
      </h2>
      {body}
    </section>
  );
}
