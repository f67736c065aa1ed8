// createServer: the whole HTTP + Socket.IO server, built from a configuration and the parts
// main.ts (or a test) hands in. Tests start exactly this, on port 0, against real databases.
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Server as IoServer } from 'socket.io';
import type { Database } from './adapters/db/connect';
import { type AppLogger, createLogger } from './logger';
import type { Config } from './config';
import { configRoutes } from './http/config-routes';
import { registerErrorHandler } from './http/error-handler';
import { healthRoutes } from './http/health-routes';
import { registerOpenApi } from './http/openapi';
import { type RateLimitStore, registerRateLimit } from './http/rate-limit';
import type { RoutePlugin } from './http/route-plugin';
import { registerSecurityHeaders } from './http/security-headers';
import type { PageFacts } from './http/page-facts';
import { registerWebApp } from './http/web-app';
import { createIoServer } from './socket/io-server';

/** Requests larger than this are refused with 413 before they are parsed. */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const VERSION = '0.1.0';

export interface ServerDeps {
  /** The open database; /api/health checks it answers. The server never closes it. */
  readonly database?: Database;
  /** The modules' route groups, registered in order after the built-in ones (see http/route-plugin.ts). */
  readonly routes?: readonly RoutePlugin[];
  /** The treasury's address for /api/config; null until the chain adapter provides one. */
  readonly treasuryAddress?: string | null;
  /** The web app's build; default apps/web/dist. Not served when it holds no index.html. */
  readonly webDist?: string;
  /** Profiles and games for the cards of shared pages (http/page-facts.ts); absent: the default card. */
  readonly pageFacts?: PageFacts;
  /** Several nodes: the rate limits' counters in Redis, shared by every node. */
  readonly rateLimitStore?: RateLimitStore | null;
  /** The process's logger (logger.ts), shared with the modules; default one at LOG_LEVEL. */
  readonly logger?: AppLogger;
}

export interface AppServer {
  readonly app: FastifyInstance;
  readonly io: IoServer;
  /** Listens on config.port (0: any free port) and resolves with where it listens. */
  start(): Promise<{ port: number; url: string }>;
  /** Disconnects sockets, finishes in-flight requests and closes the listener. */
  stop(): Promise<void>;
}

export function createServer(config: Config, deps: ServerDeps = {}): AppServer {
  // Typed as Fastify's logger, so routes see the same instance type as without a custom one.
  const logger: FastifyBaseLogger = deps.logger ?? createLogger(config.logLevel);
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // `/api/health/` is `/api/health`: a trailing slash is a typo, not another resource.
    routerOptions: { ignoreTrailingSlash: true },
    // One proxy (deploy/nginx.conf) in front: trust only the peer itself, so the client is the
    // address that proxy saw (the last X-Forwarded-For hop), never one a client wrote.
    trustProxy: (_address: string, hop: number) => config.trustProxy && hop === 0,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const io = createIoServer(app.server, config.publicOrigins);
  // Sockets first, so a closing server is not kept open by long-lived connections.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });

  // Plugins load in registration order when the server starts (or on the first inject):
  // OpenAPI first, so it sees every route added after it.
  registerOpenApi(app, { publicOrigins: config.publicOrigins, version: VERSION });
  registerSecurityHeaders(app, config);
  registerRateLimit(app, deps.rateLimitStore ?? null);

  const database = deps.database;
  const builtIn: RoutePlugin[] = [
    healthRoutes(database ? async () => void (await database.db.execute(sql`select 1`)) : undefined),
    configRoutes(config, deps.treasuryAddress ?? null),
  ];
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const plugin of [...builtIn, ...(deps.routes ?? [])]) api.register(plugin);
  registerWebApp(app, deps.webDist ?? DEFAULT_WEB_DIST, { publicOrigin: config.publicOrigins[0], ...(deps.pageFacts ? { pageFacts: deps.pageFacts } : {}) });

  return {
    app,
    io,
    async start() {
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
      return { port, url: `http://${host.includes(':') ? `[${host}]` : host}:${port}` };
    },
    async stop() {
      await app.close();
    },
  };
}
