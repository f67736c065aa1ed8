import styles from './health-bar.module.css';

export interface HealthBarProps {
  /** The meter's name, read out with its value ("Your health"). */
  readonly label: string;
  readonly value: number;
  readonly max?: number;
  /** The opponent's bar drains toward the centre. */
  readonly align?: 'left' | 'right';
}

/** A fighter's health out of 100: green, then amber under half, red under a quarter. */
export function HealthBar({ label, value, max = 100, align = 'left' }: HealthBarProps) {
  const percent = max <= 0 ? 0 : Math.max(0, Math.min(100, (value / max) * 100));
  const tone = percent > 50 ? styles.high : percent > 25 ? styles.mid : styles.low;
  return (
    <div className={`${styles.bar} ${align === 'right' ? styles.right : ''}`}>
      <span className={styles.track} role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value} aria-valuetext={`${value} of ${max}`}>
        <span className={`${styles.fill} ${tone}`} style={{ width: `${percent}%` }} />
      </span>
      <span className={styles.value} aria-hidden="true">
        {value}
        <span className={styles.max}>/{max}</span>
      </span>
    </div>
  );
}
