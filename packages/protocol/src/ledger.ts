import { z } from 'zod';
import { count, lamportsString, signedLamportsString, walletAddress } from './primitives';

// GET /api/ledger/summary (SECURITY.md 27): the treasury's on-chain balance against the ledger's
// books. Amounts are lamports as decimal strings; difference = onChain - ledger, 0 when they match.

export const LEDGER_KINDS = ['stake_in', 'payout', 'refund', 'purchase_in', 'fee', 'top_up', 'entry_in', 'prize'] as const;

export const ledgerSummaryAnswer = z.object({
  success: z.literal(true),
  treasury: walletAddress,
  onChainLamports: lamportsString,
  /** top_ups + stakes_in + purchases_in + entries_in - payouts - prizes - refunds - fees (confirmed rows). */
  ledgerLamports: signedLamportsString,
  differenceLamports: signedLamportsString,
  /** Confirmed totals per kind of ledger row. */
  byKind: z.object(Object.fromEntries(LEDGER_KINDS.map((kind) => [kind, lamportsString])) as Record<(typeof LEDGER_KINDS)[number], typeof lamportsString>),
  /** Transfers out written but not settled yet: while any exist the difference may be off by them. */
  unsettled: count,
});
export type LedgerSummaryAnswer = z.infer<typeof ledgerSummaryAnswer>;
