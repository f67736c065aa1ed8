// GET /api/ledger/summary (docs/security.md 27): the treasury's on-chain balance against the ledger.
// For the operator only (operator-token.ts): the totals per kind are the business's figures
// (stakes, payouts, fees, purchases), not public facts. Rate-limited because each answer asks
// the RPC node.
import { type LedgerSummaryAnswer, errorBody, ledgerSummaryAnswer } from '@duel-dojo/protocol';
import type { LedgerSummary } from '../modules/ledger';
import { requireOperator } from './operator-token';
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

/** `operatorToken`: config.operatorToken; null answers 403 to everyone. */
export const ledgerRoutes = (ledger: { summary(): Promise<LedgerSummary> }, operatorToken: string | null): RoutePlugin => async (app) => {
  app.get(
    '/api/ledger/summary',
    {
      config: { rateLimit: rateLimit(60, '1 minute') },
      onRequest: requireOperator(operatorToken),
      schema: {
        tags: ['system'],
        summary: "The treasury's balance against the ledger, in lamports (operator only)",
        description: 'Requires `Authorization: Bearer <OPERATOR_TOKEN>`. 401 without it or with a wrong one; 403 when the server has no OPERATOR_TOKEN configured.',
        security: [{ operator: [] }],
        response: { 200: ledgerSummaryAnswer, 401: errorBody, 403: errorBody },
      },
    },
    async () => ledgerSummaryView(await ledger.summary()),
  );
};
