// The API latency benchmark: the real server, in this process, on the seeded database; autocannon
// at 50 connections and at 1 in a worker thread (its own event loop, not the server's). At one
// connection each endpoint's mean is set against /api/health's, measured just before it, and the
// targets are ratios to that floor. Then the leaderboard refresh's cost at 10,000 games (the small
// database) and at 1,000,000.
//
//   npm run api:run -w @duel-dojo/bench                      # 10 s per endpoint and load, after 3 s of warm-up
//   npm run api:run -w @duel-dojo/bench -- --plans           # also print every query plan in full
//   npm run api:run -w @duel-dojo/bench -- --single          # only the one-connection measures
//   BENCH_SECONDS=30 npm run api:run -w @duel-dojo/bench
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { composeModules } from '../../apps/server/src/compose';
import { openDatabase } from '../../apps/server/src/adapters/db/connect';
import { testConfig } from '../../apps/server/src/config';
import { createServer } from '../../apps/server/src/server';
import { backgroundCpu, waitForQuiet } from './background-cpu';
import { SMALL, benchDatabase, isSeeded, withClient } from './database';
import { explainQueries } from './explain';
import { printRefreshCosts } from './refresh-report';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const TARGET_P99_MS = 10;
const SAMPLE_WALLETS = 10_000;
/** Before each endpoint, wait up to this long for other work to leave the cores below QUIET_PERCENT. */
const QUIET_WAIT_SECONDS = Number(process.env.BENCH_QUIET_WAIT ?? 120);
const QUIET_PERCENT = 10;
const RANDOM_WALLET = fileURLToPath(new URL('./random-wallet.cjs', import.meta.url));
const SINGLE_ONLY = process.argv.includes('--single');

const target = benchDatabase();
const { wallets, busiest } = await withClient(target.url, async (client) => {
  if (!(await isSeeded(client))) throw new Error(`${target.name} is not seeded: npm run api:seed -w @duel-dojo/bench`);
  const sample = await client.query<{ w: string }>('select wallet_address as w from users order by random() limit $1', [SAMPLE_WALLETS]);
  const top = await client.query<{ w: string; n: number }>(
    'select u.wallet_address as w, s.total_matches as n from user_stats s join users u on u.id = s.user_id order by s.total_matches desc limit 1',
  );
  return { wallets: sample.rows.map((row) => row.w), busiest: top.rows[0] ?? { w: '', n: 0 } };
});
const scratch = await mkdtemp(join(tmpdir(), 'dd-bench-'));
process.env.BENCH_WALLETS_FILE = join(scratch, 'wallets.json');
await writeFile(process.env.BENCH_WALLETS_FILE, JSON.stringify(wallets));

const config = testConfig({ databaseUrl: target.url });
const database = await openDatabase({ databaseUrl: target.url });
const modules = await composeModules(config, database);
const server = createServer(config, { database, routes: modules.routes, webDist: join(scratch, 'no-web-build') });
const { url } = await server.start();

/** `floorRatio`: the target at one connection, the mean within this many times health's. */
const endpoints: { name: string; path: string; perWallet?: boolean; floorRatio?: number }[] = [
  { name: 'health (floor: select 1)', path: '/api/health' },
  { name: 'leaderboard all time', path: '/api/leaderboard?type=profit&limit=20' },
  { name: 'leaderboard 24h', path: '/api/leaderboard?type=profit&limit=20&timeframe=24h' },
  { name: 'games of a wallet', path: '/api/games?wallet={wallet}&limit=20', perWallet: true, floorRatio: 2 },
  { name: 'profile of a wallet', path: '/api/user/{wallet}', perWallet: true, floorRatio: 2 },
  { name: `games, busiest (${busiest.n})`, path: `/api/games?wallet=${busiest.w}&limit=20`, floorRatio: 3 },
];
type Endpoint = (typeof endpoints)[number];
const health = endpoints[0] as Endpoint;
/** At one connection the endpoint and the floor take turns, in slices this long. */
const SLICE_SECONDS = 2;

function load(endpoint: Endpoint, connections: number, duration: number): Promise<Result> {
  const requests = [{ method: 'GET', path: endpoint.path, ...(endpoint.perWallet ? { setupRequest: RANDOM_WALLET } : {}) }];
  return autocannon({ url, connections, duration, workers: 1, requests });
}

async function measure(endpoint: Endpoint, connections: number): Promise<Result> {
  await load(endpoint, connections, WARMUP_SECONDS);
  return load(endpoint, connections, SECONDS);
}

interface Alone {
  readonly meanMs: number;
  readonly p99: number;
  readonly failed: number;
}

const failures = (r: Result) => r.errors + r.timeouts + r.non2xx;
function summary(results: Result[]): Alone {
  const rate = results.reduce((sum, r) => sum + r.requests.average, 0) / results.length;
  return { meanMs: 1000 / rate, p99: Math.max(...results.map((r) => r.latency.p99)), failed: results.reduce((sum, r) => sum + failures(r), 0) };
}

