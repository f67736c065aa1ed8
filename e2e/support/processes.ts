// Child processes of the product (the local chain, the server), started and stopped by the
// global setup: their output is kept for the failure message, their group is killed at the end.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Started {
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export function startProcess(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Started {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.pid === undefined) return resolve();
        const timer = setTimeout(() => {
          try {
            process.kill(-(child.pid as number), 'SIGKILL');
          } catch {
            // already gone
          }
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        try {
          process.kill(-(child.pid as number), 'SIGTERM');
        } catch {
          clearTimeout(timer);
          resolve();
        }
      }),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number, describe: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s\n${describe()}`);
    await sleep(300);
  }
}
