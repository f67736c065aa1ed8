// GET /api/user/{wallet}/money: the signed-in wallet's money page — every movement of SOL the
// product made for it, newest first, with totals (modules/ledger/wallet-money.ts). Named like the
// other per-wallet calls (/api/user/{wallet}, …/characters); unlike them it is private:
// only the wallet's own bearer token reads it.
import { errorBody, userParams, walletMoneyAnswer, walletMoneyQuery } from '@duel-dojo/protocol';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { WalletMoney } from '../modules/ledger';
import { requireBearer } from './bearer';
import { rateLimit } from './rate-limit';
import type { RoutePlugin } from './route-plugin';

/** What the route needs from accounts: accounts.sessions. */
export interface MoneyAuthenticator {
  authenticate(token: string): Promise<{ user: { walletAddress: string } }>;
}

/** Pages per minute per address: a person paging back through months, not a scraper. */
export const MONEY_RATE_LIMIT_PER_MINUTE = 120;

export const moneyRoutes = (money: WalletMoney, sessions: MoneyAuthenticator): RoutePlugin => async (app) => {
  /** Before the query is even parsed: a stranger learns nothing, not even what a cursor looks like. */
  async function ownerOnly(request: FastifyRequest): Promise<void> {
    const { user } = await sessions.authenticate(requireBearer(request));
    const { wallet } = request.params as { wallet?: string };
    if (user.walletAddress !== wallet) throw new AppError('WALLET_MISMATCH');
  }

  app.get(
    '/api/user/:wallet/money',
    {
      config: { rateLimit: rateLimit(MONEY_RATE_LIMIT_PER_MINUTE, '1 minute') },
      onRequest: ownerOnly,
      schema: {
        tags: ['players'],
        summary: "The signed-in wallet's money: every stake, payout, refund, purchase, entry, prize and give-back",
        description:
          'Newest first, `limit` per page (1-100, default 20); pass the answer\'s `nextCursor` as `cursor` for the next page. ' +
          'Amounts are lamports as decimal strings; `direction` is the wallet\'s (out: it paid the treasury; in: the treasury paid it). ' +
          '`totals` sum every confirmed movement, not just the page. Requires the wallet\'s own bearer token: 401 without a valid one, ' +
          '403 (WALLET_MISMATCH) for another wallet; a malformed cursor is 400.',
        security: [{ bearer: [] }],
        params: userParams,
        querystring: walletMoneyQuery,
        response: { 200: walletMoneyAnswer, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => money.statement(request.params.wallet, request.query),
  );
};
