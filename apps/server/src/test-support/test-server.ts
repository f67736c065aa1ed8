// Starts the real server (createServer) on a free port for HTTP and Socket.IO tests.
//
//   const server = await startTestServer(database, { routes: [myRoutes(…)] });
//   await fetch(`${server.url}/api/health`);
//   await server.stop();
import type { Database } from '../adapters/db/connect';
import { type Config, testConfig } from '../config';
import type { PageFacts } from '../http/page-facts';
import type { RateLimitStore } from '../http/rate-limit';
import type { RoutePlugin } from '../http/route-plugin';
import { type AppServer, createServer } from '../server';

export interface TestServerOptions {
  /** Configuration overrides on top of testConfig() (port 0, silent logs). */
  readonly config?: Partial<Config>;
  readonly routes?: readonly RoutePlugin[];
  readonly treasuryAddress?: string | null;
  /** Default: a directory that does not exist, so no web build is served. */
  readonly webDist?: string;
  readonly rateLimitStore?: RateLimitStore | null;
  /** The shared pages' cards (http/page-facts.ts pageFactsOf(modules)). */
  readonly pageFacts?: PageFacts;
}

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly port: number;
  readonly server: AppServer;
  readonly config: Config;
  /** Stops the server; the database stays open (its owner closes it). */
  stop(): Promise<void>;
}

const NO_WEB_BUILD = '/nonexistent/duel-dojo-web-dist';

export async function startTestServer(database: Database | undefined, options: TestServerOptions = {}): Promise<TestServer> {
  // publicOrigin stays testConfig's fixed http://localhost:3000 (the port is only known after
  // listening): sign-in messages and CORS see one stable origin in every test.
  const config = testConfig(options.config);
  const server = createServer(config, {
    database,
    routes: options.routes,
    treasuryAddress: options.treasuryAddress,
    webDist: options.webDist ?? NO_WEB_BUILD,
    rateLimitStore: options.rateLimitStore ?? null,
    ...(options.pageFacts ? { pageFacts: options.pageFacts } : {}),
  });
  const { url, port } = await server.start();
  return { url, port, server, config, stop: () => server.stop() };
}
