// The composition root: the one place that reads the environment, opens the adapters and hands
// them to the modules and the server (DESIGN.md). `npm start` runs this file.
import { type Database, openDatabase } from './adapters/db/connect';
import { composeModules } from './compose';
import { type Config, ConfigError, loadConfig } from './config';
import { type AppServer, createServer } from './server';

/** How long a graceful stop may take before the process exits anyway. */
const STOP_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One line, no stack: the message names the variable and what it must be.
    console.error(error.message);
    process.exit(1);
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // compose.ts builds the modules on the adapters; tests run the same wiring.
  const modules = await composeModules(config, database);
  const server = createServer(config, { database, routes: modules.routes });
  stopOnSignals(server, database);

  const { url } = await server.start();
  server.app.log.info(
    { database: database.kind, cluster: config.cluster, rpcUrl: config.rpcUrl },
    `Duel Dojo listening on ${url} (public origin ${config.publicOrigin})`,
  );
}

function stopOnSignals(server: AppServer, database: Database): void {
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
