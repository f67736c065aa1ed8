// GET /api/ledger/summary (SECURITY.md 27): the treasury's on-chain balance against the ledger.
// Public facts only (the treasury's balance is on chain for anyone to read); rate-limited
// because each answer asks the RPC node.
import { type LedgerSummaryAnswer, ledgerSummaryAnswer } from '@duel-dojo/protocol';
import type { LedgerSummary } from '../modules/ledger';
import { rateLimit } from './rate-limit';
import type { RoutePlugin } from './route-plugin';

export function ledgerSummaryView(summary: LedgerSummary): LedgerSummaryAnswer {
  return {
    success: true,
    treasury: summary.treasury,
    onChainLamports: summary.onChainLamports.toString(),
    ledgerLamports: summary.ledgerLamports.toString(),
    differenceLamports: summary.differenceLamports.toString(),
    byKind: Object.fromEntries(Object.entries(summary.byKind).map(([kind, total]) => [kind, total.toString()])) as LedgerSummaryAnswer['byKind'],
    unsettled: summary.unsettled,
  };
}

export const ledgerRoutes = (ledger: { summary(): Promise<LedgerSummary> }): RoutePlugin => async (app) => {
  app.get(
    '/api/ledger/summary',
    {
      config: { rateLimit: rateLimit(60, '1 minute') },
      schema: { tags: ['system'], summary: "The treasury's balance against the ledger, in lamports", response: { 200: ledgerSummaryAnswer } },
    },
    async () => ledgerSummaryView(await ledger.summary()),
  );
};
