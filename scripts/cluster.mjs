// `npm run cluster`: the production topology on this machine, in one command. Several server
// nodes share one PostgreSQL database, Redis, the local chain, one JWT secret and one treasury key;
// Debian's nginx runs deploy/nginx.conf (rendered with these ports) in front of them.
//
//   nginx        http://localhost:3000   (CLUSTER_PORT)
//   node 1..3    http://127.0.0.1:3001..3003  (CLUSTER_PORT + 1 …; CLUSTER_NODES nodes)
//   chain        http://127.0.0.1:8899 (packages/localnet; an already running one is reused)
//   PostgreSQL   postgres://postgres@127.0.0.1:5432/duel_dojo_cluster (created when missing)
//   Redis        redis://127.0.0.1:6379
//
// Shared files (JWT secret, treasury key, chain state, nginx prefix, logs) live in .cluster/ at the
// repository root. Each component's output goes to .cluster/logs/; the terminal gets one line per
// component. Ctrl-C stops everything. A node that fails to start stops the cluster with its first
// error line; one that dies later is reported and the others keep serving (nginx skips it).
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { NGINX_BIN, prepareNginx } from '../deploy/render-nginx-conf.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = join(import.meta.dirname, '..');
// TypeScript through tsx's loader in the one Node process (`node --import tsx`), not the tsx command,
// which runs the program in a child of its own: the pid printed and signalled is then the
// component's, and killing it (to watch nginx skip a node) leaves no orphan serving on.
const TSX = ['--import', pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href];
const dataDir = join(root, '.cluster');
const logDir = join(dataDir, 'logs');

const PORT = integerFromEnv('CLUSTER_PORT', 3000);
const NODE_COUNT = integerFromEnv('CLUSTER_NODES', 3);
const NODE_PORTS = Array.from({ length: NODE_COUNT }, (_, i) => PORT + 1 + i);
const PG = { host: '127.0.0.1', port: 5432, database: 'duel_dojo_cluster' };
const DATABASE_URL = `postgres://postgres@${PG.host}:${PG.port}/${PG.database}`;
const REDIS_URL = 'redis://127.0.0.1:6379';
const RPC_URL = 'http://127.0.0.1:8899';
const WS_URL = 'ws://127.0.0.1:8900';
// What players type: the sign-in messages name it and the sockets' Origin check compares with it.
const PUBLIC_ORIGIN = `http://localhost:${PORT}`;
// Both names of this machine may open the game and sign in (the first is the canonical one).
const PUBLIC_ORIGINS = `${PUBLIC_ORIGIN},http://127.0.0.1:${PORT}`;
const START_TIMEOUT_MS = 60_000;

const children = new Set();
let stopping = false;

function log(message) {
  console.log(`[cluster] ${message}`);
}

function integerFromEnv(name, fallback) {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 65_000) {
    console.error(`[cluster] ${name} must be a whole number, got "${text}"`);
    process.exit(1);
  }
  return value;
}

const shown = (path) => relative(root, path) || '.';

class ClusterError extends Error {}

// ---- checks ------------------------------------------------------------------------------------

/** Whether something accepts a TCP connection on 127.0.0.1:port. */
function answers(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function httpOk(url, init) {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(1000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

const rpcAnswers = () =>
  httpOk(RPC_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }) });

/** Waits for `check`, unless `child` exits first (then throws with its first error line). */
async function waitFor(check, what, child) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child?.closed) throw new ClusterError(`${what} exited (${child.signalCode ?? `code ${child.exitCode}`}): ${firstErrorLine(child)}`);
    if (await check()) return;
    await sleep(250);
  }
  throw new ClusterError(`${what} did not answer within ${START_TIMEOUT_MS / 1000} s; see ${shown(child?.logFile ?? logDir)}`);
}

// ---- steps -------------------------------------------------------------------------------------

/** The same build step as `npm start`: apps/web/dist, rebuilt when its sources are newer. */
function buildWebApp() {
  const built = ensureWebBuild(root, (message) => log(`web app     ${message}`));
  log(`web app     apps/web/dist${built ? ' (built)' : ' (up to date)'}`);
}

/**
 * The ensure scripts of `npm test`: PostgreSQL and Redis on 127.0.0.1 (installed and started as
 * root when missing), and Debian's nginx. Their output is shown only when they fail.
 */
