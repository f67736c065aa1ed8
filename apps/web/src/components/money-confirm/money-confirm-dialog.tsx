// The app's own confirmation before any wallet is asked to pay (a stake, a purchase, a tournament
// entry): what leaves the wallet, what can come back, and the way out. Cancel moves no money.
import type { ReactNode } from 'react';
import { Modal } from '../modal/modal';
import styles from './money-confirm-dialog.module.css';

export interface MoneyLine {
  readonly label: string;
  readonly value: string;
}

export interface MoneyConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  /** What is paid for: "5$ duel", the character, the tournament. */
  readonly subject: ReactNode;
  /** What leaves the wallet, first, then what can come back. */
  readonly lines: readonly MoneyLine[];
  /** The whole deal in one sentence. */
  readonly summary: string;
  /** Refunds and other conditions, one per item. */
  readonly notes?: readonly string[];
  readonly confirmLabel: string;
  /** Shown instead of the amounts when they cannot be known yet (the price is loading). */
  readonly unavailable?: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/** Every payment here is one transfer signed by the player's wallet, which also pays its fee. */
export const NETWORK_FEE_NOTE = "Your wallet also pays the network's small transaction fee.";

export function MoneyConfirmDialog({ open, title, subject, lines, summary, notes = [], confirmLabel, unavailable = null, onConfirm, onCancel }: MoneyConfirmDialogProps) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p className={styles.subject}>{subject}</p>
      {unavailable ? (
        <p className="muted" role="status">
          {unavailable}
        </p>
      ) : (
        <>
          <dl className={styles.lines}>
            {lines.map((line, index) => (
              <div key={line.label} className={index === 0 ? styles.pay : styles.back}>
                <dt>{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
          <p className={styles.summary}>{summary}</p>
        </>
      )}
      <ul className={styles.notes}>
        {[...notes, NETWORK_FEE_NOTE].map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      <div className={`actions ${styles.actions}`}>
        {/* Focus starts on Cancel: a stray Enter never pays. */}
        <button type="button" className="btn btn-ghost" onClick={onCancel} data-autofocus>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={Boolean(unavailable)}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
