// Rate limits are opt-in per route (docs/security.md 10): the global limiter is off, and a route
// that needs one says so in its config, e.g.
//   app.post('/api/auth/signin', { config: { rateLimit: AUTH_RATE_LIMIT }, schema }, handler)
// A refusal is 429 {success: false, message} with Retry-After, like every other error.
import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../errors';
import { ERROR_MESSAGES } from '@duel-dojo/protocol';

export const TOO_MANY_REQUESTS = ERROR_MESSAGES.RATE_LIMITED;

/** At most `max` requests per client IP in each `timeWindow` (ms, or text such as '1 minute'). */
export function rateLimit(max: number, timeWindow: number | string = '1 minute'): RateLimitOptions {
  return { max, timeWindow };
}

/** Sign-in, sign-up and message generation: generous for a person, tight for a script. */
export const AUTH_RATE_LIMIT = rateLimit(20, '1 minute');

/** Several nodes: the counts live in Redis, so a client's limit is one across every node. */
export interface RateLimitStore {
  readonly redis: Redis;
  /** Prefix of the counters' keys. */
  readonly nameSpace: string;
}

export function registerRateLimit(app: FastifyInstance, store: RateLimitStore | null = null): void {
  app.register(fastifyRateLimit, {
    global: false,
    ...(store ? { redis: store.redis, nameSpace: store.nameSpace } : {}),
    // Thrown, so the shared error handler writes the body in the API's one error shape.
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
}
