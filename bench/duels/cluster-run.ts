// The duels benchmark on several nodes, printing figures, not a test. At each N of the ladder it
// measures four setups with the same load clients (cluster-step.ts): one game server alone (no
// Redis, as run.ts), two game servers on Redis sharing one PostgreSQL database (half the clients
// on each; players meet through the shared queue, so many games have their players on two nodes),
// the bare relay alone, and two relays on the same Redis adapter (the floor of the Redis
// hop: only the messages that must cross nodes do). Per setup: rounds per second, the nodes' CPU
// per 1,000 rounds (summed), p50/p99 of "round closed -> roundEnd received" (figures.ts); then the
// two targets: CPU with two nodes on Redis / one node (≤ 1.25×) and the p50 the hop adds (≤ 2 ms).
//
//   npm run duels:cluster -w @duel-dojo/bench
//   BENCH_DUELS=100,300 BENCH_SECONDS=10 BENCH_WARMUP=5 npm run duels:cluster -w @duel-dojo/bench
//
// Environment as run.ts (BENCH_DUELS, BENCH_SECONDS, BENCH_WARMUP, BENCH_WORKERS, BENCH_IDLE,
// BENCH_STATS, BENCH_QUIET_WAIT, BENCH_RETRIES, BENCH_DUELS_DATABASE_URL), BENCH_REDIS_URL
// (redis://127.0.0.1:6379), BENCH_SETUPS (game1,game2,relay1,relay2: only those) and
// BENCH_RELAY_EMIT=adapter (the relays send every event by io.to(id) through the adapter, as the
// game server's emitter does, instead of socket.emit to a local socket: what that part costs). PostgreSQL is required (nodes cannot share PGlite): a fresh database
// per game-server step (dd_duels_cluster_bench, dropped at the end); Redis keys under a random
// prefix per run, one sub-prefix per step (so no step sees another's queue), deleted at the end.
import { cpus } from 'node:os';
import { backgroundCpu } from '../api/background-cpu';
import { type BenchDb, backendPids, dropDatabase, prepareDatabase } from './bench-db';
import { REDIS_URL, checkRedis, deleteKeys, runPrefix } from './bench-redis';
import { type ClusterStep, type Load, type Setup, cpuPer1k, cpuSum, otherShare, runClusterStep } from './cluster-step';
import { meanRounds, simulatedGameLengths } from './game-lengths';
import type { ProfileLine } from './profiler';

const LADDER = (process.env.BENCH_DUELS ?? '100,300,1000').split(',').map(Number).filter((n) => n > 0);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 10);
const IDLE_SHARE = Number(process.env.BENCH_IDLE ?? 0.05);
/** A step is run again (the quietest kept) when other work took more of the machine than this. */
const OTHER_LIMIT = 0.15;
const RETRIES = Number(process.env.BENCH_RETRIES ?? 1);
const CLIENT_LAG_LIMIT_MS = 100;
const CPU_RATIO_TARGET = 1.25;
const ADDED_P50_TARGET_MS = 2;
const CORES = cpus().length;
const LOAD: Load = {
  timings: { introMs: 100, roundMs: 1_000, resultsMs: 100, statsPushMs: 1_000 },
  workers: Math.max(1, Number(process.env.BENCH_WORKERS ?? 2)),
  idleShare: IDLE_SHARE,
  warmupSeconds: WARMUP_SECONDS,
  seconds: Number(process.env.BENCH_SECONDS ?? 15),
  // The first joins are spread over about one game (8 s) as in run.ts, but never past the
  // warm-up: a window that starts while games are still being started would count a ramp.
  joinSpreadMs: Math.min(8_000, WARMUP_SECONDS * 1000),
  watchStats: process.env.BENCH_STATS !== '0',
  connectsPerSecond: 2_000,
  quietPercent: 10,
  quietWaitSeconds: Number(process.env.BENCH_QUIET_WAIT ?? 30),
  roundsPerGame: simulatedGameLengths(IDLE_SHARE),
};

