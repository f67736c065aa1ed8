// The waiting popup's body for a called tournament match: who is expected, by when (with the
// countdown), and why there is neither Play with Bot nor Cancel — the match is fought by its two
// players, and an absent one forfeits (the server refuses both). Leaving the screen is safe:
// "Fight now" on the tournament page leads back into the same match.
import type { TournamentMatchInfo } from '@duel-dojo/protocol';
import { Link } from '../../routing';
import { LoadingState } from '../../components/status/status';
import { timeLeftText } from '../../features/tournaments/match-calls';
import { playerName } from '../../features/tournaments/player-name';
import { useNow } from '../../features/tournaments/use-now';
import styles from './tournament-waiting.module.css';

/** The deadline as a clock time in the player's zone ("14:05:30"). */
function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** `match` null: a reserved duel whose call this tab has not heard of (yet). */
export function TournamentWaiting({ match }: { readonly match: TournamentMatchInfo | null }) {
  const deadline = match?.deadline ?? null;
  const now = useNow(deadline !== null);
  const opponent = match ? playerName(match.opponent) : 'your opponent';
  const left = timeLeftText(deadline, now) ?? '0:00';
  return (
    <div className={styles.body}>
      <p className={styles.versus}>
        You vs <strong>{opponent}</strong>
      </p>
      <LoadingState label={`Waiting for ${opponent} to join…`} />
      {deadline !== null ? (
        <p className={styles.deadline}>
          If {opponent} is not here by <time dateTime={new Date(deadline).toISOString()}>{clockTime(deadline)}</time>, they forfeit and you go through.{' '}
          <span className={styles.countdown} role="timer" aria-label="Time left before the no-show forfeit">
            {left}
          </span>
        </p>
      ) : (
        <p className={styles.deadline}>If {opponent} does not come by the deadline, they forfeit and you go through.</p>
      )}
      <p className={styles.rule}>A tournament match is fought by its two players: no bot, and no cancelling. You may leave this screen: “Fight now” on the tournament page brings you back here.</p>
      {match && (
        <div className="actions">
          <Link className="btn btn-ghost" to={`/tournaments/${encodeURIComponent(match.tournamentId)}`}>
            View the bracket
          </Link>
        </div>
      )}
    </div>
  );
}

/** The match was closed at its deadline without a game: the absent player forfeits. */
export function TournamentDecided({ match, onHome }: { readonly match: TournamentMatchInfo; readonly onHome: () => void }) {
  return (
    <div className={styles.body}>
      <p className={styles.decided} role="status">
        {playerName(match.opponent)} did not come by the deadline: the match is decided by forfeit.
      </p>
      <div className="actions">
        <Link className="btn btn-ghost" to={`/tournaments/${encodeURIComponent(match.tournamentId)}`}>
          View the bracket
        </Link>
        <button type="button" className="btn btn-primary" onClick={onHome} data-autofocus>
          Back to Home
        </button>
      </div>
    </div>
  );
}
