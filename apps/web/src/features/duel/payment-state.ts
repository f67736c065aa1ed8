// A paid stake as UI states: the "Transaction in
// Progress" popup while the stake is prepared, signed, sent and verified; the verification-failed
// popup (Retry, Cancel, explorer link); the failure alert; verified, then the join.
import type { StakeLabel } from '@duel-dojo/rules';

export type PaymentPhase = 'idle' | 'requesting' | 'signing' | 'confirming' | 'verifying' | 'verification-failed' | 'failed' | 'verified';

export interface PaymentState {
  readonly phase: PaymentPhase;
  readonly betAmount: StakeLabel | null;
  readonly paymentId: string | null;
  /** Known once the wallet has sent the transfer: Retry verifies it again. */
  readonly signature: string | null;
  /** The failure alert's text, or the verification-failed popup's detail. */
  readonly message: string | null;
  /** Why verification failed without an answer: it timed out, or the chain has not shown the transfer yet. */
  readonly reason: 'timeout' | 'not-found' | null;
  /** While the wallet is asked: the transfer, also offered as a Solana Pay QR code for a phone wallet. */
  readonly transfer?: { readonly recipientWallet: string; readonly lamports: bigint; readonly reference: string };
}

export const IDLE_PAYMENT: PaymentState = { phase: 'idle', betAmount: null, paymentId: null, signature: null, message: null, reason: null };

export type ProgressPhase = 'requesting' | 'signing' | 'confirming' | 'verifying';

export function isPaymentInProgress(phase: PaymentPhase): phase is ProgressPhase {
  return phase === 'requesting' || phase === 'signing' || phase === 'confirming' || phase === 'verifying';
}

export const PAYMENT_PROGRESS_TEXT: Readonly<Record<ProgressPhase, string>> = {
  requesting: 'Preparing your stake…',
  signing: 'Approve the transfer in your wallet…',
  confirming: 'Sending your stake to the chain…',
  verifying: 'Verifying your payment…',
};
