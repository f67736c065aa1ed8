// Tournament status: active green, upcoming blue, completed grey, anything else amber.
import type { TournamentStatus } from '@duel-dojo/protocol';
import styles from './status-badge.module.css';

const TONES: Readonly<Record<string, string | undefined>> = { active: styles.active, upcoming: styles.upcoming, completed: styles.completed };

export function StatusBadge({ status }: { readonly status: TournamentStatus }) {
  return <span className={`${styles.badge} ${TONES[status] ?? styles.other}`}>{status}</span>;
}
