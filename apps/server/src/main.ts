// The process's entry: reads the environment, opens the database, the chain and the logger, has
// compose.ts build the modules on their adapters and server.ts serve them, and stops on signals
// (docs/architecture.md). `npm start` runs this file.
import { openChain } from './adapters/chain/open-chain';
import { type Database, openDatabase } from './adapters/db/connect';
import { RedisUnreachable, pingRedis } from './adapters/realtime/redis-realtime';
import { type Modules, composeModules } from './compose';
import { type Config, ConfigError, loadConfig } from './config';
import { gameTimingsFromEnv } from './game-timings-env';
import { createLogger } from './logger';
import { pageFactsOf } from './http/page-facts';
import type { CrashPoint } from './modules/ledger';
import { type AppServer, createServer } from './server';

/** How long a graceful stop may take before the process exits anyway. */
const STOP_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  let gameTimings: ReturnType<typeof gameTimingsFromEnv>;
  try {
    config = loadConfig(process.env);
    gameTimings = gameTimingsFromEnv(process.env.GAME_TIMINGS_MS);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One line, no stack: the message names the variable and what it must be.
    console.error(error.message);
    process.exit(1);
  }

  // Several nodes: a node that cannot reach the shared Redis must not run alone (one line, out).
  if (config.redisUrl) {
    await pingRedis(config.redisUrl).catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
  }

  // The chain before anything else: a wrong cluster (docs/security.md 10), an unreadable treasury key
  // or an unreachable RPC stops the start with one line.
  const chain = await openChain(config).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
  // One logger for the process: the modules' lines and Fastify's requests alike (logger.ts).
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, onPoolError: (error) => logger.child({ module: 'database' }).error({ err: error }, 'database pool error') });
  // compose.ts builds the modules on the adapters; tests run the same wiring.
  const modules = await composeModules(config, database, { chain, logger, money: { crashAt: crashHook(process.env.DUEL_DOJO_CRASH_AT) }, ...(gameTimings ? { gameTimings } : {}) }).catch(
    (error: unknown) => {
      // A node that cannot reach the shared Redis must not run alone: one line, and out.
      if (!(error instanceof RedisUnreachable)) throw error;
      console.error(error.message);
      process.exit(1);
    },
  );
  const server = createServer(config, { database, routes: modules.routes, treasuryAddress: chain.treasury, rateLimitStore: modules.rateLimitStore, pageFacts: pageFactsOf(modules), logger });
  await modules.sockets(server.io);
  stopOnSignals(server, modules, database);

  const { url } = await server.start();
  server.app.log.info(
    { database: database.kind, cluster: config.cluster, rpcUrl: config.rpcUrl },
    `Duel Dojo listening on ${url} (public origins ${config.publicOrigins.join(', ')})`,
  );
}

/**
 * Kill tests only (docs/security.md 15): DUEL_DOJO_CRASH_AT=after-ledger-write|after-send makes the
 * process SIGKILL itself at that point of a payout, as a crash would.
 */
function crashHook(point: string | undefined): ((at: CrashPoint) => void) | undefined {
  if (point !== 'after-ledger-write' && point !== 'after-send') return undefined;
  return (at) => {
    if (at === point) process.kill(process.pid, 'SIGKILL');
  };
}

function stopOnSignals(server: AppServer, modules: Modules, database: Database): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // Ctrl-C reaches every process of the group, and `npm start` forwards it too: a repeated
    // signal is the same request, and the timeout below bounds the wait.
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: stopping`);
    setTimeout(() => {
      server.app.log.error('stop timed out; exiting');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    server
      .stop()
      .then(() => modules.stop())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ err: error }, 'stop failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
