// Player data: GET /api/games?wallet= — a wallet's battle history, newest first; and
// for spectating (docs/spectating.md) the live duels and one game's record, whose round log is
// published once it is over (its watch page's replay).
import { gameParams, gameRecordAnswer, gamesAnswer, gamesQuery, liveGamesAnswer } from '@duel-dojo/protocol';
import { AppError } from '../errors';
import type { GameRecords } from '../modules/duels';
import type { RoutePlugin } from './route-plugin';
import { schemaSerializer } from './schema-serializer';

export const gameRoutes = (records: GameRecords): RoutePlugin => async (app) => {
  app.get(
    '/api/games',
    { schema: { tags: ['players'], summary: "A wallet's games, newest first", querystring: gamesQuery, response: { 200: gamesAnswer } }, serializerCompiler: schemaSerializer },
    async (request) => {
      const { wallet, limit, offset } = request.query;
      return { success: true as const, ...(await records.list(wallet, limit, offset)) };
    },
  );

  app.get(
    '/api/games/live',
    { schema: { tags: ['games'], summary: 'The duels running now on every node, newest first (at most 50), to watch', response: { 200: liveGamesAnswer } } },
    async () => ({ success: true as const, games: await records.live() }),
  );

  app.get(
    '/api/games/:sessionId',
    {
      schema: {
        tags: ['games'],
        summary: "One game's record (404 when unknown); its round log and server seed once it is over",
        params: gameParams,
        response: { 200: gameRecordAnswer },
      },
    },
    async (request) => {
      const game = await records.one(request.params.sessionId);
      if (!game) throw new AppError('NOT_FOUND');
      return { success: true as const, game };
    },
  );
};
