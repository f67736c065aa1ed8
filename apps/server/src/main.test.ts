// The composition root as a user runs it: a real process, its own data directory, signals.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type Localnet, startLocalnet } from '@duel-dojo/localnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const MAIN = join(REPO_ROOT, 'apps', 'server', 'src', 'main.ts');
const OPERATOR_TOKEN = 'main-test-operator-token-of-at-least-32-characters';

interface Run {
  readonly child: ChildProcess;
  readonly output: () => { stdout: string; stderr: string };
  readonly exited: Promise<number | null>;
}

/** `tsx apps/server/src/main.ts` with only the given variables (none inherited from the developer's shell). */
function runMain(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [TSX, MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => ({ stdout, stderr }), exited };
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

async function waitForHealth(url: string, run: Run, timeoutMs: number): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`server exited early: ${JSON.stringify(run.output())}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return await response.json();
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`no answer from ${url}: ${JSON.stringify(run.output())}`);
}

describe('main.ts', () => {
  let dataDir: string;
  // The server checks the chain at start (docs/security.md 10): a local one on free ports.
  let chain: Localnet;
  let chainEnv: Record<string, string>;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dd-main-'));
    chain = await startLocalnet({ port: 0, dataDir: null, blockIntervalMs: 50 });
    chainEnv = { SOLANA_RPC_URL: chain.rpcUrl, SOLANA_WS_URL: chain.wsUrl };
  });
  afterAll(async () => {
    await chain?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts the server on PORT with PGlite in DATA_DIR, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const run = runMain({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', OPERATOR_TOKEN, ...chainEnv });
    try {
      expect(await waitForHealth(`http://127.0.0.1:${port}`, run, 90_000)).toEqual({ ok: true });
      expect(existsSync(join(dataDir, 'db'))).toBe(true);
      expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(true);
      expect(run.output().stdout).toContain(`listening on http://127.0.0.1:${port}`);
      // The modules' routes are wired in (compose.ts), not only the built-in ones.
      const docs = (await (await fetch(`http://127.0.0.1:${port}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(docs.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/config', '/api/auth/generate-message', '/api/ledger/summary']));
      // Local cluster: a treasury key made in DATA_DIR (owner-only) and funded by airdrop, on the books.
      expect(existsSync(join(dataDir, 'treasury.json'))).toBe(true);
      // The summary answers the operator only (OPERATOR_TOKEN).
      expect((await fetch(`http://127.0.0.1:${port}/api/ledger/summary`)).status).toBe(401);
      const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
      const summary = (await (await fetch(`http://127.0.0.1:${port}/api/ledger/summary`, { headers: operator })).json()) as Record<string, unknown>;
      expect(summary).toMatchObject({ differenceLamports: '0', byKind: { top_up: '1000000000000' } });

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
    }
    // A cold start (tsx, migrations on disk, an airdrop) on a loaded machine takes most of a minute.
  }, 120_000);

  it('SECURITY 10: a chain that is not the configured cluster stops the start with one line', async () => {
    const run = runMain({ DATA_DIR: dataDir, SOLANA_CLUSTER: 'devnet', JWT_SECRET: 'x'.repeat(40), ...chainEnv });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toMatch(/^SOLANA_RPC_URL \S+ serves genesis \S+, not devnet \(\S+\): check SOLANA_CLUSTER and SOLANA_RPC_URL\n$/);
  });

  it('prints one line naming a bad variable and exits 1', async () => {
    const run = runMain({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    const { stderr, stdout } = run.output();
    expect(stderr).toBe('Invalid configuration: PORT must be an integer 1-65535 (got "abc")\n');
    expect(stdout).toBe('');
  });

  it('a node with REDIS_URL refuses to start without the shared database, or with a Redis it cannot reach, in one line', async () => {
    const alone = runMain({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: 'x'.repeat(40), TREASURY_KEYPAIR: '/nonexistent/treasury.json' });
    expect(await alone.exited).toBe(1);
    expect(alone.output().stderr).toBe('Invalid configuration: REDIS_URL (several nodes) needs DATABASE_URL too: every node must share it\n');

    const port = await freePort();
    const unreachable = runMain({
      DATA_DIR: dataDir,
      REDIS_URL: `redis://127.0.0.1:${port}`,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      JWT_SECRET: 'x'.repeat(40),
      TREASURY_KEYPAIR: '/nonexistent/treasury.json',
      ...chainEnv,
    });
    expect(await unreachable.exited).toBe(1);
    expect(unreachable.output().stderr).toMatch(new RegExp(`^REDIS_URL: cannot reach Redis at redis://127\\.0\\.0\\.1:${port} \\([^\\n]+\\)\\n$`));
  });
});
