// Payments that landed but were never verified (docs/security.md 8: never kept): the player
// pressed Cancel after a failed verification, or closed the tab before verifyPayment. Every pass
// of the ledger's recovery loop looks at the requests still `pending` some grace after they
// expired and asks the chain for the transactions that name their reference key:
//
// and judges each as the treasury intake does (treasury-intake.ts):
//   a transaction that meets the rules of verifyPayment (check-transfer.ts)
//       -> credited as refund_due (the stake_in / purchase_in row, the signature consumed: the
//          ledger's one credit path) and given back at once (refund:<paymentId>, exactly once)
//   a transaction that brought lamports in but breaks the rules (underpaid, split)
//       -> booked refused_in and given back to the wallet that sent it
//   none, and the chain's answer complete -> the request is closed `expired` (no money moved)
//   the chain unreachable, or a listed transaction not readable yet -> left pending for the next pass
//
// A verification of the same payment in this process waits for the same per-payment lock; across
// processes the ledger's credit (row lock, status still pending or expired, unique signature)
// and the conditional pending -> expired update decide: one credit, one outcome.
import type { Logger, ObservedTransfer } from '../ledger';
import type { PaymentsStore } from './ports';
import type { KeyedQueue } from '../../concurrency/keyed-queue';
import type { TreasuryIntake } from './treasury-intake';

export interface ExpirySweepDeps {
  readonly store: PaymentsStore;
  /** Judges and books each transaction naming the reference (past the grace: refunded or given back). */
  readonly intake: Pick<TreasuryIntake, 'judge'>;
  readonly fetchTransfer: (signature: string) => Promise<ObservedTransfer | null>;
  /** Signatures of the transactions naming `reference`, newest first, at most `limit`. */
  readonly findSignatures: (reference: string, limit: number) => Promise<string[]>;
  readonly now: () => Date;
  /** How long after its expiry a pending request is looked up (a late transfer may still land). */
  readonly graceMs: number;
  /** The lock verifyPayment takes for the same payment. */
  readonly perPayment: KeyedQueue;
  readonly log: Logger;
}

export interface ExpirySweepResult {
  /** Found paid on chain: credited refund_due (and refunded, or left to the ledger's sweep). */
  readonly refunded: number;
  /** Nothing paid: closed `expired`. */
  readonly expired: number;
  /** Undecided (chain unreachable, a transaction not readable yet): looked at again next pass. */
  readonly pending: number;
}

/** Requests looked at per pass; the rest wait for the next one. */
const SWEEP_BATCH = 50;
/**
 * Transactions read per reference. Only the payer and whoever read the chain since know the key;
 * if more name it, the newest are still checked but the request is not closed as unpaid (the
 * list may be incomplete): an operator looks at it.
 */
export const MAX_REFERENCE_SIGNATURES = 1_000;

/** What one request came to: refund_due (to give back now), expired, undecided, or settled elsewhere. */
type Settlement = 'refund' | 'expired' | 'undecided' | 'settled';

export function createExpirySweep(deps: ExpirySweepDeps) {
  const { store, log } = deps;

  async function settle(id: string): Promise<Settlement> {
    // Read again under the lock: a verification may have settled it since it was listed.
    const payment = await store.findPayment(id);
    if (!payment || payment.status !== 'pending' || payment.signature !== null) return 'settled';
    const signatures = await deps.findSignatures(payment.reference, MAX_REFERENCE_SIGNATURES);
    const complete = signatures.length < MAX_REFERENCE_SIGNATURES;
    if (!complete) log.error({ paymentId: id, reference: payment.reference }, 'too many transactions name this payment reference; it is left pending for an operator');
    let unreadable = false;
    // Oldest first: the transfer made for the request comes before anything copying its key.
    for (const signature of [...signatures].reverse()) {
      const landed: ObservedTransfer | null = await deps.fetchTransfer(signature);
      if (!landed) {
        unreadable = true;
        continue;
      }
      await deps.intake.judge(landed);
    }
    const after = await store.findPayment(id);
    if (after && after.signature !== null) return after.status === 'refund_due' || after.status === 'refunded' ? 'refund' : 'settled';
    // "Nothing paid" only on the chain's complete answer; a conditional update (a verification
    // in another process may have credited it meanwhile: then it is settled, not expired).
    if (unreadable || !complete) return 'undecided';
    return (await store.markExpired(payment.id)) ? 'expired' : 'settled';
  }

  async function sweepOnce(): Promise<ExpirySweepResult> {
    let refunded = 0;
    let expired = 0;
    let pending = 0;
    const expiredBefore = new Date(deps.now().getTime() - deps.graceMs);
    for (const listed of await store.listExpiredPending(expiredBefore, SWEEP_BATCH)) {
      try {
        const settlement = await deps.perPayment.run(listed.id, () => settle(listed.id));
        // A refund was started by the intake's judgement; one still in flight is finished by the ledger's sweep.
        if (settlement === 'refund') refunded += 1;
        else if (settlement === 'expired') expired += 1;
        else if (settlement === 'undecided') pending += 1;
      } catch (error) {
        pending += 1;
        log.warn({ paymentId: listed.id, err: String(error) }, 'an expired payment request could not be settled yet');
      }
    }
    return { refunded, expired, pending };
  }

  let sweeping: Promise<ExpirySweepResult> | null = null;
  return {
    /** One pass over the expired pending requests; overlapping calls share it. */
    sweep(): Promise<ExpirySweepResult> {
      sweeping ??= sweepOnce().finally(() => {
        sweeping = null;
      });
      return sweeping;
    },
  };
}

export type ExpirySweep = ReturnType<typeof createExpirySweep>;
