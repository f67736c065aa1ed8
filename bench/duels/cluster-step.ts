// One step of cluster-run.ts: N duels against a setup of one or more target processes (game
// servers or relays; several of them share Redis). The same timeline as run.ts's runStep — quiet
// wait, connect, first joins spread, warm-up, window — with the CPU of every node of the setup
// summed, and each load-client process bound to one node: worker w's clients all connect to node
// w % nodes, so a game whose round records come from workers of two nodes had its players on two
// nodes (the share of such games is reported).
import type { ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitForQuiet } from '../api/background-cpu';
import { type Latencies, type RoundFigures, latencies, roundFigures } from './figures';
import {
  type ClientPlan,
  type TargetCommand,
  type TargetMessage,
  type TargetPlan,
  type TargetProbe,
  type Timings,
  type WorkerCommand,
  type WorkerMessage,
  type WorkerReport,
  epochNow,
  exited,
  nextMessage,
  startChild,
} from './ipc';
import { busyShare, cpuBetween, machineTimes, pidsByName, rssMiB, totalCpuSeconds } from './proc';

export interface Setup {
  readonly kind: 'game' | 'relay';
  readonly nodes: number;
  /** The nodes share Redis under this prefix; null: a node alone, no Redis. */
  readonly redis: { readonly url: string; readonly prefix: string } | null;
}

/** What every step of a run shares. */
export interface Load {
  readonly timings: Timings;
  readonly workers: number;
  readonly idleShare: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
  readonly joinSpreadMs: number;
  readonly watchStats: boolean;
  readonly connectsPerSecond: number;
  readonly quietPercent: number;
  readonly quietWaitSeconds: number;
  /** The relay's game lengths (game-lengths.ts). */
  readonly roundsPerGame: readonly number[];
}

export interface ClusterStep {
  readonly setup: Setup;
  readonly duels: number;
  readonly sockets: number;
  readonly connectFailed: number;
  readonly seconds: number;
  readonly figures: RoundFigures;
  /** Per node, in the window. */
  readonly nodeCpuSeconds: number[];
  readonly nodeRssMiB: number[];
  readonly probes: TargetProbe[];
  readonly dbCpuSeconds: number | null;
  /** The local redis-server process (shared with other users of the same Redis), setups on Redis only. */
  readonly redisCpuSeconds: number | null;
  readonly clientCpuSeconds: number;
  readonly clientLagP99: number;
  readonly machine: { busy: number; interrupts: number } | null;
  /** Shares (0–1) of the machine busy with other work before the step. */
  readonly otherBefore: number | null;
  readonly joinWait: Latencies;
  /** The same, by the node the joiners are connected to. */
  readonly joinWaitByNode: Latencies[];
  readonly counts: Record<string, number>;
  /** Games seen by the clients, those whose two players were on different nodes, and the rest by node. */
  readonly games: number;
  readonly crossNodeGames: number;
  readonly sameNodeGames: number[];
  /** Games whose first round ended inside the window, per second: the rate of matches made. */
  readonly matchesPerSecond: number;
}

const CORES = cpus().length;

function send(child: ChildProcess, command: WorkerCommand | TargetCommand): void {
  if (child.connected) child.send(command);
}

