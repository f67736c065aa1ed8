// `npm start`: everything a developer needs, one step per function: build the web app if it has
// no build yet, start the local Solana chain when the cluster is localnet, and run the server
// (apps/server/src/main.ts) in the foreground with its data under ./data, the three at once.
// Ctrl-C stops all.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { ensureWebBuildInBackground } from './web-build.mjs';

const root = join(import.meta.dirname, '..');
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const children = new Set();
/** What apps/server/src/main.ts imports, loaded ahead of its run (spawnServer). */
const SERVER_MODULES = ['server.ts', 'compose.ts', 'config.ts', 'adapters/db/connect.ts', 'adapters/chain/open-chain.ts', 'adapters/realtime/redis-realtime.ts'];

/** A workspace's npm scripts ({} when it has none yet). */
function scriptsOf(workspaceDir) {
  const manifest = JSON.parse(readFileSync(join(root, workspaceDir, 'package.json'), 'utf8'));
  return manifest.scripts ?? {};
}

function log(message) {
  console.log(`[start] ${message}`);
}

/** The web app is served from apps/web/dist; it is rebuilt when its sources are newer. */
async function buildWebApp() {
  if (!scriptsOf('apps/web').build) {
    log('web app: no build script yet; the server answers the API only');
    return;
  }
  const built = await ensureWebBuildInBackground(root, (message) => log(`web app: ${message}`));
  log(built ? 'web app: built; served from apps/web/dist' : 'web app: the build in apps/web/dist is up to date');
}

/** On the local cluster, packages/localnet serves Solana JSON-RPC on 8899 (WebSocket 8900). */
async function startLocalChain(env) {
  const cluster = env.SOLANA_CLUSTER || 'localnet';
  if (cluster !== 'localnet') {
    log(`chain: using ${cluster} (${env.SOLANA_RPC_URL || 'its public RPC'})`);
    return;
  }
  if (!scriptsOf('packages/localnet').start) {
    log('chain: packages/localnet has no start script yet; the server runs without a local chain');
    return;
  }
  const rpcUrl = env.SOLANA_RPC_URL || 'http://127.0.0.1:8899';
  if (await rpcAnswers(rpcUrl)) {
    log(`chain: a local chain already answers at ${rpcUrl}`);
    return;
  }
  log('chain: starting packages/localnet');
  // Its start script run by node itself, not through npm: a second less, and Ctrl-C or a stop
  // reaches the chain directly, which saves its state on the way out.
  const chainEnv = { ...env, ...localnetPorts(rpcUrl, env) };
  const chain = track(spawn(process.execPath, [tsx, join(root, 'packages', 'localnet', 'src', 'main.ts')], { cwd: root, env: chainEnv, stdio: 'inherit' }), 'local chain');
  let stopped = false;
  chain.on('exit', () => (stopped = true));
  await waitFor(
    async () => {
      if (stopped) throw new Error('the local chain stopped before it answered (its message is above)');
      return rpcAnswers(rpcUrl);
    },
    60_000,
    `the local chain at ${rpcUrl}`,
  );
}

/**
 * The local chain listens where SOLANA_RPC_URL (and SOLANA_WS_URL) say the server will look,
 * unless LOCALNET_PORT / LOCALNET_WS_PORT say otherwise.
 */
function localnetPorts(rpcUrl, env) {
  const ports = {};
  const rpcPort = new URL(rpcUrl).port;
  if (!env.LOCALNET_PORT && rpcPort) ports.LOCALNET_PORT = rpcPort;
  const wsPort = env.SOLANA_WS_URL ? new URL(env.SOLANA_WS_URL).port : '';
  if (!env.LOCALNET_WS_PORT && wsPort) ports.LOCALNET_WS_PORT = wsPort;
  return ports;
}

async function rpcAnswers(rpcUrl) {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The server in the foreground; its exit ends `npm start` with the same code. It is spawned at
 * once and loads its modules (seconds of compiling TypeScript) while the web build and the chain
 * start, then runs main.ts when `run` says the chain is ready: the same process and code as
 * `tsx apps/server/src/main.ts`, only its imports done earlier.
 */
function spawnServer(env) {
  const source = (path) => pathToFileURL(join(root, 'apps', 'server', 'src', path)).href;
  const program = `
    const go = new Promise((resolve) => process.once('message', resolve));
    process.send('listening');
    await Promise.all(${JSON.stringify(SERVER_MODULES.map(source))}.map((url) => import(url)));
    await go;
    process.disconnect();
    await import(${JSON.stringify(source('main.ts'))});
  `;
  const loader = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const server = track(
    spawn(process.execPath, ['--import', loader, '--input-type=module', '--eval', program], { cwd: root, env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] }),
    'server',
  );
  server.on('exit', (code, signal) => {
    stopAll();
    process.exit(code ?? (signal ? 1 : 0));
  });
  // A message sent before the child listens would be lost: it says when it does.
  const listening = new Promise((resolve) => server.once('message', resolve));
  return {
    async run() {
      log('server: starting apps/server');
      await listening;
      server.send('go');
    },
  };
}

function track(child, name) {
  children.add(child);
  child.on('exit', () => children.delete(child));
  child.on('error', (error) => {
    console.error(`[start] ${name}: ${error.message}`);
    stopAll();
    process.exit(1);
  });
  return child;
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${what} did not answer within ${timeoutMs / 1000} s`);
}

function stopAll(signal = 'SIGTERM') {
  for (const child of children) child.kill(signal);
}

async function main() {
  // Data (PGlite, the JWT secret, chain state) lives in ./data of the checkout unless told otherwise.
  const env = { ...process.env, DATA_DIR: process.env.DATA_DIR || join(root, 'data') };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
  // The build, the chain and the server's loading need nothing of each other: all at once. The
  // server runs when the chain answers (it checks its genesis first) and serves the web app as
  // soon as the build is there; a failed build stops `npm start` as it always did.
  const server = spawnServer(env);
  const build = buildWebApp();
  // Awaited below; a failure before then must not count as unhandled.
  build.catch(() => {});
  await startLocalChain(env);
  await server.run();
  await build;
}

main().catch((error) => {
  console.error(`[start] ${error.message}`);
  stopAll();
  process.exit(1);
});
