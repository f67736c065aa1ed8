import styles from './stat-bar.module.css';

export interface StatBarProps {
  readonly label: string;
  readonly value: number;
  readonly max: number;
  readonly tone?: 'attack' | 'defense' | 'progress';
  /** Shown (and read out) instead of `value` when the bar measures a part of a larger figure. */
  readonly valueText?: string;
}

/** A labelled bar such as "Attack 70"; the value is read out with its label. */
export function StatBar({ label, value, max, tone = 'progress', valueText }: StatBarProps) {
  const percent = max <= 0 ? 0 : Math.max(0, Math.min(100, (value / max) * 100));
  return (
    <div className={styles.row}>
      <span className={styles.label}>{label}</span>
      <span className={styles.track} role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value} aria-valuetext={valueText}>
        <span className={`${styles.fill} ${styles[tone]}`} style={{ width: `${percent}%` }} />
      </span>
      <span className={styles.value}>{valueText ?? value}</span>
    </div>
  );
}
