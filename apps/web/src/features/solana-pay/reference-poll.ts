// While the QR code is shown, the app asks the server every few seconds whether a transfer naming
// the request's reference has landed (the verification without a signature: the server searches
// the chain). The player scans, pays on the phone, and the app moves on by itself. The asking
// itself is the payment session's (payment-session.ts); here, what an answer means.
import type { PollAnswer } from './payment-session';

export interface FoundPayment {
  readonly paymentId: string;
  readonly signature: string;
}

/** A paymentVerified answer is this poll's when it names this payment and no other signature was asked for. */
export function answersPayment(paymentId: string): (answer: unknown) => boolean {
  return (answer) => (answer as { paymentId?: unknown } | null)?.paymentId === paymentId;
}

/** A verification's answer (paymentVerified, marketplacePurchaseResult) asked without a signature, as a poll's answer. */
export function pollAnswerOf(paymentId: string, answer: { success: boolean; signature?: string | undefined; retryable?: boolean | undefined; code?: string | undefined; message: string }): PollAnswer {
  if (answer.success && answer.signature) return { kind: 'found', payment: { paymentId, signature: answer.signature } };
  if (answer.retryable) return { kind: 'waiting' };
  // Underpaid, or a second transfer: given back by the server, and the request is still payable.
  if (answer.code === 'PAYMENT_INVALID') return { kind: 'refused', message: answer.message };
  return { kind: 'over', message: answer.message };
}
