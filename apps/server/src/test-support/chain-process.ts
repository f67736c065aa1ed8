// The local chain as a child process (packages/localnet's main.ts, as `npm run localnet` runs
// it), for tests of a chain that stops answering: pause() SIGSTOPs it, so its ports still accept
// connections and requests but nothing is ever answered — what a hung RPC node looks like, and
// what a server must survive (docs/security.md 7, 16). resume() SIGCONTs it; it carries on where it
// stopped. The client side (players, transfers, balances) is chain-client.ts, as for the
// in-process chain.
//
//   const chain = await startChainProcess();
//   const alice = await chain.player();
//   chain.pause(); … chain.resume();
//   await chain.stop();
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChainClient, createChainClient } from './chain-client';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const LOCALNET_MAIN = join(ROOT, 'packages/localnet/src/main.ts');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ChainProcessOptions {
  /** An empty block this often; default 50 ms (fast tests). */
  readonly blockIntervalMs?: number;
}

export interface ChainProcess extends ChainClient {
  readonly pid: number;
  readonly paused: boolean;
  /** SIGSTOP: connections are still accepted, nothing is answered. */
  pause(): void;
  /** SIGCONT: requests that waited are answered, blocks go on. */
  resume(): void;
  /** Resumes it if paused, then SIGTERM (SIGKILL if it does not exit), and waits for the exit. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the chain on ports the kernel picks (LOCALNET_PORT=0: no race with other tests for a
 * "free" port) and reads the URLs it prints, in memory only.
 */
export async function startChainProcess(options: ChainProcessOptions = {}): Promise<ChainProcess> {
  const env = {
    ...process.env,
    LOCALNET_HOST: '127.0.0.1',
    LOCALNET_PORT: '0',
    LOCALNET_WS_PORT: '',
    LOCALNET_DATA_DIR: 'memory',
    LOCALNET_BLOCK_INTERVAL_MS: String(options.blockIntervalMs ?? 50),
    LOCALNET_CONFIRMATION_LAG_MS: '0',
  };
  // tsx as a loader, not its CLI: the pid is the chain's own, so SIGSTOP stops the chain itself.
  const child = spawn(process.execPath, ['--import', 'tsx', LOCALNET_MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // The test process ending (a failed test, a crash) must not leave a chain running.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);

  let output = '';
  const urls = await new Promise<{ rpcUrl: string; wsUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the chain process did not start within ${START_TIMEOUT_MS} ms: ${output}`)), START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const rpcUrl = /JSON-RPC\s+(http:\/\/\S+)/.exec(output)?.[1];
      const wsUrl = /WebSocket\s+(ws:\/\/\S+)/.exec(output)?.[1];
      if (rpcUrl && wsUrl) done(() => resolve({ rpcUrl, wsUrl }));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => fail(new Error(`the chain process exited (${signal ?? code}): ${output}`));
    function done(settle: () => void) {
      clearTimeout(timer);
      child.off('exit', onExit);
      settle();
    }
    function fail(error: Error) {
      done(() => reject(error));
      child.kill('SIGKILL');
    }
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', onExit);
  }).catch((error: unknown) => {
    process.off('exit', orphanGuard);
    throw error;
  });

  let paused = false;
  const resume = () => {
    child.kill('SIGCONT');
    paused = false;
  };
  const client = await createChainClient(urls);
  return {
    ...client,
    pid: child.pid as number,
    get paused() {
      return paused;
    },
    pause() {
      child.kill('SIGSTOP');
      paused = true;
    },
    resume,
    async stop() {
      process.off('exit', orphanGuard);
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (paused) resume();
      const gone = exited(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await gone;
      clearTimeout(timer);
    },
  };
}
