// Starts the product once for every e2e file: the web build, the local chain (packages/localnet)
// and the real server (apps/server/src/main.ts) on free ports, with data in a temporary folder.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type Started, freePort, startProcess, waitFor } from './processes';
import { ensureWebBuild } from './web-build';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    rpcUrl: string;
    /** The server's OPERATOR_TOKEN: the ledger summary answers only it. */
    operatorToken: string;
  }
}

const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

async function answersJsonRpc(url: string): Promise<true | null> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }) });
  return response.ok ? true : null;
}

async function answersHealth(url: string): Promise<true | null> {
  const response = await fetch(`${url}/api/health`);
  return response.ok ? true : null;
}

export default async function setup(project: TestProject) {
  ensureWebBuild(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'duel-dojo-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'TREASURY_KEYPAIR', 'JWT_SECRET', 'SOLANA_RPC_URL', 'SOLANA_WS_URL', 'OPERATOR_TOKEN']) delete env[name];
  const operatorToken = randomBytes(32).toString('hex');
  const started: Started[] = [];
  const stopAll = async () => {
    for (const child of [...started].reverse()) await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
    // What the product logged (warnings and errors) beside the run's report: npm test prints its
    // end when a test failed, so a failure seen only in CI can be read there.
    if (process.env.CI_REPORT) writeFileSync(join(dirname(process.env.CI_REPORT), 'e2e-product.log'), started.map((one) => one.output()).join('\n'));
  };

  try {
    const [chainPort, chainWsPort, port] = [await freePort(), await freePort(), await freePort()];
    const rpcUrl = `http://127.0.0.1:${chainPort}`;
    const chain = startProcess(process.execPath, [tsx, 'packages/localnet/src/main.ts'], {
      cwd: root,
      env: { ...env, LOCALNET_PORT: String(chainPort), LOCALNET_WS_PORT: String(chainWsPort), LOCALNET_DATA_DIR: 'memory' },
    });
    started.push(chain);
    await waitFor('the local chain', () => answersJsonRpc(rpcUrl), 60_000, chain.output);

    const baseUrl = `http://127.0.0.1:${port}`;
    const server = startProcess(process.execPath, [tsx, 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(dataDir, 'server'),
        SOLANA_CLUSTER: 'localnet',
        SOLANA_RPC_URL: rpcUrl,
        SOLANA_WS_URL: `ws://127.0.0.1:${chainWsPort}`,
        // Two listed origins, the canonical one not the address the browsers open: every test
        // signs in from a page at a listed second origin, as www beside the bare domain does.
        PUBLIC_ORIGIN: `http://localhost:${port},${baseUrl}`,
        // A countdown that runs, so the navbar shows it (its target comes from /api/config).
        EARLY_ACCESS_TARGET: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        LOG_LEVEL: 'warn',
        // A short absence before a victory can be claimed, so a test can wait it out.
        CLAIM_VICTORY_AFTER_SECONDS: '3',
        // Every browser of the suite connects from 127.0.0.1, up to four at once with their
        // sockets still closing behind them: the per-address cap (50, docs/security.md 23; its
        // own tests are in apps/server) would refuse the last files' sockets on a slow machine.
        SOCKET_MAX_CONNECTIONS_PER_IP: '500',
        OPERATOR_TOKEN: operatorToken,
      },
    });
    started.push(server);
    await waitFor('the server', () => answersHealth(baseUrl), 120_000, server.output);

    project.provide('baseUrl', baseUrl);
    project.provide('rpcUrl', rpcUrl);
    project.provide('operatorToken', operatorToken);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