export async function runClusterStep(setup: Setup, duels: number, load: Load, db: { url: string | null; pids: () => Promise<number[]> }): Promise<ClusterStep> {
  const sockets = 2 * duels;
  const before = await waitForQuiet(load.quietPercent, load.quietWaitSeconds);
  const targets: ChildProcess[] = [];
  const workers: ChildProcess[] = [];
  try {
    const urls: string[] = [];
    for (let n = 0; n < setup.nodes; n += 1) {
      const plan: TargetPlan = {
        timings: load.timings,
        ...(setup.kind === 'game' ? { databaseUrl: db.url } : { roundsPerGame: load.roundsPerGame }),
        ...(setup.redis ? { redis: { ...setup.redis, nodeId: `node-${n + 1}` } } : {}),
      };
      const target = startChild(setup.kind === 'game' ? './game-server.ts' : './relay-server.ts', [JSON.stringify(plan)]);
      targets.push(target);
      // One at a time: the first game server applies the migrations to the fresh database.
      urls.push((await nextMessage<TargetMessage, 'ready'>(target, 'ready', 120_000)).url);
    }
    await sleep(1_000);
    const targetPids = targets.map((target) => target.pid as number);
    const redisPids = setup.redis ? await pidsByName('redis-server') : [];

    const workerCount = Math.ceil(load.workers / setup.nodes) * setup.nodes;
    for (let w = 0; w < workerCount; w += 1) workers.push(startChild('./load-clients.ts', []));
    const connected = workers.map((worker) => nextMessage<WorkerMessage, 'connected'>(worker, 'connected', 60_000 + (3_000 * sockets) / load.connectsPerSecond));
    workers.forEach((worker, w) => {
      const plan: ClientPlan = {
        url: urls[w % setup.nodes] as string,
        clients: Math.floor(sockets / workerCount) + (w < sockets % workerCount ? 1 : 0),
        timings: load.timings,
        idleShare: load.idleShare,
        connectPerSecond: load.connectsPerSecond / workerCount,
        joinSpreadMs: load.joinSpreadMs,
        rejoinPauseMs: 100,
        watchStats: load.watchStats,
      };
      send(worker, { type: 'connect', plan });
    });
    const answers = await Promise.all(connected);
    const connectFailed = answers.reduce((sum, answer) => sum + answer.failed, 0);
    const firstError = answers.find((answer) => answer.firstError)?.firstError;
    if (firstError) console.log(`  ${connectFailed} of ${sockets} connections failed, e.g. ${firstError}`);
    await sleep(500);

    for (const worker of workers) send(worker, { type: 'play' });
    await sleep(load.warmupSeconds * 1000);

    // The window.
    const workerPids = workers.map((worker) => worker.pid as number);
    const sample = async () => {
      const [nodes, clients, database, redis, machine] = await Promise.all([
        Promise.all(targetPids.map((pid) => totalCpuSeconds([pid]))),
        totalCpuSeconds(workerPids),
        db.url ? db.pids().then(totalCpuSeconds) : null,
        totalCpuSeconds(redisPids),
        machineTimes(),
      ]);
      return { nodes, clients, database, redis, machine };
    };
    const start = epochNow();
    for (const worker of workers) send(worker, { type: 'window', start });
    for (const target of targets) send(target, { type: 'window-start', profile: process.argv.includes('--profile') });
    const first = await sample();
    await sleep(load.seconds * 1000);
    const last = await sample();
    const end = epochNow();
    const nodeRssMiB = await Promise.all(targetPids.map(async (pid) => (await rssMiB(pid)) ?? Number.NaN));
    const probes = await Promise.all(
      targets.map((target) => {
        const answer = nextMessage<TargetMessage, 'probe'>(target, 'probe', 60_000);
        send(target, { type: 'window-end' });
        return answer.then((message) => message.probe);
      }),
    );
    const reports = await Promise.all(
      workers.map((worker) => {
        const answer = nextMessage<WorkerMessage, 'report'>(worker, 'report', 120_000);
        send(worker, { type: 'finish' });
        return answer.then((message) => message.report);
      }),
    );
    return {
      setup,
      duels,
      sockets,
      connectFailed,
      seconds: (end - start) / 1000,
      figures: roundFigures(
        reports.map((report) => report.receipts),
        start,
        end,
      ),
      nodeCpuSeconds: targetPids.map((_, i) => cpuBetween(first.nodes[i] as Map<number, number>, last.nodes[i] as Map<number, number>)),
      nodeRssMiB,
      probes,
      dbCpuSeconds: first.database && last.database ? cpuBetween(first.database, last.database) : null,
      redisCpuSeconds: redisPids.length > 0 ? cpuBetween(first.redis, last.redis) : null,
      clientCpuSeconds: cpuBetween(first.clients, last.clients),
      clientLagP99: Math.max(...reports.map((report) => report.loopDelayP99Ms)),
      machine: busyShare(first.machine, last.machine),
      otherBefore: before === null ? null : before / 100,
      joinWait: latencies(reports.flatMap((report) => Array.from(report.joinWaitsMs))),
      joinWaitByNode: urls.map((_, n) => latencies(reports.flatMap((report, w) => (w % setup.nodes === n ? Array.from(report.joinWaitsMs) : [])))),
      counts: mergeCounts(reports),
      ...crossNode(reports, setup.nodes),
      matchesPerSecond: firstRounds(reports, start, end) / ((end - start) / 1000),
    };
  } finally {
    // Workers that did not report yet (a failed run) exit when their channel closes.
    for (const worker of workers) if (worker.connected) worker.disconnect();
    for (const target of targets) send(target, { type: 'stop' });
    await Promise.all([...targets.map((target) => exited(target, 20_000)), ...workers.map((worker) => exited(worker, 10_000))]);
  }
}