type Name = 'game ×1' | 'game ×2 Redis' | 'relay ×1' | 'relay ×2 Redis';
/** BENCH_SETUPS=game1,relay2 (say) measures only those. */
const ONLY = process.env.BENCH_SETUPS?.split(',').map((key) => key.trim());
const SETUPS = (
  [
    { key: 'game1', name: 'game ×1', kind: 'game', nodes: 1 },
    { key: 'game2', name: 'game ×2 Redis', kind: 'game', nodes: 2 },
    { key: 'relay1', name: 'relay ×1', kind: 'relay', nodes: 1 },
    { key: 'relay2', name: 'relay ×2 Redis', kind: 'relay', nodes: 2 },
  ] as const satisfies readonly { key: string; name: Name; kind: Setup['kind']; nodes: number }[]
).filter((setup) => !ONLY || ONLY.includes(setup.key));

const fixed = (value: number | null, digits: number, width = 0) => (value === null || !Number.isFinite(value) ? '-' : value.toFixed(digits)).padStart(width);
const percent = (share: number | null) => (share === null ? '?' : `${Math.round(100 * share)} %`);
const perSecond = (step: ClusterStep, seconds: number | null) => (seconds === null ? null : (100 * seconds) / step.seconds);
const roundsPerSecond = (step: ClusterStep) => step.figures.rounds / step.seconds;
const errorsOf = (step: ClusterStep) => step.probes.reduce((sum, probe) => sum + (probe.errors ?? 0), 0);
const twoNodeShare = (step: ClusterStep) => `${fixed((100 * step.crossNodeGames) / Math.max(1, step.games), 0)} %`;
const keptUp = (step: ClusterStep) => step.connectFailed === 0 && step.clientLagP99 <= CLIENT_LAG_LIMIT_MS && step.figures.rounds > 0;

function details(name: Name, step: ClusterStep): string {
  const f = step.figures;
  const refusals = Object.entries(step.counts)
    .filter(([event]) => event.startsWith('error') || event.startsWith('disconnected'))
    .map(([event, n]) => `${event} ×${n}`);
  const nodes = step.probes.map((probe, i) =>
    [
      `node-${i + 1} ${fixed(step.nodeCpuSeconds[i] ?? null, 2)} CPU s, RSS ${fixed(step.nodeRssMiB[i] ?? null, 0)} MiB, loop delay p99 ${fixed(probe.loopDelayP99Ms, 1)} max ${fixed(probe.loopDelayMaxMs, 1)} ms`,
      probe.db ? `, select 1 p50 ${fixed(probe.db.p50Ms, 1)} p99 ${fixed(probe.db.p99Ms, 1)} ms (pool waiting ≤ ${probe.db.poolWaitingMax})` : '',
      probe.errors === null ? '' : `, ${probe.errors} errors logged`,
    ].join(''),
  );
  const spread =
    step.setup.nodes > 1
      ? `${twoNodeShare(step)} with their players on two nodes, ${step.sameNodeGames.map((n, i) => `${n} on node-${i + 1} only`).join(', ')}; ` +
        `join -> match by the joiner's node: ${step.joinWaitByNode.map((wait, i) => `node-${i + 1} p50 ${fixed(wait.p50, 0)} p99 ${fixed(wait.p99, 0)} (n ${wait.n})`).join(', ')} ms`
      : 'one node';
  return [
    `  ${name} at ${step.duels} duels: ${step.sockets} sockets (${step.connectFailed} failed); ${f.rounds} rounds in ${step.seconds.toFixed(1)} s, ${step.matchesPerSecond.toFixed(1)} matches/s; ${step.games} games seen, ${spread}`,
    `    close -> roundEnd ms: p50 ${fixed(f.all.p50, 1)} p99 ${fixed(f.all.p99, 1)} max ${fixed(f.all.max, 1)} (n ${f.all.n}); both acted p50 ${fixed(f.bothActed.p50, 1)} p99 ${fixed(f.bothActed.p99, 1)}; ` +
      `timer p50 ${fixed(f.timer.p50, 1)} p99 ${fixed(f.timer.p99, 1)}; last round p99 ${fixed(f.gameOver.p99, 1)}; unpaired ${f.unknown}; join -> match p50 ${fixed(step.joinWait.p50, 0)} p99 ${fixed(step.joinWait.p99, 0)} ms (n ${step.joinWait.n})`,
    ...nodes.map((line) => `    ${line}`),
    `    PostgreSQL backends ${fixed(step.dbCpuSeconds, 2)} CPU s; redis-server ${fixed(step.redisCpuSeconds, 2)} CPU s; clients ${step.clientCpuSeconds.toFixed(2)} CPU s, lag p99 ${step.clientLagP99.toFixed(1)} ms; ` +
      `machine busy ${percent(step.machine?.busy ?? null)} (interrupts ${percent(step.machine?.interrupts ?? null)}), other processes ${percent(step.otherBefore)} before / ${percent(otherShare(step))} during`,
    `    ${refusals.length ? refusals.join(', ') : 'no refusals or disconnects seen by the clients'}`,
  ].join('\n');
}

