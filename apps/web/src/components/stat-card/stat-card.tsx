import type { ReactNode } from 'react';
import styles from './stat-card.module.css';

export function StatCard({ label, value, hint }: { readonly label: string; readonly value: ReactNode; readonly hint?: string }) {
  return (
    <div className={styles.card}>
      <span className={styles.label}>{label}</span>
      <span className={styles.value}>{value}</span>
      {hint && <span className={styles.hint}>{hint}</span>}
    </div>
  );
}