function ensure(script, what) {
  // TEST_* URLs make ensure-services check someone else's servers; the cluster uses the local ones.
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  delete env.TEST_REDIS_URL;
  const result = spawnSync(process.execPath, [join(root, 'scripts', script)], { cwd: root, env, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new ClusterError(`${what}: scripts/${script} failed (see above)`);
  }
}

function psql(statement) {
  const result = spawnSync('psql', ['-h', PG.host, '-p', String(PG.port), '-U', 'postgres', '-d', 'postgres', '-w', '-X', '-tA', '-c', statement], {
    encoding: 'utf8',
    env: { ...process.env, PGCONNECT_TIMEOUT: '5' },
  });
  if (result.error) throw new ClusterError(`psql: ${result.error.message}`);
  if (result.status !== 0) throw new ClusterError(`psql: ${(result.stderr || result.stdout).trim()}`);
  return result.stdout.trim();
}

function ensureDatabase() {
  const exists = psql(`select 1 from pg_database where datname = '${PG.database}'`) === '1';
  if (!exists) psql(`create database ${PG.database}`);
  log(`postgres    ${DATABASE_URL}${exists ? '' : ' (created)'}`);
}

/** One JWT secret for every node: a token signed by one node is valid on all of them. */
function jwtSecret() {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** One treasury for every node, in solana-keygen's format: the 32-byte seed, then the public key. */
function treasuryKeypair() {
  const file = join(dataDir, 'treasury.json');
  if (!existsSync(file)) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d, 'base64url');
    const address = Buffer.from(publicKey.export({ format: 'jwk' }).x, 'base64url');
    writeFileSync(file, JSON.stringify([...seed, ...address]), { mode: 0o600 });
  }
  return file;
}