const HEADER = 'duels  setup             rounds/s  matches/s    p50    p99  CPU s/1k rounds  nodes CPU %  DB CPU %  Redis CPU %  two-node games  join p99  clients CPU %  lag p99  other before/during  errors  kept up';

function row(name: Name, step: ClusterStep): string {
  return [
    String(step.duels).padStart(5),
    ` ${name}`.padEnd(17),
    fixed(roundsPerSecond(step), 0, 9),
    fixed(step.matchesPerSecond, 1, 10),
    fixed(step.figures.all.p50, 2, 6),
    fixed(step.figures.all.p99, 1, 6),
    fixed(cpuPer1k(step), 2, 16),
    fixed(perSecond(step, cpuSum(step)), 0, 12),
    fixed(perSecond(step, step.dbCpuSeconds), 0, 9),
    fixed(perSecond(step, step.redisCpuSeconds), 0, 12),
    (step.setup.nodes > 1 ? twoNodeShare(step) : '-').padStart(15),
    fixed(step.joinWait.p99, 0, 9),
    fixed(perSecond(step, step.clientCpuSeconds), 0, 14),
    fixed(step.clientLagP99, 1, 8),
    `${percent(step.otherBefore)} / ${percent(otherShare(step))}`.padStart(20),
    fixed(step.setup.kind === 'game' ? errorsOf(step) : null, 0, 7),
    (keptUp(step) ? 'yes' : 'NO').padStart(8),
  ].join(' ');
}

/** The two targets at one N, and the same ratios for the relays (the floor). */
function targets(steps: ReadonlyMap<Name, ClusterStep>): string[] {
  const one = steps.get('game ×1');
  const two = steps.get('game ×2 Redis');
  const relay = steps.get('relay ×1');
  const relays = steps.get('relay ×2 Redis');
  const lines: string[] = [];
  if (one && two) {
    const ratio = cpuPer1k(two) / cpuPer1k(one);
    const added = two.figures.all.p50 - one.figures.all.p50;
    lines.push(
      `  two game nodes on Redis ÷ one node alone: CPU per 1,000 rounds ${ratio.toFixed(2)}× (target ≤ ${CPU_RATIO_TARGET}: ${ratio <= CPU_RATIO_TARGET ? 'met' : 'NOT met'}); ` +
        `added p50 ${added >= 0 ? '+' : ''}${added.toFixed(2)} ms (target ≤ ${ADDED_P50_TARGET_MS} ms: ${added <= ADDED_P50_TARGET_MS ? 'met' : 'NOT met'}), added p99 ${(two.figures.all.p99 - one.figures.all.p99).toFixed(1)} ms`,
    );
    // Fewer rounds for the same clients: players waited to be matched, and the nodes' fixed costs
    // (timers, lease and presence passes, stream polling) are spread over fewer rounds.
    const fewer = 1 - roundsPerSecond(two) / roundsPerSecond(one);
    if (fewer > 0.1) lines.push(`  (two nodes ended ${Math.round(100 * fewer)} % fewer rounds than one, ${two.matchesPerSecond.toFixed(1)} against ${one.matchesPerSecond.toFixed(1)} matches/s: matchmaking did not keep up, which also inflates the CPU ratio)`);
  }
  if (relay && relays) {
    lines.push(
      `  the floor, two relays on Redis ÷ one relay: CPU per 1,000 rounds ${(cpuPer1k(relays) / cpuPer1k(relay)).toFixed(2)}×, added p50 ${(relays.figures.all.p50 - relay.figures.all.p50).toFixed(2)} ms, added p99 ${(relays.figures.all.p99 - relay.figures.all.p99).toFixed(1)} ms`,
    );
  }
  if (one && relay) lines.push(`  game ÷ relay, one node each: CPU per 1,000 rounds ${(cpuPer1k(one) / cpuPer1k(relay)).toFixed(2)}×`);
  return lines;
}

