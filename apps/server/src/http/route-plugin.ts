// The one shape every group of routes takes: a Fastify plugin typed by the zod type provider,
// so `schema: { body: someProtocolSchema }` types `request.body`. Modules' routes are built by
// compose.ts and handed to createServer, which registers them in order.
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The Fastify instance a route plugin receives. */
export type ApiApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/**
 * A group of routes, e.g.
 * `export const authRoutes = (accounts: Accounts): RoutePlugin => async (app) => { app.post(…) }`.
 * Paths are written in full (`/api/auth/signin`), as the protocol's clients call them.
 */
export type RoutePlugin = FastifyPluginAsyncZod;