/** Starts a component with its output in .cluster/logs/<name>.log. */
function start(name, command, args, options = {}) {
  const logFile = join(logDir, `${name}.log`);
  const out = createWriteStream(logFile, { flags: 'a' });
  out.write(`\n---- ${new Date().toISOString()} ${[command, ...args].join(' ')}\n`);
  const child = spawn(command, args, { cwd: root, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  child.logFile = logFile;
  child.label = name;
  child.errorLines = [];
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  // stderr is where a refused start says why (one line naming the variable, or a stack).
  child.stderr.on('data', (chunk) => child.errorLines.push(...chunk.toString().split('\n').filter((line) => line.trim())));
  children.add(child);
  child.once('exit', () => children.delete(child));
  // 'close', not 'exit': by then its last output has been read too.
  child.once('close', () => (child.closed = true));
  child.once('error', (error) => child.errorLines.push(error.message));
  return child;
}

/** The first line that says what went wrong: stderr first, else the first pino error in the log. */
function firstErrorLine(child) {
  if (child.errorLines.length > 0) return `${child.errorLines[0].trim()}  (log: ${shown(child.logFile)})`;
  const text = existsSync(child.logFile) ? readFileSync(child.logFile, 'utf8') : '';
  for (const line of text.split('\n')) {
    try {
      const entry = JSON.parse(line);
      if (entry.level >= 50) return `${entry.msg ?? line}${entry.err?.message ? `: ${entry.err.message}` : ''}  (log: ${shown(child.logFile)})`;
    } catch {
      // not a pino line
    }
  }
  return `no error output; see ${shown(child.logFile)}`;
}

async function startChain() {
  if (await rpcAnswers()) {
    log(`chain       ${RPC_URL} (already running: reused; its data is not under .cluster/)`);
    return;
  }
  if (await answers(8899)) throw new ClusterError(`port 8899 is taken by something that is not a Solana JSON-RPC`);
  // What `npm run localnet` runs (tsx packages/localnet/src/main.ts), in one process.
  const env = { ...process.env, LOCALNET_PORT: '8899', LOCALNET_DATA_DIR: join(dataDir, 'chain') };
  const chain = start('chain', process.execPath, [...TSX, join(root, 'packages', 'localnet', 'src', 'main.ts')], { env });
  await waitFor(rpcAnswers, 'the local chain', chain);
  watch(chain, 'chain', true);
  log(`chain       ${RPC_URL} (${WS_URL}), data ${shown(join(dataDir, 'chain'))}, pid ${chain.pid}`);
}

async function startNodes(shared) {
  for (const port of [PORT, ...NODE_PORTS]) {
    if (await answers(port)) throw new ClusterError(`port ${port} is taken (is \`npm start\` running?); set CLUSTER_PORT to use other ports`);
  }
  // One after another: each node must answer its health check before the next starts. Started
  // at once on a fresh database, every node would ask the chain for the treasury's first airdrop
  // (modules/ledger/treasury-funding.ts), and the duplicates stop all but one of them.
  for (const [i, port] of NODE_PORTS.entries()) {
    const env = {
      ...process.env,
      PORT: String(port),
      // Reached only through nginx.
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, `node-${i + 1}`),
      DATABASE_URL,
      REDIS_URL,
      SOLANA_CLUSTER: 'localnet',
      SOLANA_RPC_URL: RPC_URL,
      SOLANA_WS_URL: WS_URL,
      JWT_SECRET: shared.jwtSecret,
      TREASURY_KEYPAIR: shared.treasury,
      PUBLIC_ORIGIN: PUBLIC_ORIGINS,
      // nginx is the one proxy in front: per-address limits count the player's address it saw.
      TRUST_PROXY: 'true',
    };
    // What the server workspace's start script runs (tsx src/main.ts), in one process.
    const child = start(`node-${i + 1}`, process.execPath, [...TSX, join(root, 'apps', 'server', 'src', 'main.ts')], { env });
    await waitFor(() => httpOk(`http://127.0.0.1:${port}/api/health`), `node ${i + 1} (port ${port})`, child);
    watch(child, `node ${i + 1}`, false);
    log(`node ${i + 1}      http://127.0.0.1:${port}  pid ${child.pid}  log ${shown(child.logFile)}`);
  }
}

async function startNginx() {
  const prefix = join(dataDir, 'nginx');
  const prepared = prepareNginx(prefix, { listen: PORT, nodes: NODE_PORTS.map((port) => `127.0.0.1:${port}`) });
  const nginx = start('nginx', NGINX_BIN, prepared.args);
  await waitFor(() => httpOk(`http://127.0.0.1:${PORT}/api/health`), 'nginx', nginx);
  watch(nginx, 'nginx', true);
  log(`nginx       http://127.0.0.1:${PORT} -> ${NODE_PORTS.join(', ')}  pid ${nginx.pid}  conf ${shown(prepared.conf)}  access log ${shown(prepared.accessLog)}`);
}

/** A component that dies after it started: nginx or the chain take the cluster down; a node does not. */
function watch(child, name, essential) {
  child.once('close', (code, signal) => {
    if (stopping) return;
    log(`${name} exited (${signal ?? `code ${code}`}): ${firstErrorLine(child)}`);
    if (essential) stopAll(1);
    else log(`nginx sends ${name}'s requests to the other nodes`);
  });
}

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  // nginx first (SIGQUIT: its graceful stop), then the nodes, then the chain, which saves its state.
  const order = ['nginx', ...NODE_PORTS.map((_, i) => `node-${i + 1}`), 'chain'];
  const running = [...children].sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label));
  if (running.length === 0) process.exit(exitCode);
  log('stopping');
  let left = running.length;
  for (const child of running) {
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(exitCode);
    });
    child.kill(child.label === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
  }
  // The nodes give up their own stop after 10 s; do not wait for ever on anything.
  setTimeout(() => process.exit(exitCode), 15_000).unref();
}

async function main() {
  mkdirSync(logDir, { recursive: true });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
  buildWebApp();
  log('checking PostgreSQL, Redis and nginx (installed and started as root when missing)');
  ensure('ensure-services.mjs', 'PostgreSQL/Redis');
  ensure('ensure-nginx.mjs', 'nginx');
  ensureDatabase();
  log(`redis       ${REDIS_URL}`);
  await startChain();
  await startNodes({ jwtSecret: jwtSecret(), treasury: treasuryKeypair() });
  await startNginx();
  log(`open        ${PUBLIC_ORIGIN}   (Ctrl-C stops everything)`);
}

main().catch((error) => {
  console.error(`[cluster] ${error instanceof ClusterError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  stopAll(1);
});
