// The chain for the chain benchmarks: packages/localnet as a process of its own (as `npm start`
// runs it), so its CPU is not the measured server's, on free ports, in memory.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export interface LocalChainProcess {
  readonly rpcUrl: string;
  readonly wsUrl: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

export async function startLocalChainProcess(): Promise<LocalChainProcess> {
  const port = await freePort();
  const wsPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/localnet/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOCALNET_PORT: String(port), LOCALNET_WS_PORT: String(wsPort), LOCALNET_DATA_DIR: 'memory' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      const answer = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}' });
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return {
    rpcUrl,
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
