// Solana Pay's findReference on the server: a request paid from a phone wallet (the QR code beside
// the connected wallet) gives the app no signature to offer, so the app asks again with the
// payment alone and the chain is searched for the transactions that name its reference key. Each
// is then verified exactly as an offered signature would be (verification.ts): the first that
// pays the request is credited; one that names it but cannot pay it is booked and given back by
// the same path; none yet is "not found", retryable, and the app asks again in a moment.
import type { PaymentKind, PaymentsStore } from './ports';
import type { EntryGrant, VerifyOutcome } from './verification';

export interface ReferenceLookupDeps {
  readonly store: Pick<PaymentsStore, 'findPayment'>;
  /** Signatures of the transactions naming `reference`, newest first, at most `limit`. */
  readonly findSignatures: (reference: string, limit: number) => Promise<string[]>;
  readonly verify: (kind: PaymentKind, request: { wallet: string; paymentId: string; signature: string; entry?: EntryGrant }) => Promise<VerifyOutcome>;
}

/** What a lookup came to, with the transaction it settled on (absent when none was found). */
export interface ReferenceOutcome {
  readonly outcome: VerifyOutcome;
  readonly signature?: string;
}

/**
 * Transactions read per lookup. A reference is known only to the payer's wallet and the app; a
 * request named by more than this is left to the expiry sweep, which reads further.
 */
export const MAX_LOOKUP_SIGNATURES = 20;

const NOT_FOUND: VerifyOutcome = { kind: 'refused', code: 'PAYMENT_NOT_FOUND', retryable: true };

export function createReferenceLookup(deps: ReferenceLookupDeps) {
  return async function verifyByReference(kind: PaymentKind, request: { wallet: string; paymentId: string; entry?: EntryGrant }): Promise<ReferenceOutcome> {
    // The reference is only looked up for the signed-in player's own request: a stranger learns
    // nothing, and the chain is not asked on their behalf.
    const payment = await deps.store.findPayment(request.paymentId);
    if (!payment || payment.wallet !== request.wallet || payment.kind !== kind) return { outcome: { kind: 'refused', code: 'NOT_FOUND', retryable: false } };
    const verifyOne = async (signature: string) => ({ outcome: await deps.verify(kind, { ...request, signature }), signature });
    // Already settled (an earlier poll, the intake): the same answer as offering its signature.
    if (payment.signature !== null) return verifyOne(payment.signature);
    if (payment.status !== 'pending') return { outcome: { kind: 'refused', code: 'PAYMENT_EXPIRED', retryable: false } };

    let signatures: string[];
    try {
      signatures = await deps.findSignatures(payment.reference, MAX_LOOKUP_SIGNATURES);
    } catch {
      // The chain unreachable: nothing is decided, and the app's next poll asks again.
      return { outcome: NOT_FOUND };
    }
    let last: { outcome: Extract<VerifyOutcome, { kind: 'refused' }>; signature: string } | null = null;
    // Oldest first: the first transfer that pays the request is the one credited; a later one is
    // the second payment, given back.
    for (const signature of [...signatures].reverse()) {
      const found = await verifyOne(signature);
      if (found.outcome.kind !== 'refused') return found;
      last = { outcome: found.outcome, signature };
    }
    // Something named the reference but paid nothing (given back, said so): that answer; else wait.
    return last && !last.outcome.retryable ? last : { outcome: NOT_FOUND };
  };
}

export type ReferenceLookup = ReturnType<typeof createReferenceLookup>;
