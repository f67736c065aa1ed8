// Spec §7 "Player data": GET /api/games?wallet= — a wallet's battle history, newest first.
import { gamesAnswer, gamesQuery } from '@duel-dojo/protocol';
import type { GameRecords } from '../modules/duels';
import type { RoutePlugin } from './route-plugin';

export const gameRoutes = (records: GameRecords): RoutePlugin => async (app) => {
  app.get(
    '/api/games',
    { schema: { tags: ['players'], summary: "A wallet's games, newest first", querystring: gamesQuery, response: { 200: gamesAnswer } } },
    async (request) => {
      const { wallet, limit, offset } = request.query;
      return { success: true as const, ...(await records.list(wallet, limit, offset)) };
    },
  );
};
