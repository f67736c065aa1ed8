// The rules a landed transaction must meet to pay a payment request (DESIGN.md "Money rules";
// SECURITY.md 2-5), as one pure function of what the chain showed. Solana Pay's validateTransfer
// checks amount, recipient and failure; payer, reference and age are ours.
import type { ObservedTransfer } from '../ledger';
import type { PaymentRecord } from './ports';

export type TransferRefusal =
  /** meta.err set: it paid a fee and moved nothing (4). */
  | 'failed'
  /** The payment's reference key is not among its accounts (2): not made for this request. */
  | 'no-reference'
  /** No system transfer from the payer's own wallet to the treasury (2, 3: token, look-alike). */
  | 'not-from-payer'
  /** The payer's transfers to the treasury add up to less than expected (3). */
  | 'underpaid'
  /** The treasury's own balance did not grow by the amount (5: our payout, a balance trick). */
  | 'treasury-not-credited'
  /** Landed before the request was made (minus clock skew). */
  | 'too-old';

export type TransferVerdict = { readonly ok: true; readonly received: bigint } | { readonly ok: false; readonly reason: TransferRefusal; readonly received: bigint };

export interface TransferExpectation {
  readonly treasury: string;
  readonly payer: string;
  readonly reference: string;
  readonly expectedLamports: bigint;
  /** When the request was made, epoch ms. */
  readonly requestedAt: number;
  /** Tolerance between the chain's block clock and ours. */
  readonly clockSkewMs: number;
}

/** What a payment's own request expects of the transaction that pays it. */
export function expectationOf(payment: Pick<PaymentRecord, 'wallet' | 'reference' | 'expectedLamports' | 'createdAt'>, treasury: string, clockSkewMs: number): TransferExpectation {
  return { treasury, payer: payment.wallet, reference: payment.reference, expectedLamports: payment.expectedLamports, requestedAt: payment.createdAt.getTime(), clockSkewMs };
}

/**
 * Lamports that did reach the treasury in a refused transaction (underpaid, another payer…): they
 * are booked as a deposit (a `top_up` row) so the ledger keeps matching the chain. 0n when the
 * transaction failed or brought nothing in.
 */
export function strayLamports(transfer: ObservedTransfer, verdict: TransferVerdict): bigint {
  if (verdict.ok || (transfer.err !== null && transfer.err !== undefined)) return 0n;
  return verdict.received > 0n ? verdict.received : 0n;
}

/** Who signed and paid for the transaction: where lamports it brought by mistake belong. */
export function payerOf(transfer: ObservedTransfer): string | null {
  return transfer.accountKeys[0] ?? null;
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
    .filter((t) => t.source === expect.payer && t.destination === expect.treasury)
    .reduce((sum, t) => sum + t.lamports, 0n);
  if (paid === 0n) return refuse('not-from-payer');
  if (paid < expect.expectedLamports) return refuse('underpaid');
  if (received < expect.expectedLamports) return refuse('treasury-not-credited');
  // The fresh reference already proves the transaction was built after the request; the block
  // time is a second, independent check (a node that does not know it gives null).
  if (transfer.blockTime !== null && transfer.blockTime * 1000 < expect.requestedAt - expect.clockSkewMs) return refuse('too-old');
  return { ok: true, received };
}
