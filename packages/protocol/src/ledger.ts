import { z } from 'zod/mini';
import { count, lamportsString, signedLamportsString, walletAddress } from './primitives';

// GET /api/ledger/summary (docs/security.md 27): the treasury's on-chain balance against the ledger's
// books. Amounts are lamports as decimal strings; difference = onChain - ledger, 0 when they match.

/**
 * The kinds of ledger rows. In: top_up, stake_in, purchase_in, entry_in, refused_in (a refused
 * transfer naming one of our references, owed back), excess_in (an accepted payment's lamports
 * above its amount, owed back), donation (a transfer naming none of our references, kept). Out:
 * payout, prize, refund, give_back (of a refused_in or excess_in row), fee.
 */
export const LEDGER_KINDS = ['stake_in', 'payout', 'refund', 'purchase_in', 'fee', 'top_up', 'entry_in', 'prize', 'refused_in', 'excess_in', 'donation', 'give_back'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** Kinds of money in; every other kind is money out. */
export const LEDGER_IN_KINDS = ['top_up', 'stake_in', 'purchase_in', 'entry_in', 'refused_in', 'excess_in', 'donation'] as const satisfies readonly LedgerKind[];

export const ledgerSummaryAnswer = z.object({
  success: z.literal(true),
  treasury: walletAddress,
  onChainLamports: lamportsString,
  /** Money in minus money out, confirmed rows (see LEDGER_IN_KINDS). */
  ledgerLamports: signedLamportsString,
  differenceLamports: signedLamportsString,
  /** Confirmed totals per kind of ledger row. */
  byKind: z.object(Object.fromEntries(LEDGER_KINDS.map((kind) => [kind, lamportsString])) as Record<LedgerKind, typeof lamportsString>),
  /** Transfers out written but not settled yet: while any exist the difference may be off by them. */
  unsettled: count,
});
export type LedgerSummaryAnswer = z.infer<typeof ledgerSummaryAnswer>;
