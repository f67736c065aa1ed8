// GET /api/health: for load balancers and `npm start`'s wait; also proves the database answers.
import { z } from 'zod/mini';
import type { RoutePlugin } from './route-plugin';

const healthAnswer = z.object({ ok: z.boolean() });

/** `ping` checks a dependency (the database); a failure answers 503 {ok: false}. */
export const healthRoutes = (ping?: () => Promise<void>): RoutePlugin => async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: healthAnswer, 503: healthAnswer } } },
    async (request, reply) => {
      try {
        await ping?.();
        return { ok: true };
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        return reply.status(503).send({ ok: false });
      }
    },
  );
};
