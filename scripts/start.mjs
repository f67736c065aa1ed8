// `npm start`: everything a developer needs, one step per function: build the web app if it has
// no build yet, start the local Solana chain when the cluster is localnet, then run the server
// (apps/server/src/main.ts) in the foreground with its data under ./data. Ctrl-C stops all.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const root = join(import.meta.dirname, '..');
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const children = new Set();

/** A workspace's npm scripts ({} when it has none yet). */
function scriptsOf(workspaceDir) {
  const manifest = JSON.parse(readFileSync(join(root, workspaceDir, 'package.json'), 'utf8'));
  return manifest.scripts ?? {};
}

function log(message) {
  console.log(`[start] ${message}`);
}

/** The web app is served from apps/web/dist; it is rebuilt when its sources are newer. */
function buildWebApp() {
  if (!scriptsOf('apps/web').build) {
    log('web app: no build script yet; the server answers the API only');
    return;
  }
  if (!ensureWebBuild(root, (message) => log(`web app: ${message}`))) log('web app: the build in apps/web/dist is up to date');
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
  track(spawn('npm', ['run', 'start', '-w', '@duel-dojo/localnet'], { cwd: root, env, stdio: 'inherit' }), 'local chain');
  await waitFor(() => rpcAnswers(rpcUrl), 60_000, `the local chain at ${rpcUrl}`);
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

/** The server in the foreground; its exit ends `npm start` with the same code. */
function startServer(env) {
  log('server: starting apps/server');
  const server = track(spawn(process.execPath, [tsx, join(root, 'apps', 'server', 'src', 'main.ts')], { cwd: root, env, stdio: 'inherit' }), 'server');
  server.on('exit', (code, signal) => {
    stopAll();
    process.exit(code ?? (signal ? 1 : 0));
  });
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
    await new Promise((resolve) => setTimeout(resolve, 250));
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
  buildWebApp();
  await startLocalChain(env);
  startServer(env);
}

main().catch((error) => {
  console.error(`[start] ${error.message}`);
  stopAll();
  process.exit(1);
});
