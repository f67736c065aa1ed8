// `npm run localnet` (and packages/localnet's `npm start`): the chain as a process of its own.
// Options come from the environment; a bad value stops the start with one line naming it.
import { join } from 'node:path';
import { startLocalnet, type LocalnetOptions } from './localnet';

function integerFromEnv(name: string, fallback: number | undefined): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`[localnet] ${name} must be a non-negative integer, got "${text}"`);
    process.exit(1);
  }
  return value;
}

/**
 * LOCALNET_DATA_DIR, else $DATA_DIR/chain (what `npm start` passes), else data/chain under the
 * directory npm was run from (INIT_CWD: the repo root, even for `npm start -w`); "memory" keeps nothing.
 */
function dataDirFromEnv(): string | null {
  const explicit = process.env.LOCALNET_DATA_DIR;
  if (explicit === 'memory') return null;
  if (explicit) return explicit;
  return join(process.env.DATA_DIR || join(process.env.INIT_CWD || process.cwd(), 'data'), 'chain');
}

async function main(): Promise<void> {
  const options: LocalnetOptions = {
    host: process.env.LOCALNET_HOST || '127.0.0.1',
    port: integerFromEnv('LOCALNET_PORT', 8899),
    wsPort: integerFromEnv('LOCALNET_WS_PORT', undefined),
    dataDir: dataDirFromEnv(),
    confirmationLagMs: integerFromEnv('LOCALNET_CONFIRMATION_LAG_MS', 0),
    blockIntervalMs: integerFromEnv('LOCALNET_BLOCK_INTERVAL_MS', 400),
  };
  const localnet = await startLocalnet(options);
  console.log(`[localnet] JSON-RPC   ${localnet.rpcUrl}`);
  console.log(`[localnet] WebSocket  ${localnet.wsUrl}`);
  console.log(`[localnet] faucet     ${localnet.faucet} (requestAirdrop)`);
  console.log(`[localnet] genesis    ${localnet.genesisHash}`);
  console.log(`[localnet] data       ${localnet.dataDir ?? 'in memory (not saved)'}`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`[localnet] ${signal}: saving and stopping`);
      localnet.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('[localnet] stop failed:', error);
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error(`[localnet] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
