import type { ReactNode } from 'react';
import styles from './status.module.css';

/** Loading: a spinner and a message, announced politely. */
export function LoadingState({ label = 'Loading…' }: { readonly label?: string }) {
  return (
    <div className={styles.box} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

/** A failed load, with Retry when the caller can retry. */
export function ErrorState({ title = 'Something went wrong', message, onRetry, children }: { readonly title?: string; readonly message: string; readonly onRetry?: () => void; readonly children?: ReactNode }) {
  return (
    <div className={`${styles.box} ${styles.error}`} role="alert">
      <p className={styles.title}>{title}</p>
      <p>{message}</p>
      <div className="actions">
        {onRetry && (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            Retry
          </button>
        )}
        {children}
      </div>
    </div>
  );
}

/** Nothing to show yet, with an optional action. */
export function EmptyState({ message, children }: { readonly message: string; readonly children?: ReactNode }) {
  return (
    <div className={styles.box}>
      <p className={styles.emptyText}>{message}</p>
      {children && <div className="actions">{children}</div>}
    </div>
  );
}
