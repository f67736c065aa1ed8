// GET /api/leaderboard?type=profit&limit=20, plus timeframe=all|24h.
import { leaderboardAnswer, leaderboardQuery } from '@duel-dojo/protocol';
import type { Leaderboard } from '../modules/leaderboard';
import type { RoutePlugin } from './route-plugin';
import { schemaSerializer } from './schema-serializer';

export const leaderboardRoutes = (leaderboard: Leaderboard): RoutePlugin => async (app) => {
  app.get(
    '/api/leaderboard',
    { schema: { tags: ['leaderboard'], summary: 'Top players by profit', querystring: leaderboardQuery, response: { 200: leaderboardAnswer } }, serializerCompiler: schemaSerializer },
    async (request) => leaderboard.get(request.query.limit, request.query.timeframe),
  );
};
