// A tournament duel the player is called to: the opponent, the time left to show up
// and "Fight now", as a panel on the tournament page or a toast anywhere in the app.
import { Link } from '../../routing';
import styles from './match-call.module.css';

export interface MatchCallProps {
  readonly opponent: string;
  /** The line above the names. */
  readonly kicker?: string;
  /** "m:ss" before the no-show deadline; null once the duel has started (or the time is up). */
  readonly timeLeft: string | null;
  readonly fightHref: string;
  readonly onFight?: () => void;
  readonly onDismiss?: () => void;
  readonly variant?: 'panel' | 'toast';
}

export function MatchCall({ opponent, kicker = 'Your match is ready', timeLeft, fightHref, onFight, onDismiss, variant = 'panel' }: MatchCallProps) {
  return (
    <section className={`${styles.call} ${styles[variant]}`} aria-label="Your tournament match">
      <div className={styles.text}>
        <p className={styles.kicker}>{kicker}</p>
        <p className={styles.versus}>
          You vs <strong>{opponent}</strong>
        </p>
        {timeLeft ? (
          <p className={styles.deadline} role="timer" aria-label="Time left to join">
            Join within <strong>{timeLeft}</strong> or forfeit
          </p>
        ) : (
          <p className={styles.deadline}>The duel is under way.</p>
        )}
      </div>
      <div className={styles.actions}>
        <Link className="btn btn-primary" to={fightHref} onClick={onFight}>
          Fight now
        </Link>
        {onDismiss && (
          <button type="button" className="btn btn-ghost btn-small" onClick={onDismiss}>
            Later
          </button>
        )}
      </div>
    </section>
  );
}
