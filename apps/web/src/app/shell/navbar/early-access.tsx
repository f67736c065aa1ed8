// Spec §2: the early-access form link with a live countdown; hidden once the target has passed
// (DESIGN.md departure 4: the target comes from /api/config).
import { useAppConfig } from '../../../features/config/use-app-config';
import { type CountdownParts, useCountdown } from '../../../features/early-access/countdown';
import { EARLY_ACCESS_FORM_URL } from '../../../features/site/site-links';
import styles from './early-access.module.css';

const pad = (value: number) => String(value).padStart(2, '0');

export function formatCountdown(parts: CountdownParts): string {
  return `${parts.days}d ${pad(parts.hours)}h ${pad(parts.minutes)}m ${pad(parts.seconds)}s`;
}

export function EarlyAccess() {
  const target = useAppConfig().data?.earlyAccessTarget;
  const parts = useCountdown(target);
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
