// Issue 8: the entry fee of a paid tournament, confirmed before the wallet is asked to pay, then
// the progress ("Waiting for wallet…", "Confirming payment…") while the join cannot be left. The
// outcome is shown in the screen's join notice once the dialog closes.
import { LoadingState } from '../../components/status/status';
import { Modal } from '../../components/modal/modal';
import { entryFeeLabel, poolSplitText, poolTotalText } from '../../features/tournaments/entry-fee';
import { PAID_JOIN_STEP_TEXT } from '../../features/tournaments/paid-join-flow';
import type { PaidJoinState } from '../../features/tournaments/use-paid-join';
import styles from './paid-join-dialog.module.css';

export interface PaidJoinDialogProps {
  readonly state: PaidJoinState;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function PaidJoinDialog({ state, onConfirm, onCancel }: PaidJoinDialogProps) {
  const { phase, tournament } = state;
  if (phase === 'idle' || !tournament) return null;
  const fee = entryFeeLabel(tournament);
  if (phase !== 'confirm') {
    return (
      <Modal open title="Paying the entry fee" size="small">
        <LoadingState label={PAID_JOIN_STEP_TEXT[phase]} />
        <p className="muted">
          {fee} for {tournament.name}. A transaction typically takes 5–15 seconds. Keep this page open.
        </p>
      </Modal>
    );
  }
  const pool = tournament.currentParticipants > 0 ? poolTotalText(tournament) : null;
  return (
    <Modal open title="Pay the entry fee" size="small" onClose={onCancel}>
      <p className={styles.fee}>
        <span>{tournament.name}</span>
        <strong>{fee}</strong>
      </p>
      <ul className={styles.points}>
        <li>Your wallet sends {fee} to the tournament&apos;s prize pool.</li>
        <li>
          The pool is {poolSplitText()}, paid automatically when the tournament ends.
          {pool && ` So far: ${pool}.`}
        </li>
        <li>If your seat is refused after paying (full or closed), the fee is refunded to your wallet.</li>
      </ul>
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} data-autofocus>
          Pay {fee} &amp; Join
        </button>
      </div>
    </Modal>
  );
}
