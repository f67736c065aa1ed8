// The real server as a child process (main.ts through tsx's loader, so a SIGKILL is the server's
// own death, as in the kill tests), on a fixed port and a PGlite DATA_DIR that outlive it: the
// chaos run (docs/security.md 28) kills it and starts it again on the same data, and the players
// reconnect to the same URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const MAIN = join(REPO_ROOT, 'apps/server/src/main.ts');

export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** What the server and `npm run ledger:check` both read: the same data, chain and treasury. */
export interface ServerEnvironment {
  readonly dataDir: string;
  readonly rpcUrl: string;
  readonly wsUrl: string;
  readonly treasuryKeypair: string;
  readonly jwtSecret: string;
}

export function serverEnv(environment: ServerEnvironment): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: environment.dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SOLANA_CLUSTER: 'localnet',
    SOLANA_RPC_URL: environment.rpcUrl,
    SOLANA_WS_URL: environment.wsUrl,
    TREASURY_KEYPAIR: environment.treasuryKeypair,
    JWT_SECRET: environment.jwtSecret,
  };
}

export interface ServerProcessOptions extends ServerEnvironment {
  readonly port: number;
  /** GAME_TIMINGS_MS (intro,round,results): short games, so kills land among many of them. */
  readonly gameTimingsMs?: string;
  /** How long one start may take before it counts as failed; a busy 2-core machine is slow. */
  readonly startTimeoutMs?: number;
  /** Variables set over all of the above (a cluster node's DATABASE_URL, REDIS_URL, LOG_LEVEL…). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface ServerProcess {
  readonly url: string;
  /** Whether a started process is running now (between start and its exit). */
  readonly running: boolean;
  /** Spawns main.ts and resolves once /api/health answers; answers how long that took in ms. */
  start(): Promise<number>;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (the graceful stop), and waits for the exit. */
  stop(): Promise<void>;
  /** Resolves when the server is up (now, or after the restart in progress). */
  whenUp(): Promise<void>;
  /** The last lines the server wrote to stderr (its error logs), for a failure message. */
  stderrTail(): string;
  /** Starts that died before listening and were tried again: the first line each printed. */
  readonly startFailures: readonly string[];
}

export function createServerProcess(options: ServerProcessOptions): ServerProcess {
  const url = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let up: Deferred = deferred();
  let tail = '';
  const startFailures: string[] = [];

  async function healthy(): Promise<boolean> {
    try {
      return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
    } catch {
      return false;
    }
  }

  async function startOnce(): Promise<void> {
    const started = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: REPO_ROOT,
      // No cap on sockets per address: every player connects from 127.0.0.1, thrice while claiming.
      env: { ...serverEnv(options), PORT: String(options.port), HOST: '127.0.0.1', LOG_LEVEL: 'error', SOCKET_MAX_CONNECTIONS_PER_IP: '0', GAME_TIMINGS_MS: options.gameTimingsMs ?? '', ...options.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = started;
    // The test process ending (a failed test, a crash) must not leave a server running.
    const orphanGuard = () => started.kill('SIGKILL');
    process.once('exit', orphanGuard);
    let output = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      tail = (tail + chunk.toString()).slice(-4_000);
    });
    exited = new Promise((resolve) =>
      started.once('exit', () => {
        process.off('exit', orphanGuard);
        if (child === started) child = null;
        resolve();
      }),
    );
    const deadline = performance.now() + (options.startTimeoutMs ?? 60_000);
    while (performance.now() < deadline) {
      if (child !== started) throw new ExitedWhileStarting(output);
      if (await healthy()) {
        up.resolve();
        return;
      }
      await sleep(100);
    }
    started.kill('SIGKILL');
    await exited;
    throw new Error(`the server did not start within ${options.startTimeoutMs ?? 60_000} ms: ${output}`);
  }

  async function signal(name: NodeJS.Signals): Promise<void> {
    const current = child;
    if (!current) return;
    if (up.resolved) up = deferred();
    current.kill(name);
    await exited;
  }

  return {
    url,
    get running() {
      return child !== null;
    },
    async start() {
      if (child) throw new Error('the server is already running');
      const began = performance.now();
      for (let attempt = 1; ; attempt += 1) {
        try {
          await startOnce();
          return performance.now() - began;
        } catch (error) {
          // A start that dies of a transient fault (the chain's RPC closing a connection) is
          // noted and tried again: the run is about what a restart does to the money.
          if (!(error instanceof ExitedWhileStarting) || attempt >= START_ATTEMPTS) throw error;
          startFailures.push(error.message);
        }
      }
    },
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    whenUp: () => up.promise,
    stderrTail: () => tail,
    startFailures,
  };
}

/** Tries of one start before it fails the run. */
const START_ATTEMPTS = 3;

class ExitedWhileStarting extends Error {
  constructor(output: string) {
    // The error and its causes, one line each (the stack frames left out).
    const lines = output.split('\n').filter((line) => /\w*Error\b|^\S/.test(line.trim()) && !line.trim().startsWith('at '));
    super(lines.slice(0, 3).map((line) => line.trim()).join(' <- ') || 'exited without a word');
    this.name = 'ExitedWhileStarting';
  }
}

interface Deferred {
  readonly promise: Promise<void>;
  readonly resolve: () => void;
  readonly resolved: boolean;
}

function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  let resolved = false;
  const promise = new Promise<void>((done) => {
    resolve = () => {
      resolved = true;
      done();
    };
  });
  return {
    promise,
    resolve: () => resolve(),
    get resolved() {
      return resolved;
    },
  };
}
