// While the QR code is shown, the app asks the server every few seconds whether a transfer naming
// the request's reference has landed (verifyPayment without a signature: the server searches the
// chain). The player scans, pays on the phone, and the app moves on by itself.
import type { Protocol } from '../../net/protocol';

export const REFERENCE_POLL_INTERVAL_MS = 2_500;

export interface ReferencePollDeps {
  readonly protocol: Pick<Protocol, 'paymentVerifiedEvent'>;
  /** verifyPayment {paymentId} -> the raw paymentVerified payload. */
  verify(payload: { paymentId: string }): Promise<unknown>;
  /** A transfer named the request but could not pay it (it is being given back); polling goes on. */
  onRefused?(message: string): void;
  readonly intervalMs?: number;
}

export interface FoundPayment {
  readonly paymentId: string;
  readonly signature: string;
}

/** A paymentVerified answer is this poll's when it names this payment and no other signature was asked for. */
export function answersPayment(paymentId: string): (answer: unknown) => boolean {
  return (answer) => (answer as { paymentId?: unknown } | null)?.paymentId === paymentId;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Resolves with the payment once the server credited a transfer found by its reference; null when
 * `signal` aborts (the connected wallet paid first, the player left) or the request can no longer
 * be paid (expired, not this player's).
 */
export async function pollByReference(paymentId: string, deps: ReferencePollDeps, signal: AbortSignal): Promise<FoundPayment | null> {
  const interval = deps.intervalMs ?? REFERENCE_POLL_INTERVAL_MS;
  while (!signal.aborted) {
    await pause(interval, signal);
    if (signal.aborted) break;
    let raw: unknown;
    try {
      raw = await deps.verify({ paymentId });
    } catch {
      // A timeout or a dropped socket: the next round asks again.
      continue;
    }
    const answer = deps.protocol.paymentVerifiedEvent.safeParse(raw);
    if (!answer.success || signal.aborted) continue;
    const { success, signature, retryable, code, message } = answer.data;
    if (success && signature) return { paymentId, signature };
    if (retryable) continue;
    // Underpaid, or a second transfer: given back by the server, and the request is still payable.
    if (code === 'PAYMENT_INVALID') {
      deps.onRefused?.(message);
      continue;
    }
    return null;
  }
  return null;
}
