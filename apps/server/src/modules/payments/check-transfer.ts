// The rules a landed transaction must meet to pay a payment request (docs/money.md;
// docs/security.md 2-5), as one pure function of what the chain showed and of the request's fixed
// terms. Solana Pay's validateTransfer checks amount, recipient and failure; the reference, reuse
// and age are ours. Any wallet may pay: the reference binds the transfer to the request, the
// request to the signed-in player, and a refund goes back to the wallet that paid (payerOf).
import { type Lamports, toLamports } from '@duel-dojo/rules';
import type { ObservedTransfer } from '../ledger';
import type { PaymentRecord } from './ports';

export type TransferRefusal =
  /** meta.err set: it paid a fee and moved nothing (4). */
  | 'failed'
  /** The payment's reference key is not among its accounts (2): not made for this request. */
  | 'no-reference'
  /** No system transfer to the treasury (3: a token, a look-alike recipient). */
  | 'no-transfer'
  /** The system transfers to the treasury add up to less than expected (3). */
  | 'underpaid'
  /** The treasury's own balance did not grow by the amount (5: our payout, a balance trick). */
  | 'treasury-not-credited'
  /** Landed before the request was made (minus clock skew). */
  | 'too-old';

export type TransferVerdict = { readonly ok: true; readonly received: Lamports } | { readonly ok: false; readonly reason: TransferRefusal; readonly received: bigint };

export interface TransferExpectation {
  readonly treasury: string;
  readonly reference: string;
  readonly expectedLamports: Lamports;
  /** When the request was made, epoch ms. */
  readonly requestedAt: number;
  /** Tolerance between the chain's block clock and ours. */
  readonly clockSkewMs: number;
}

/** What a payment's own request expects of the transaction that pays it. */
export function expectationOf(payment: Pick<PaymentRecord, 'reference' | 'expectedLamports' | 'createdAt'>, treasury: string, clockSkewMs: number): TransferExpectation {
  return { treasury, reference: payment.reference, expectedLamports: payment.expectedLamports, requestedAt: payment.createdAt.getTime(), clockSkewMs };
}

/**
 * The wallet whose lamports reached the treasury: the source of the largest system transfer to
 * it (the fee payer may be someone else, e.g. a sponsor), else the fee payer. A refund or a
 * give-back of this transaction goes there.
 */
export function payerOf(transfer: ObservedTransfer, treasury: string): string {
  let best: { source: string; lamports: bigint } | null = null;
  for (const t of transfer.systemTransfers) {
    if (t.destination === treasury && t.source !== treasury && (best === null || t.lamports > best.lamports)) best = t;
  }
  return best?.source ?? (transfer.accountKeys[0] as string);
}

/** The treasury's pre->post balance change in this transaction, in integer lamports. */
export function treasuryDelta(transfer: ObservedTransfer, treasury: string): bigint {
  const index = transfer.accountKeys.indexOf(treasury);
  if (index < 0) return 0n;
  return (transfer.postBalances[index] ?? 0n) - (transfer.preBalances[index] ?? 0n);
}

export function checkTransfer(transfer: ObservedTransfer, expect: TransferExpectation): TransferVerdict {
  const received = treasuryDelta(transfer, expect.treasury);
  const refuse = (reason: TransferRefusal): TransferVerdict => ({ ok: false, reason, received });
  if (transfer.err !== null && transfer.err !== undefined) return refuse('failed');
  if (!transfer.accountKeys.includes(expect.reference)) return refuse('no-reference');
  const paid = transfer.systemTransfers
    .filter((t) => t.destination === expect.treasury && t.source !== expect.treasury)
    .reduce((sum, t) => sum + t.lamports, 0n);
  if (paid === 0n) return refuse('no-transfer');
  if (paid < expect.expectedLamports) return refuse('underpaid');
  if (received < expect.expectedLamports) return refuse('treasury-not-credited');
  // The fresh reference already proves the transaction was built after the request; the block
  // time is a second, independent check (a node that does not know it gives null).
  if (transfer.blockTime !== null && transfer.blockTime * 1000 < expect.requestedAt - expect.clockSkewMs) return refuse('too-old');
  return { ok: true, received: toLamports(received) };
}