function mergeCounts(reports: readonly WorkerReport[]): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const report of reports) for (const [name, value] of Object.entries(report.counts)) merged[name] = (merged[name] ?? 0) + value;
  return merged;
}

/** Games (session ids in the round records, warm-up included): recorded by clients of two nodes, or of one (by node). */
function crossNode(reports: readonly WorkerReport[], nodes: number): { games: number; crossNodeGames: number; sameNodeGames: number[] } {
  const nodesOf = new Map<string, number>();
  reports.forEach((report, w) => {
    const bit = 1 << w % nodes;
    for (const key of report.receipts.keys) {
      const session = key.slice(0, key.lastIndexOf(':'));
      nodesOf.set(session, (nodesOf.get(session) ?? 0) | bit);
    }
  });
  let crossNodeGames = 0;
  const sameNodeGames = Array.from({ length: nodes }, () => 0);
  for (const mask of nodesOf.values()) {
    if ((mask & (mask - 1)) !== 0) crossNodeGames += 1;
    else sameNodeGames[Math.log2(mask)] = (sameNodeGames[Math.log2(mask)] ?? 0) + 1;
  }
  return { games: nodesOf.size, crossNodeGames, sameNodeGames };
}

/** Distinct games whose first roundEnd reached a client inside the window. */
function firstRounds(reports: readonly WorkerReport[], start: number, end: number): number {
  const games = new Set<string>();
  for (const { receipts } of reports) {
    receipts.keys.forEach((key, i) => {
      const at = receipts.receivedAt[i] ?? Number.NaN;
      if (key.endsWith(':1') && at >= start && at < end) games.add(key.slice(0, -2));
    });
  }
  return games.size;
}

export const cpuSum = (step: ClusterStep): number => step.nodeCpuSeconds.reduce((sum, seconds) => sum + seconds, 0);

/** CPU seconds of the setup's nodes per 1,000 rounds ended in the window. */
export const cpuPer1k = (step: ClusterStep): number => (1000 * cpuSum(step)) / Math.max(1, step.figures.rounds);

/**
 * Other processes' share of the machine in the window: all busy time minus ours (nodes, clients,
 * PostgreSQL backends, Redis) and interrupts (loopback traffic is processed there: mostly ours).
 */
export function otherShare(step: ClusterStep): number | null {
  if (step.machine === null) return null;
  const ours = cpuSum(step) + step.clientCpuSeconds + (step.dbCpuSeconds ?? 0) + (step.redisCpuSeconds ?? 0);
  return Math.max(0, step.machine.busy - step.machine.interrupts - ours / (step.seconds * CORES));
}
