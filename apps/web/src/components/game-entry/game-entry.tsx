import type { ReactNode } from 'react';
import { Link } from '../../routing';
import { Portrait } from '../portrait/portrait';
import styles from './game-entry.module.css';

export interface GameEntryView {
  readonly date: string;
  readonly myCharacter: { readonly name: string; readonly image: string };
  /** null: nobody came (a staked wait that was cancelled). */
  readonly opponentCharacter: { readonly name: string; readonly image: string } | null;
  readonly opponentName: string;
  readonly opponentWallet: string | null;
  readonly bet: string;
  readonly paid: boolean;
  /** The SOL actually staked ("0.0333 SOL"), shown under the stake's label; null: none. */
  readonly stakeSol?: string | null;
  /** The stake came back (a draw, a cancelled wait). */
  readonly refunded?: boolean;
  /** The tournament the game was a match of. */
  readonly tournamentId?: string | null;
  readonly result: 'In progress' | 'Draw' | 'Victory' | 'Defeat' | 'Cancelled';
  readonly rounds: string;
}

const RESULT_CLASS = { Victory: 'victory', Defeat: 'defeat', Draw: 'draw', 'In progress': 'progress', Cancelled: 'draw' } as const;

/**
 * One battle: my character vs the opponent's, date, bet (with the SOL staked and whether it came
 * back), result, rounds, a tournament mark, a claim area and extras (fairness).
 */
export function GameEntry({ game, claim, children }: { readonly game: GameEntryView; readonly claim?: ReactNode; readonly children?: ReactNode }) {
  return (
    <li className={`${styles.entry} ${styles[RESULT_CLASS[game.result]]}`}>
      <div className={styles.fighters}>
        <Portrait character={game.myCharacter} size="small" />
        <span className={styles.vs} aria-label="versus">
          VS
        </span>
        {game.opponentCharacter && <Portrait character={game.opponentCharacter} size="small" />}
        <div className={styles.names}>
          <span className={styles.mine}>
            {game.myCharacter.name}{' '}
            {game.tournamentId && (
              <Link className="tag" to={`/tournaments/${game.tournamentId}`}>
                Tournament
              </Link>
            )}
          </span>
          <span className="muted">
            vs {game.opponentCharacter ? `${game.opponentCharacter.name} · ` : ''}
            {game.opponentWallet ? <Link to={`/profile/${game.opponentWallet}`}>{game.opponentName}</Link> : game.opponentName}
          </span>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Date</dt>
          <dd>{game.date}</dd>
        </div>
        <div>
          <dt>Bet</dt>
          <dd>
            {game.bet} {game.paid && <span className="tag tag-gold">Paid Match</span>}
            {game.stakeSol && <span className={styles.sol}>{game.stakeSol}</span>}
            {game.refunded && <span className="tag tag-green">Refunded</span>}
          </dd>
        </div>
        <div>
          <dt>Result</dt>
          <dd className={styles.result}>{game.result}</dd>
        </div>
        <div>
          <dt>Rounds</dt>
          <dd>{game.rounds}</dd>
        </div>
      </dl>
      {claim && <div className={styles.claim}>{claim}</div>}
      {children && <div className={styles.extra}>{children}</div>}
    </li>
  );
}
