import { suddenDeathDrain } from '@duel-dojo/rules';
import styles from './round-countdown.module.css';

export interface RoundCountdownProps {
  readonly round: number;
  /** Whole seconds left; null between rounds. */
  readonly seconds: number | null;
  /** The bar's fill, 0–100. */
  readonly percent: number;
  /** early ≥ 9 s, warning ≤ 3 s, danger ≤ 1 s. */
  readonly state: 'early' | 'normal' | 'warning' | 'danger' | 'idle';
}

/** "ROUND n" with the seconds left and a draining bar; in sudden death, what the round drains. */
export function RoundCountdown({ round, seconds, percent, state }: RoundCountdownProps) {
  const drain = suddenDeathDrain(round);
  return (
    <div className={`${styles.countdown} ${styles[state]}`} data-state={state}>
      <p className={styles.round}>ROUND {round}</p>
      {drain > 0 && <p className={styles.suddenDeath}>Sudden death −{drain} HP</p>}
      <p className={styles.seconds} aria-label={seconds === null ? 'Round not running' : `${seconds} seconds left`}>
        {seconds ?? '–'}
      </p>
      <span className={styles.track} role="progressbar" aria-label="Time left" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent)}>
        <span className={styles.fill} style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}
