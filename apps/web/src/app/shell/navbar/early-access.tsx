// The early-access form link with a live countdown; hidden once the target has passed
// (the target comes from /api/config).
import { useAppConfig } from '../../../features/config/use-app-config';
import { type CountdownParts, EVERY_SECOND, countdownParts, parseTarget } from '../../../features/countdown/countdown-parts';
import { useCountdown } from '../../../features/countdown/use-countdown';
import { EARLY_ACCESS_FORM_URL } from '../../../features/site/site-links';
import styles from './early-access.module.css';

const pad = (value: number) => String(value).padStart(2, '0');

export function formatCountdown(parts: CountdownParts): string {
  return `${parts.days}d ${pad(parts.hours)}h ${pad(parts.minutes)}m ${pad(parts.seconds)}s`;
}

export function EarlyAccess() {
  const target = useAppConfig().data?.earlyAccessTarget;
  const left = useCountdown(parseTarget(target), EVERY_SECOND);
  const parts = left === null ? null : countdownParts(left);
  if (!parts) return null;
  return (
    <a className={styles.link} href={EARLY_ACCESS_FORM_URL} target="_blank" rel="noopener noreferrer">
      <span className={styles.label}>Early access</span>
      <span className={styles.time} role="timer" aria-label="Time left">
        {formatCountdown(parts)}
      </span>
    </a>
  );
}
