// The local chain (packages/localnet) as a child process, for the web app's tests of its chain
// clients against a real JSON-RPC and PubSub WebSocket: the web app never imports the chain
// package, it only talks to it, as in the browser. Ports are picked by the kernel, the chain is in
// memory, and blockIntervalMs sets how fast block height advances (how soon a blockhash expires:
// after 150 blocks).
//
//   const chain = await startLocalChain({ blockIntervalMs: 20 });
//   … chain.rpcUrl, chain.wsUrl …
//   await chain.stop();
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const LOCALNET_MAIN_PATH = 'packages/localnet/src/main.ts';
const START_TIMEOUT_MS = 60_000;

/** The workspace root, found upwards from where vitest runs (happy-dom gives modules http: URLs, not file paths). */
function workspaceRoot(): string {
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    if (existsSync(join(dir, LOCALNET_MAIN_PATH))) return dir;
    if (dirname(dir) === dir) throw new Error(`${LOCALNET_MAIN_PATH} not found above ${process.cwd()}`);
  }
}
const STOP_TIMEOUT_MS = 10_000;

export interface LocalChain {
  readonly rpcUrl: string;
  readonly wsUrl: string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startLocalChain(options: { blockIntervalMs?: number } = {}): Promise<LocalChain> {
  const env = {
    ...process.env,
    LOCALNET_HOST: '127.0.0.1',
    LOCALNET_PORT: '0',
    LOCALNET_WS_PORT: '',
    LOCALNET_DATA_DIR: 'memory',
    LOCALNET_BLOCK_INTERVAL_MS: String(options.blockIntervalMs ?? 50),
    LOCALNET_CONFIRMATION_LAG_MS: '0',
  };
  const root = workspaceRoot();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, LOCALNET_MAIN_PATH)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // A failed or crashed test run must not leave a chain behind.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);

  let output = '';
  const urls = await new Promise<{ rpcUrl: string; wsUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the local chain did not start within ${START_TIMEOUT_MS} ms: ${output}`)), START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const rpcUrl = /JSON-RPC\s+(http:\/\/\S+)/.exec(output)?.[1];
      const wsUrl = /WebSocket\s+(ws:\/\/\S+)/.exec(output)?.[1];
      if (rpcUrl && wsUrl) done(() => resolve({ rpcUrl, wsUrl }));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => fail(new Error(`the local chain exited (${signal ?? code}): ${output}`));
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

  return {
    ...urls,
    async stop() {
      process.off('exit', orphanGuard);
      const gone = exited(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await gone;
      clearTimeout(timer);
    },
  };
}
