// Makes sure PostgreSQL and Redis answer for the test suites: the database suites run on PostgreSQL
// as well as PGlite (TEST_DATABASE_URL), and the multi-node suites need Redis (TEST_REDIS_URL).
// Without this they would quietly run on PGlite alone, or be skipped, on a machine where nobody
// started the services. When a service is missing and this runs as root, Debian's package is
// installed with apt-get and started; otherwise it says what to do.
//
//   node scripts/ensure-services.mjs        exit 0: both answer; exit 1: at least one does not
//
// TEST_DATABASE_URL / TEST_REDIS_URL, when set, name servers someone else runs: then their host and
// port must answer, and nothing is installed, started or configured.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const root = join(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const PG_PORT = 5432;
const REDIS_PORT = 6379;
const DATABASE = 'test';
// A cold start of a fresh cluster (or of Redis) takes a few seconds; much longer means it is broken.
const START_TIMEOUT_MS = 30_000;
const HBA_MARKER = '# added by scripts/ensure-services.mjs';

function log(message) {
  console.log(`[ensure-services] ${message}`);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
/** Whether a command is on the PATH (judged by ENOENT: some, such as pg_ctlcluster, exit 1 on --help). */
const has = (command) => spawnSync(command, ['--help'], { stdio: 'ignore' }).error === undefined;
const hasApt = has('apt-get');

/** Runs a command with its output shown; answers whether it succeeded. */
function run(command, args) {
  log(`${command} ${args.map((arg) => (arg === '' ? "''" : arg)).join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

let aptUpdated = false;
/** Installs Debian packages (apt-get update once per run: a fresh image has no package lists). */
function aptInstall(...packages) {
  if (!aptUpdated && !run('apt-get', ['update'])) return false;
  aptUpdated = true;
  return run('apt-get', ['install', '-y', '--no-install-recommends', ...packages]);
}

/** Whether something accepts a TCP connection on host:port within `timeoutMs`. */
function answers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Redis's first reply line to PING ('+PONG' when it is usable without a password), or null. */
function ping(host, port, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let reply = '';
    const done = (line) => {
      socket.destroy();
      resolve(line);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      const end = reply.indexOf('\r\n');
      if (end >= 0) done(reply.slice(0, end));
    });
    socket.once('error', () => done(null));
    socket.once('end', () => done(reply || null));
  });
}

async function waitFor(check, timeoutMs = START_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(500);
  }
}

/** A URL as it may be printed: a password in it is replaced by ***. */
function shown(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

/** Checks only that an override's host and port answer: a server someone else runs is theirs to set up. */
async function checkOverride(name, url, defaultPort) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    log(`${name} is not a URL; fix or unset it.`);
    return false;
  }
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(parsed.port || defaultPort);
  if (!host) {
    log(`${name} (${shown(url)}) names no host to check; fix or unset it.`);
    return false;
  }
  if (await answers(host, port, 3000)) {
    log(`${name}: ${host}:${port} answers (set by you: not installed or configured here)`);
    return true;
  }
  log(`${name}: nothing answers on ${host}:${port}. Start that server, or unset ${name} to let this script use (or install) a local one.`);
  return false;
}

// ---- PostgreSQL --------------------------------------------------------------------------------

/** Debian's clusters (pg_lsclusters): version, name, port and whether they run. */
function clusters() {
  const result = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  if (result.status !== 0) return [];
  return result.stdout.trim().split('\n').filter(Boolean).map((line) => {
    const [version, name, port, status] = line.trim().split(/\s+/);
    return { version, name, port: Number(port), online: (status ?? '').startsWith('online') };
  });
}

/**
 * pg_ctlcluster on a cluster. Without systemd running (containers, CI) a start must not be handed
 * to systemctl, hence --skip-systemctl-redirect; where systemd runs it does the same job directly.
 */
function pgCtl(cluster, action) {
  return run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, action]);
}

/** The Debian cluster that serves port 5432, creating one when there is none (e.g. create_main_cluster = false). */
function cluster5432() {
  const found = clusters().find((candidate) => candidate.port === PG_PORT);
  if (found) return found;
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').filter((version) => /^\d+$/.test(version)).sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) return null;
  if (!run('pg_createcluster', [versions[0], 'main', '--port', String(PG_PORT)])) return null;
  return clusters().find((candidate) => candidate.port === PG_PORT) ?? null;
}

/**
 * Runs one SQL statement as user postgres over TCP without a password, the way the tests connect.
 * psql when it is installed; otherwise the `pg` package of apps/server (resolved from there: it
 * need not be hoisted to the root node_modules).
 */
async function sql(statement) {
  if (has('psql')) {
    const result = spawnSync('psql', ['-h', HOST, '-p', String(PG_PORT), '-U', 'postgres', '-d', 'postgres', '-w', '-X', '-tA', '-c', statement], {
      encoding: 'utf8',
      env: { ...process.env, PGCONNECT_TIMEOUT: '5' },
    });
    return result.status === 0 ? { ok: true, rows: result.stdout.trim() } : { ok: false, error: (result.stderr || result.stdout).trim() };
  }
  let pg;
  try {
    pg = createRequire(join(root, 'apps/server/package.json'))('pg');
  } catch {
    return { ok: false, error: 'neither psql nor the pg package (npm install) is available to connect with' };
  }
  const client = new pg.Client({ host: HOST, port: PG_PORT, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const result = await client.query(statement);
    return { ok: true, rows: result.rows.map((row) => Object.values(row).join('|')).join('\n') };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The tests connect as postgres without a password. Debian's pg_hba.conf asks local TCP clients for
 * one (scram-sha-256), so a rule trusting 127.0.0.1 goes first (the first matching rule wins), and
 * the cluster reloads it. Only for a Debian cluster on this machine, and only as root.
 */
function trustLocalhost() {
  const found = isRoot ? clusters().find((candidate) => candidate.port === PG_PORT) : null;
  if (!found) return false;
  const hba = `/etc/postgresql/${found.version}/${found.name}/pg_hba.conf`;
  if (!existsSync(hba)) return false;
  const text = readFileSync(hba, 'utf8');
  if (text.includes(HBA_MARKER)) return false; // already added: the refusal has another cause
  log(`trusting connections from ${HOST} in ${hba} (a test server: the tests connect without a password)`);
  writeFileSync(hba, `${HBA_MARKER}: the test suites connect as postgres without a password\nhost all all ${HOST}/32 trust\n\n${text}`);
  return pgCtl(found, 'reload');
}

/** Starts (installing when needed) a local PostgreSQL on 127.0.0.1:5432. */
async function startPostgres() {
  if (!isRoot) {
    log(`PostgreSQL does not answer on ${HOST}:${PG_PORT}, and it cannot be started from here (not root).`);
    log('Start it with:  sudo apt-get install -y postgresql && sudo pg_ctlcluster <version> main start');
    log(`or set TEST_DATABASE_URL to a PostgreSQL server that answers (default ${DEFAULT_DATABASE_URL}).`);
    return false;
  }
  if (!has('pg_lsclusters') || !has('pg_ctlcluster')) {
    if (!hasApt) {
      log(`PostgreSQL does not answer on ${HOST}:${PG_PORT} and is not installed, and there is no apt-get to install it.`);
      log(`Install and start PostgreSQL, or set TEST_DATABASE_URL to a server that answers (default ${DEFAULT_DATABASE_URL}).`);
      return false;
    }
    log("PostgreSQL is not installed: installing Debian's postgresql package");
    if (!aptInstall('postgresql')) {
      log('apt-get could not install postgresql; see the output above.');
      return false;
    }
    // The package may have started its cluster already (where services may start).
    if (await answers(HOST, PG_PORT)) return true;
  }
  const found = cluster5432();
  if (!found) {
    log(`no PostgreSQL cluster on port ${PG_PORT} (pg_lsclusters), and none could be created; see the output above.`);
    return false;
  }
  if (!found.online && !pgCtl(found, 'start')) {
    log(`pg_ctlcluster could not start cluster ${found.version}/${found.name}; see its log under /var/log/postgresql.`);
    return false;
  }
  log(`waiting for PostgreSQL on ${HOST}:${PG_PORT}`);
  if (!(await waitFor(() => answers(HOST, PG_PORT)))) {
    log(`cluster ${found.version}/${found.name} does not answer on ${HOST}:${PG_PORT} after ${START_TIMEOUT_MS / 1000} s; see its log under /var/log/postgresql.`);
    return false;
  }
  return true;
}

async function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL?.trim()) return checkOverride('TEST_DATABASE_URL', process.env.TEST_DATABASE_URL.trim(), PG_PORT);
  if (await answers(HOST, PG_PORT)) log(`PostgreSQL answers on ${HOST}:${PG_PORT}`);
  else if (!(await startPostgres())) return false;
  else log(`PostgreSQL started on ${HOST}:${PG_PORT}`);

  let login = await sql('select 1');
  if (!login.ok && trustLocalhost()) login = await sql('select 1');
  if (!login.ok) {
    log(`cannot connect as postgres without a password to ${HOST}:${PG_PORT}: ${login.error}`);
    log(`Allow it in pg_hba.conf (host all all ${HOST}/32 trust), or set TEST_DATABASE_URL to a URL that logs in.`);
    return false;
  }
  const listed = await sql(`select 1 from pg_database where datname = '${DATABASE}'`);
  if (listed.ok && listed.rows === '1') {
    log(`database ${DATABASE} exists`);
    return true;
  }
  log(`creating database ${DATABASE}`);
  const created = await sql(`create database ${DATABASE}`);
  if (!created.ok) {
    log(`cannot create database ${DATABASE}: ${created.error}`);
    return false;
  }
  return true;
}

// ---- Redis -------------------------------------------------------------------------------------

/** Starts (installing when needed) a local Redis on 127.0.0.1:6379 that keeps nothing on disk. */
async function startRedis() {
  if (!isRoot) {
    log(`Redis does not answer on ${HOST}:${REDIS_PORT}, and it cannot be started from here (not root).`);
    log(`Start it with:  sudo apt-get install -y redis-server && redis-server --daemonize yes --port ${REDIS_PORT} --bind ${HOST}`);
    log(`or set TEST_REDIS_URL to a Redis server that answers (default ${DEFAULT_REDIS_URL}).`);
    return false;
  }
  if (!has('redis-server')) {
    if (!hasApt) {
      log(`Redis does not answer on ${HOST}:${REDIS_PORT} and is not installed, and there is no apt-get to install it.`);
      log(`Install and start Redis, or set TEST_REDIS_URL to a server that answers (default ${DEFAULT_REDIS_URL}).`);
      return false;
    }
    log("Redis is not installed: installing Debian's redis-server package");
    if (!aptInstall('redis-server')) {
      log('apt-get could not install redis-server; see the output above.');
      return false;
    }
    // The package may have started its service already (where services may start).
    if ((await ping(HOST, REDIS_PORT)) === '+PONG') return true;
  }
  // A throwaway server for tests: no snapshots or append-only file, so it writes nothing to disk.
  if (!run('redis-server', ['--daemonize', 'yes', '--port', String(REDIS_PORT), '--bind', HOST, '--save', '', '--appendonly', 'no'])) {
    log('redis-server could not start; see the output above.');
    return false;
  }
  log(`waiting for Redis on ${HOST}:${REDIS_PORT}`);
  if (!(await waitFor(async () => (await ping(HOST, REDIS_PORT)) === '+PONG'))) {
    log(`Redis does not answer PING on ${HOST}:${REDIS_PORT} after ${START_TIMEOUT_MS / 1000} s.`);
    return false;
  }
  return true;
}

async function ensureRedis() {
  if (process.env.TEST_REDIS_URL?.trim()) return checkOverride('TEST_REDIS_URL', process.env.TEST_REDIS_URL.trim(), REDIS_PORT);
  const reply = await ping(HOST, REDIS_PORT);
  if (reply === '+PONG') {
    log(`Redis answers on ${HOST}:${REDIS_PORT} (PONG)`);
    return true;
  }
  if (reply !== null || (await answers(HOST, REDIS_PORT))) {
    // Something else holds the port (or a Redis that wants a password): starting another would fail.
    log(`${HOST}:${REDIS_PORT} is taken but does not answer PING with PONG (${reply ?? 'no reply'}).`);
    log('Free the port for a Redis without a password, or set TEST_REDIS_URL to a Redis server that answers.');
    return false;
  }
  if (!(await startRedis())) return false;
  log(`Redis started on ${HOST}:${REDIS_PORT}`);
  return true;
}

// ---- main --------------------------------------------------------------------------------------

const postgresOk = await ensurePostgres();
const redisOk = await ensureRedis();
if (postgresOk && redisOk) {
  log(`TEST_DATABASE_URL=${shown(process.env.TEST_DATABASE_URL?.trim() || DEFAULT_DATABASE_URL)}`);
  log(`TEST_REDIS_URL=${shown(process.env.TEST_REDIS_URL?.trim() || DEFAULT_REDIS_URL)}`);
}
process.exit(postgresOk && redisOk ? 0 : 1);
