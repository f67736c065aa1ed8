// The tournament routes. Every call may carry the bearer token (isRegistered, myMatch); create
// and join require it. Thin: the protocol parses, the tournaments module decides.
import {
  createTournamentBody,
  joinTournamentBody,
  tournamentAnswer,
  tournamentChangeAnswer,
  tournamentEntryAnswer,
  tournamentListAnswer,
  tournamentListQuery,
  tournamentParams,
} from '@duel-dojo/protocol';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { AppError, isRefusal } from '../errors';
import { type Caller, CREATED_MESSAGE, JOINED_MESSAGE, type Tournaments } from '../modules/tournaments';
import { bearerToken } from './bearer';
import { rateLimit } from './rate-limit';
import type { RoutePlugin } from './route-plugin';

/** What the routes need from accounts: accounts.sessions. */
export interface TournamentAuthenticator {
  authenticate(token: string): Promise<{ user: { id: string; walletAddress: string } }>;
}

const tags = ['tournaments'];
/** Creations per minute per address; the rest is read-mostly. */
export const CREATE_RATE_LIMIT_PER_MINUTE = 30;

export const tournamentRoutes =
  (tournaments: Tournaments, sessions: TournamentAuthenticator, createsPerMinute = CREATE_RATE_LIMIT_PER_MINUTE): RoutePlugin =>
  async (app) => {
    // The join body is optional: a PUT with the JSON content type and no body is `{}` here.
    const json = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') done(null, {});
      else json(request, text, done);
    });

    async function callerOf(token: string): Promise<Caller> {
      const { user } = await sessions.authenticate(token);
      return { userId: user.id, walletAddress: user.walletAddress };
    }

    /** The caller when a valid token is sent; anonymous otherwise (reads never fail on a token). */
    async function viewer(request: FastifyRequest): Promise<string | null> {
      const token = bearerToken(request);
      if (!token) return null;
      return (await callerOf(token).catch(() => null))?.userId ?? null;
    }

    app.get(
      '/api/tournaments',
      { schema: { tags, summary: 'Tournaments, filtered and sorted', querystring: tournamentListQuery, response: { 200: tournamentListAnswer } } },
      async (request) => ({ success: true as const, ...(await tournaments.list(request.query, await viewer(request))) }),
    );

    app.get(
      '/api/tournaments/:id',
      { schema: { tags, summary: 'A tournament with its live bracket (404 when unknown)', params: tournamentParams, response: { 200: tournamentAnswer } } },
      async (request) => ({ success: true as const, tournament: await tournaments.detail(request.params.id, await viewer(request)) }),
    );

    app.post(
      '/api/tournaments',
      {
        config: { rateLimit: rateLimit(createsPerMinute) },
        schema: { tags, summary: 'Create a tournament (signed in)', body: createTournamentBody, response: { 201: tournamentChangeAnswer } },
      },
      async (request, reply) => {
        const token = bearerToken(request);
        if (!token) throw new AppError('TOURNAMENT_CONNECT_TO_CREATE');
        const tournament = await tournaments.create(await callerOf(token), request.body);
        return reply.status(201).send({ success: true as const, message: CREATED_MESSAGE, tournament });
      },
    );

    app.put(
      '/api/tournaments/:id/join',
      { schema: { tags, summary: 'Register for a tournament (signed in)', params: tournamentParams, body: z.nullish(joinTournamentBody), response: { 200: tournamentChangeAnswer } } },
      async (request) => {
        const token = bearerToken(request);
        if (!token) throw new AppError('TOURNAMENT_LOGIN_REQUIRED');
        // A token that names no valid session is the product's "User not found" (the client then
        // asks the player to reconnect the wallet).
        const caller = await callerOf(token).catch((error: unknown) => {
          if (isRefusal(error, 'INVALID_TOKEN')) throw new AppError('USER_NOT_FOUND', { because: 'INVALID_TOKEN' });
          throw error;
        });
        // A paid join names the transaction that bought the seat: the one offered, or the one found
        // by the payment's reference when a phone wallet paid and the app had no signature.
        const { tournament, payment } = await tournaments.join(caller, request.params.id, request.body ?? {});
        return { success: true as const, message: JOINED_MESSAGE, tournament, ...payment };
      },
    );

    app.post(
      '/api/tournaments/:id/entry',
      {
        config: { rateLimit: rateLimit(createsPerMinute) },
        schema: { tags, summary: "How to pay a paid tournament's entry fee (signed in)", params: tournamentParams, response: { 200: tournamentEntryAnswer } },
      },
      async (request) => {
        const token = bearerToken(request);
        if (!token) throw new AppError('TOURNAMENT_LOGIN_REQUIRED');
        return tournaments.requestEntry(await callerOf(token), request.params.id);
      },
    );
  };