/**
 * One connection, the endpoint and /api/health in turns of SLICE_SECONDS: other work on the
 * machine comes and goes, and alternating puts both under the same share of it.
 */
async function measureAgainstFloor(endpoint: Endpoint): Promise<{ alone: Alone; floor: Alone }> {
  await load(endpoint, 1, WARMUP_SECONDS);
  const alone: Result[] = [];
  const floor: Result[] = [];
  for (let slice = 0; slice < Math.max(1, Math.round(SECONDS / SLICE_SECONDS)); slice += 1) {
    if (endpoint !== health) floor.push(await load(health, 1, SLICE_SECONDS));
    alone.push(await load(endpoint, 1, SLICE_SECONDS));
  }
  const measured = summary(alone);
  return { alone: measured, floor: floor.length > 0 ? summary(floor) : measured };
}

// Latencies are whole milliseconds, truncated (9 means 9.0–9.99 ms): only a p99 shown below
// the target is surely within it.
const ms = (value: number) => (value === 0 ? '<1' : String(value)).padStart(4);
const percent = (value: number | null) => (value === null ? '?' : `${Math.round(value)} %`);
const count = (value: number, width: number) => String(Math.round(value)).padStart(width);

try {
  console.log(`${url} on ${target.name}; per endpoint ${WARMUP_SECONDS} s of warm-up, then ${SECONDS} s at ${CONNECTIONS} connections and at 1`);
  console.log('Latencies in ms, truncated to whole ms (<1: under 1 ms); mean = 1000 / req/s. At 1 connection each endpoint takes');
  console.log(`turns of ${SLICE_SECONDS} s with /api/health (the floor, measured in the same turns); ratio = mean / floor. Other CPU: both`);
  console.log(`cores' use by other processes in the second before and after the row (the row waits up to ${QUIET_WAIT_SECONDS} s for < ${QUIET_PERCENT} % first).`);
  console.log(`\n${''.padEnd(24)} ${(SINGLE_ONLY ? '' : `${CONNECTIONS} connections`).padEnd(40)} 1 connection (no queueing)`);
  console.log(
    `${'endpoint'.padEnd(24)} ${'req/s'.padStart(6)} ${'p50'.padStart(4)} ${'p90'.padStart(4)} ${'p99'.padStart(4)} ${'max'.padStart(4)} ${'failed'.padStart(6)} ${'p99≤10'.padStart(6)}  ` +
      `${'req/s'.padStart(6)} ${'mean'.padStart(6)} ${'p99'.padStart(4)} ${'floor'.padStart(6)} ${'ratio'.padStart(6)}  ${'target'.padEnd(13)} other CPU before → after`,
  );
  const verdicts: string[] = [];
  for (const endpoint of endpoints) {
    const check = await fetch(url + endpoint.path.replace('{wallet}', wallets[0] ?? ''));
    if (check.status !== 200) throw new Error(`${endpoint.path} answered ${check.status}: ${await check.text()}`);
    const other = await waitForQuiet(QUIET_PERCENT, QUIET_WAIT_SECONDS);
    const busy = SINGLE_ONLY ? null : await measure(endpoint, CONNECTIONS);
    const { alone, floor } = await measureAgainstFloor(endpoint);
    const otherAfter = await backgroundCpu();
    const failed = (busy ? failures(busy) : 0) + alone.failed + floor.failed;
    const ratio = alone.meanMs / floor.meanMs;
    const target = endpoint.floorRatio === undefined ? '' : `≤ ${endpoint.floorRatio}×: ${ratio <= endpoint.floorRatio ? 'met' : 'NOT met'}`;
    if (target) verdicts.push(`${endpoint.name}: ${ratio.toFixed(2)}× the floor (${target})`);
    const l = busy?.latency;
    const loaded = busy && l
      ? `${count(busy.requests.average, 6)} ${ms(l.p50)} ${ms(l.p90)} ${ms(l.p99)} ${ms(l.max)} ${count(failed, 6)} ${(l.p99 < TARGET_P99_MS ? 'yes' : 'NO').padStart(6)}`
      : `${''.padEnd(33)} ${count(failed, 6)}`;
    console.log(
      `${endpoint.name.padEnd(24)} ${loaded}  ${count(1000 / alone.meanMs, 6)} ${alone.meanMs.toFixed(2).padStart(6)} ${ms(alone.p99)} ` +
        `${floor.meanMs.toFixed(2).padStart(6)} ${`${ratio.toFixed(2)}×`.padStart(6)}  ${target.padEnd(13)} ${percent(other)} → ${percent(otherAfter)}`,
    );
  }
  console.log(`\nTargets at one connection:\n${verdicts.map((line) => `  ${line}`).join('\n')}`);
  await printRefreshCosts(benchDatabase(process.env, SMALL), target);
  const pool = new pg.Pool({ connectionString: target.url, max: 2 });
  await explainQueries(pool, { wallet: wallets[0] ?? '', busiestWallet: busiest.w }, process.argv.includes('--plans')).finally(() => pool.end());
} finally {
  await server.stop();
  await modules.stop();
  await database.close();
  await rm(scratch, { recursive: true, force: true });
}
