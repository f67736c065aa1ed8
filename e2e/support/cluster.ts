// The production topology for one e2e file (docs/several-nodes.md): real server nodes
// (`node --import tsx apps/server/src/main.ts`, as scripts/cluster.mjs starts them) sharing a fresh
// PostgreSQL database, a Redis logical database of their own, a local chain of their own, one JWT
// secret and one treasury key, behind Debian's nginx running deploy/nginx.conf rendered with this
// run's ports (deploy/render-nginx-conf.mjs). Browsers open PUBLIC_ORIGIN, http://localhost:<nginx>.
//
// Missing services fail the start with a message saying what to run, never a skip:
//   PostgreSQL  TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432), through psql
//   Redis       TEST_REDIS_URL (default redis://127.0.0.1:6379), one of databases 1-15, claimed as
//               apps/server's cluster suites claim theirs (never one another suite holds)
//   nginx       NGINX_PATH or /usr/sbin/nginx
//
// Node ids: main.ts takes none from the environment (a new uuid per start). The Redis database is
// this run's alone and the nodes start one after another, so the id a node adds to `dd:nodes`
// while it starts is its own. Each node lists its open socket ids in `dd:online:<id>`
// (adapters/realtime/redis-presence.ts): that is how a test reads which node a browser reached.
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { type WriteStream, chmodSync, copyFileSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { NGINX_BIN, prepareNginx } from '../../deploy/render-nginx-conf.mjs';
import { type Started, freePort, startProcess, waitFor } from './processes';
import { type RedisClient, type Reply, openRedis, withDatabase } from './redis';

const root = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

/** The nodes' Redis key prefix: main.ts always uses the default. */
// Redis keys are per logical database, but pub/sub channels (the Socket.IO adapter's) are one
// space for the whole server: this run's nodes get a prefix of their own (REDIS_PREFIX).
const PREFIX = `dd-e2e-${process.pid}-${Date.now().toString(36)}:`;
/** The claim on a Redis database, shared with apps/server's cluster suites (test-support/cluster/cluster-env.ts). */
const CLAIM_KEY = 'cluster-test:claim';
const CLAIM_TTL_MS = 30 * 60_000;
/** A node's start on a busy two-core machine (migrations on the first, the treasury's airdrop). */
const NODE_START_MS = 180_000;

export interface ClusterNode {
  readonly name: string;
  /** host:port, as nginx's $upstream_addr writes it. */
  readonly address: string;
  /** The node id of this run (games.owner_node, dd:online:<id>). */
  readonly nodeId: string;
  /** Its whole output (pino JSON lines). */
  readonly logFile: string;
}

export interface Cluster {
  /** PUBLIC_ORIGIN of every node: nginx, http://localhost:<port>. */
  readonly origin: string;
  /** nginx on 127.0.0.1, for requests from the test itself. */
  readonly nginxUrl: string;
  readonly nodes: readonly ClusterNode[];
  readonly accessLog: string;
  /** Kept after the run: screenshots and copies of the nodes' and nginx's logs. */
  readonly artifacts: string;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** Rows of a query on the nodes' database, each a list of text columns (psql). */
  sql(query: string): Promise<string[][]>;
  /** The node whose socket set in Redis holds `socketId` (a Socket.IO socket id), or null. */
  nodeOfSocket(socketId: string): Promise<ClusterNode | null>;
  stop(): Promise<void>;
}

function services(env: NodeJS.ProcessEnv) {
  const postgres = new URL(env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres');
  // The server's URL with no database named connects to the user's own; "postgres" always exists.
  if (postgres.pathname === '' || postgres.pathname === '/') postgres.pathname = '/postgres';
  return { postgresUrl: postgres.toString(), redisUrl: env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379' };
}

async function psql(url: string, statement: string): Promise<string[][]> {
  try {
    const { stdout } = await run('psql', ['-X', '-w', '-q', '-tA', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', statement], {
      env: { ...process.env, PGCONNECT_TIMEOUT: '10' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.split('\t'));
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT') throw new Error('psql is not installed: the several-nodes test reads PostgreSQL with it (apt-get install postgresql-client)', { cause: error });
    throw new Error(`psql on ${redactedUrl(url)} failed for \`${statement.slice(0, 120)}\`: ${(stderr ?? String(error)).trim()}`, { cause: error });
  }
}

function redactedUrl(value: string): string {
  const url = new URL(value);
  if (url.password) url.password = '***';
  return url.toString();
}

/** A logical database 1-15 nobody else holds, emptied and marked as ours (as cluster-env.ts does). */
async function claimRedisDatabase(serverUrl: string): Promise<RedisClient> {
  const token = randomBytes(8).toString('hex');
  const numbers = Array.from({ length: 15 }, (_, index) => index + 1).sort(() => Math.random() - 0.5);
  for (const number of numbers) {
    const redis = await openRedis(withDatabase(serverUrl, number));
    await redis.command('WATCH', CLAIM_KEY);
    if ((await redis.command('GET', CLAIM_KEY)) === null) {
      await redis.command('MULTI');
      await redis.command('FLUSHDB');
      await redis.command('SET', CLAIM_KEY, token, 'PX', CLAIM_TTL_MS);
      if ((await redis.command('EXEC')) !== null) return redis;
    } else {
      await redis.command('UNWATCH');
    }
    redis.close();
  }
  throw new Error(`every Redis database 1-15 on ${redactedUrl(serverUrl)} is held by another cluster suite`);
}

/** One treasury for every node, in solana-keygen's format (the 32-byte seed, then the public key), as scripts/cluster.mjs writes it. */
function writeTreasuryKeypair(file: string): void {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d ?? '', 'base64url');
  const address = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  writeFileSync(file, JSON.stringify([...seed, ...address]), { mode: 0o600 });
}

async function answersOk(url: string): Promise<true | null> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  await response.body?.cancel();
  return response.ok ? true : null;
}

/** Also writes the process's whole output to `file` (startProcess keeps only its tail). */
function teeTo(started: Started, file: string): WriteStream {
  const out = createWriteStream(file, { flags: 'a' });
  started.child.stdout?.on('data', (chunk: Buffer) => out.write(chunk));
  started.child.stderr?.on('data', (chunk: Buffer) => out.write(chunk));
  return out;
}

/**
 * Polls `probe` until it answers a value, as processes.ts's waitFor does, but fails at once when
 * `started` exits meanwhile (waitFor takes a probe that throws for "not yet").
 */
async function waitForProcess<T>(what: string, started: Started, probe: () => Promise<T | null>, timeoutMs: number, describe: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { exitCode, signalCode } = started.child;
    if (exitCode !== null || signalCode !== null) throw new Error(`${what}: the process exited (${signalCode ?? `code ${exitCode}`})\n${describe()}`);
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s\n${describe()}`);
    await sleep(300);
  }
}

const members = (reply: Reply): string[] => (Array.isArray(reply) ? reply.filter((item): item is string => typeof item === 'string') : []);

export async function startCluster(options: { readonly nodes: number }): Promise<Cluster> {
  if (!existsSync(NGINX_BIN)) {
    throw new Error(`nginx is not installed at ${NGINX_BIN}: the several-nodes test runs deploy/nginx.conf with it. Run \`node scripts/ensure-nginx.mjs\` (npm test runs it) or set NGINX_PATH.`);
  }
  const { postgresUrl, redisUrl: redisServerUrl } = services(process.env);
  const closers: { what: string; close: () => Promise<unknown> }[] = [];
  const stopAll = async () => {
    const errors: string[] = [];
    for (const { what, close } of closers.splice(0).reverse()) await close().catch((error: unknown) => errors.push(`${what}: ${String(error)}`));
    if (errors.length > 0) console.error(`[cluster] cleanup problems:\n${errors.join('\n')}`);
  };

  try {
    const work = mkdtempSync(join(tmpdir(), 'duel-dojo-e2e-cluster-'));
    const artifacts = mkdtempSync(join(tmpdir(), 'duel-dojo-several-nodes-'));
    const logs = join(work, 'logs');
    mkdirSync(logs);
    // Runs last: a run that failed before writing anything leaves no empty folder behind.
    closers.push({ what: 'the empty artifacts folder', close: async () => readdirSync(artifacts).length === 0 && rmSync(artifacts, { recursive: true }) });
    closers.push({ what: 'temporary files', close: async () => rmSync(work, { recursive: true, force: true }) });
    // Closers run last first: this one once every node has stopped, before the files go.
    const nodes: ClusterNode[] = [];
    closers.push({
      what: 'copying the nodes\' logs',
      close: async () => {
        for (const node of nodes) if (existsSync(node.logFile)) copyFileSync(node.logFile, join(artifacts, `${node.name}.log`));
      },
    });

    // PostgreSQL: a database of this run's own on TEST_DATABASE_URL's server.
    await psql(postgresUrl, 'select 1').catch((error: unknown) => {
      throw new Error(`PostgreSQL does not answer at ${redactedUrl(postgresUrl)} (TEST_DATABASE_URL): run \`node scripts/ensure-services.mjs\`.\n${(error as Error).message}`, { cause: error });
    });
    const databaseName = `dd_e2e_${randomBytes(6).toString('hex')}`;
    await psql(postgresUrl, `create database "${databaseName}"`);
    closers.push({ what: `database ${databaseName}`, close: () => psql(postgresUrl, `drop database if exists "${databaseName}" with (force)`) });
    const databaseUrl = new URL(postgresUrl);
    databaseUrl.pathname = `/${databaseName}`;

    // Redis: one of databases 1-15, empty, emptied again at the end.
    const redis = await claimRedisDatabase(redisServerUrl).catch((error: unknown) => {
      throw new Error(
        `Redis does not answer at ${redactedUrl(redisServerUrl)} (TEST_REDIS_URL): the several-nodes test needs it. Run \`node scripts/ensure-services.mjs\`.\n${(error as Error).message}`,
        { cause: error },
      );
    });
    closers.push({
      what: `Redis ${redis.url}`,
      close: async () => {
        await redis.command('FLUSHDB');
        redis.close();
      },
    });

    // The local chain (packages/localnet), in memory, on ports the kernel picks.
    const chain = startProcess(process.execPath, ['--import', 'tsx', 'packages/localnet/src/main.ts'], {
      cwd: root,
      env: { ...process.env, LOCALNET_HOST: '127.0.0.1', LOCALNET_PORT: '0', LOCALNET_WS_PORT: '', LOCALNET_DATA_DIR: 'memory' },
    });
    closers.push({ what: 'the chain', close: () => chain.stop() });
    const chainUrls = await waitForProcess(
      'the local chain',
      chain,
      async () => {
        const rpcUrl = /JSON-RPC\s+(http:\/\/\S+)/.exec(chain.output())?.[1];
        const wsUrl = /WebSocket\s+(ws:\/\/\S+)/.exec(chain.output())?.[1];
        return rpcUrl && wsUrl ? { rpcUrl, wsUrl } : null;
      },
      60_000,
      chain.output,
    );

    const nginxPort = await freePort();
    const origin = `http://localhost:${nginxPort}`;
    const treasury = join(work, 'treasury.json');
    writeTreasuryKeypair(treasury);
    const shared = {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redis.url,
      REDIS_PREFIX: PREFIX,
      SOLANA_CLUSTER: 'localnet',
      SOLANA_RPC_URL: chainUrls.rpcUrl,
      SOLANA_WS_URL: chainUrls.wsUrl,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      TREASURY_KEYPAIR: treasury,
      // What the browsers open: sign-in messages name it, the sockets' Origin check compares with it.
      PUBLIC_ORIGIN: origin,
      // nginx is the one proxy in front: per-address limits count the address it saw.
      TRUST_PROXY: 'true',
      // A countdown that runs, as in the global setup.
      EARLY_ACCESS_TARGET: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      LOG_LEVEL: 'info',
    };
    const inherited: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'TREASURY_KEYPAIR', 'JWT_SECRET', 'SOLANA_RPC_URL', 'SOLANA_WS_URL', 'OPERATOR_TOKEN', 'GAME_TIMINGS_MS', 'DATA_DIR']) delete inherited[name];

    // One after another: on a new database the first node funds the treasury by airdrop, and
    // nodes started at once would each ask for it (scripts/cluster.mjs).
    for (let i = 1; i <= options.nodes; i += 1) {
      const name = `node-${i}`;
      const port = await freePort();
      const dataDir = join(work, name);
      mkdirSync(dataDir);
      const known = new Set(members(await redis.command('SMEMBERS', `${PREFIX}nodes`)));
      const node = startProcess(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: { ...inherited, ...shared, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      });
      const logFile = join(logs, `${name}.log`);
      const out = teeTo(node, logFile);
      closers.push({
        what: name,
        close: async () => {
          await node.stop();
          out.end();
        },
      });
      const describe = () => `${name} (port ${port}):\n${node.output()}`;
      await waitForProcess(`${name} on port ${port}`, node, () => answersOk(`http://127.0.0.1:${port}/api/health`), NODE_START_MS, describe);
      const nodeId = await waitFor(
        `${name}'s id in Redis`,
        async () => members(await redis.command('SMEMBERS', `${PREFIX}nodes`)).find((id) => !known.has(id)) ?? null,
        30_000,
        describe,
      );
      nodes.push({ name, address: `127.0.0.1:${port}`, nodeId, logFile });
    }

    // nginx: deploy/nginx.conf with this run's ports. Started as root it runs its workers as an
    // unprivileged user, which must be able to enter the prefix.
    const prefix = mkdtempSync(join(tmpdir(), 'duel-dojo-e2e-nginx-'));
    chmodSync(prefix, 0o755);
    closers.push({ what: 'the nginx prefix', close: async () => rmSync(prefix, { recursive: true, force: true }) });
    const prepared = prepareNginx(prefix, { listen: `127.0.0.1:${nginxPort}`, nodes: nodes.map((node) => node.address) });
    const nginx = startProcess(NGINX_BIN, prepared.args, { cwd: prefix, env: process.env });
    closers.push({
      what: 'nginx',
      close: async () => {
        await nginx.stop();
        // The logs outlive the run, beside the screenshots.
        for (const file of [prepared.accessLog, prepared.errorLog]) if (existsSync(file)) copyFileSync(file, join(artifacts, `nginx-${file.endsWith('access.log') ? 'access' : 'error'}.log`));
      },
    });
    const nginxUrl = `http://127.0.0.1:${nginxPort}`;
    await waitForProcess(
      `nginx on ${nginxUrl}`,
      nginx,
      () => answersOk(`${nginxUrl}/api/health`),
      30_000,
      () => `nginx: ${nginx.output() || 'no output'}\n${existsSync(prepared.errorLog) ? readFileSync(prepared.errorLog, 'utf8') : ''}`,
    );

    return {
      origin,
      nginxUrl,
      nodes,
      accessLog: prepared.accessLog,
      artifacts,
      databaseUrl: databaseUrl.toString(),
      redisUrl: redis.url,
      sql: (query) => psql(databaseUrl.toString(), query),
      async nodeOfSocket(socketId) {
        for (const node of nodes) if ((await redis.command('SISMEMBER', `${PREFIX}online:${node.nodeId}`, socketId)) === 1) return node;
        return null;
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** One line of deploy/nginx.conf's access log (log_format duel_dojo). */
export interface AccessLogLine {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** The nodes tried, in order ("a, b" when a failed and b answered). */
  readonly upstreams: string[];
  readonly userAgent: string;
}

const LOG_LINE = /^\S+ \[[^\]]*\] "(\S+) (\S+) [^"]*" (\d{3}) \d+ upstream=(.*?) upstream_status=.*"([^"]*)"$/;

export function readAccessLog(file: string): AccessLogLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = LOG_LINE.exec(line);
      if (!match) return [];
      const [, method = '', path = '', status = '0', upstreams = '', userAgent = ''] = match;
      return [{ method, path, status: Number(status), upstreams: upstreams.split(/,\s*/).filter((up) => up !== '-'), userAgent }];
    });
}