/** What two cores allow, and what the per-core figures predict for more cores (the largest N with both game setups). */
function coresParagraph(ladder: ReadonlyMap<number, ReadonlyMap<Name, ClusterStep>>): string {
  const at = [...ladder.entries()].filter(([, steps]) => steps.get('game ×1') && steps.get('game ×2 Redis')).at(-1);
  if (!at) return 'No N with both game setups measured: nothing to predict.';
  const [duels, steps] = at;
  const one = steps.get('game ×1') as ClusterStep;
  const two = steps.get('game ×2 Redis') as ClusterStep;
  // The load's own pace: the relay alone keeps up with it (else one node alone).
  const pace = steps.get('relay ×1') ?? one;
  const perDuel = roundsPerSecond(pace) / duels;
  const per1k = (seconds: number | null) => (1000 * (seconds ?? 0)) / Math.max(1, two.figures.rounds);
  const database = per1k(two.dbCpuSeconds);
  const redis = per1k(two.redisCpuSeconds);
  const duelsPerCore = (cpuPer1kRounds: number) => fixed(1000 / (cpuPer1kRounds * perDuel), 0);
  const node = cpuPer1k(two);
  return [
    `What two cores allow: the two game nodes, PostgreSQL, Redis and the load clients share the same ${CORES} cores, so two nodes cannot serve more`,
    `duels than one here; this run measures what a round costs when the players are spread over two nodes, and the latency the Redis hop adds.`,
    `Per core, at ${duels} duels and the load's pace of ${perDuel.toFixed(2)} rounds per second per duel (${pace === one ? 'one node alone' : 'the relay alone'}): one node alone took`,
    `${cpuPer1k(one).toFixed(2)} CPU s per 1,000 rounds = ${(1000 / cpuPer1k(one)).toFixed(0)} rounds per CPU-second = ${duelsPerCore(cpuPer1k(one))} duels per core; a node on Redis ${node.toFixed(2)} CPU s`,
    `= ${(1000 / node).toFixed(0)} rounds per CPU-second = ${duelsPerCore(node)} duels per core; counting PostgreSQL (${database.toFixed(2)}) and Redis (${redis.toFixed(2)} CPU s per`,
    `1,000 rounds) too, ${duelsPerCore(node + database + redis)} duels per core. A machine with C cores for the nodes (the clients elsewhere, PostgreSQL and Redis on`,
    `cores of their own) would serve about C × ${duelsPerCore(node)} duels, e.g. ${fixed((8 * 1000) / (node * perDuel), 0)} on 8 cores, as long as nothing serializes — but Redis`,
    `runs commands on one thread (${redis.toFixed(2)} CPU s per 1,000 rounds here: one Redis core near ${redis > 0 ? duelsPerCore(redis) : '-'} duels); an event crosses nodes only to the`,
    `node that holds its socket, but the adapter's requests (a socket's presence) go to every node, and every join of a tier waits for`,
    `the one tier lock in Redis: here two nodes made ${two.matchesPerSecond.toFixed(1)} matches per second, one node alone ${one.matchesPerSecond.toFixed(1)}.`,
    `These are linear extrapolations from a busy ${CORES}-core machine, not measurements.`,
  ].join('\n');
}

// ---- the run --------------------------------------------------------------------------------

