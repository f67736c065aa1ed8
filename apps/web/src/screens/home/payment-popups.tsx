// Paid games: "Transaction in Progress" while the stake is prepared, signed, sent,
// verified and the game joined; the verification-failed popup (Retry, Cancel, explorer link);
// the alert of any other failure.
import { ERROR_MESSAGES } from '@duel-dojo/protocol/error-messages';
import { AlertDialog } from '../../components/modal/alert-dialog';
import { Modal } from '../../components/modal/modal';
import { LoadingState } from '../../components/status/status';
import { PAYMENT_PROGRESS_TEXT, type PaymentState, isPaymentInProgress } from '../../features/duel/payment-state';
import type { JoinState } from '../../features/duel/use-join';
import { SolanaPayPanel } from '../../features/solana-pay/solana-pay-panel';
import { useProgressLabel } from '../../features/solana-pay/session-views';
import styles from './popups.module.css';

export interface PaymentPopupsProps {
  readonly payment: PaymentState;
  readonly join: JoinState;
  /** The transfer on the explorer, once its signature is known. */
  readonly explorerUrl: string | null;
  onRetry(): void;
  onDismiss(): void;
}

export function PaymentPopups({ payment, join, explorerUrl, onRetry, onDismiss }: PaymentPopupsProps) {
  const inProgress = isPaymentInProgress(payment.phase);
  const joining = join.phase === 'joining';
  const failure = join.phase === 'failed' ? join.message : payment.phase === 'failed' ? payment.message : null;
  const label = useProgressLabel(payment.transfer?.reference ?? null, isPaymentInProgress(payment.phase) ? PAYMENT_PROGRESS_TEXT[payment.phase] : 'Joining the game…');
  return (
    <>
      <Modal open={inProgress || (joining && payment.phase === 'verified')} title="Transaction in Progress" size="small">
        <LoadingState label={label} />
        <p className="muted">A transaction typically takes 5–15 seconds. Keep this page open.</p>
        {payment.phase === 'signing' && payment.transfer && payment.betAmount && (
          <SolanaPayPanel transfer={payment.transfer} description={`Stake for a ${payment.betAmount} duel`} refusal={payment.message} />
        )}
      </Modal>
      <Modal open={joining && payment.phase !== 'verified'} title="Joining the game" size="small">
        <LoadingState label="Joining the game…" />
      </Modal>
      <Modal open={payment.phase === 'verification-failed'} title="Verification Failed" size="small" tone="danger" onClose={onDismiss}>
        <p role="alert">{ERROR_MESSAGES.VERIFICATION_MAY_HAVE_SUCCEEDED}</p>
        {payment.message && <p className="muted">{payment.message}</p>}
        {explorerUrl && (
          <p>
            <a href={explorerUrl} target="_blank" rel="noopener noreferrer">
              View the transaction on the explorer
            </a>
          </p>
        )}
        <div className="actions">
          <button type="button" className="btn btn-ghost" onClick={onDismiss}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={onRetry} data-autofocus>
            Retry
          </button>
        </div>
      </Modal>
      <AlertDialog open={failure !== null} title="Could not start the duel" message={<span className={styles.error}>{failure}</span>} tone="danger" onClose={onDismiss} />
    </>
  );
}