await checkRedis(REDIS_URL);
const prefix = runPrefix();
const quietNow = await backgroundCpu();
console.log(
  `Duels on several nodes: ${CORES} cores, Node ${process.version}; PostgreSQL (a fresh database per game step), Redis ${REDIS_URL} under ${prefix}*; ` +
    `rounds ${LOAD.timings.roundMs} ms, intro ${LOAD.timings.introMs} ms, results ${LOAD.timings.resultsMs} ms; games last ${meanRounds(LOAD.roundsPerGame).toFixed(2)} rounds on average; ` +
    `${LOAD.workers} client processes or more (a multiple of the nodes, each bound to one node); ` +
    `relays send ${process.env.BENCH_RELAY_EMIT === 'adapter' ? 'every event through the adapter' : 'to local sockets directly'}; warm-up ${LOAD.warmupSeconds} s, window ${LOAD.seconds} s; other CPU now ${quietNow === null ? '?' : `${Math.round(quietNow)} %`}`,
);
console.log("p50/p99: ms from the round's close to roundEnd received, per client. CPU %: of one core. other: the machine's busy share not ours.\n");

/** `-- --profile`: where each node's time went in the window (V8 samples, idle included). */
function printProfiles(step: ClusterStep): void {
  step.probes.forEach((probe, node) => {
    const { profile } = probe;
    if (!profile) return;
    const show = (title: string, items: readonly ProfileLine[]) => {
      console.log(`      ${title}`);
      for (const item of items) console.log(`        ${item.percent.toFixed(1).padStart(5)} %  ${item.name}`);
    };
    console.log(`    profile of node-${node + 1} (${profile.seconds.toFixed(1)} s of samples):`);
    show('self time by package', profile.selfByPackage.filter((item) => item.percent >= 0.5));
    show('self time by function', profile.selfByFunction.slice(0, 15));
    show('inclusive time, our code', profile.inclusiveOurs.slice(0, 20));
  });
}

let db: BenchDb | null = null;
async function measure(name: Name, kind: Setup['kind'], nodes: number, duels: number): Promise<ClusterStep> {
  let best: ClusterStep | null = null;
  for (let attempt = 0; ; attempt += 1) {
    const redis = nodes > 1 ? { url: REDIS_URL, prefix: `${prefix}${kind}-${duels}-${attempt}:` } : null;
    if (kind === 'game') db = await prepareDatabase('dd_duels_cluster_bench', true);
    const current = db;
    const step = await runClusterStep({ kind, nodes, redis }, duels, LOAD, { url: kind === 'game' ? (current?.url ?? null) : null, pids: () => (current ? backendPids(current) : Promise.resolve([])) });
    console.log(details(name, step));
    printProfiles(step);
    if (!best || (otherShare(step) ?? 0) < (otherShare(best) ?? 0)) best = step;
    const other = otherShare(step) ?? 0;
    if (other <= OTHER_LIMIT || attempt >= RETRIES) return best;
    console.log(`  (other processes took ${percent(other)} of the machine during the window: running it again)`);
  }
}

const ladder = new Map<number, Map<Name, ClusterStep>>();
try {
  for (const duels of LADDER) {
    const steps = new Map<Name, ClusterStep>();
    ladder.set(duels, steps);
    for (const { name, kind, nodes } of SETUPS) steps.set(name, await measure(name, kind, nodes, duels));
    for (const line of targets(steps)) console.log(line);
    console.log('');
  }
} finally {
  if (db) await dropDatabase(db);
  const deleted = await deleteKeys(REDIS_URL, prefix).catch((error: unknown) => `none (${error instanceof Error ? error.message : String(error)})`);
  console.log(`Redis: deleted ${deleted} keys under ${prefix}*\n`);
}

console.log(HEADER);
for (const [, steps] of ladder) for (const [name, step] of steps) console.log(row(name, step));
console.log('');
for (const [duels, steps] of ladder) for (const line of targets(steps)) console.log(`${String(duels).padStart(5)} duels:${line.slice(1)}`);
console.log(`\n${coresParagraph(ladder)}`);
