// What run.ts and its child processes say to each other over the fork IPC channel (advanced
// serialization: typed arrays and NaN survive), and how a child is started: node with tsx, so
// the children run the same TypeScript as the server's tests do.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ProfileSummary } from './profiler';

export interface Timings {
  readonly introMs: number;
  readonly roundMs: number;
  readonly resultsMs: number;
  readonly statsPushMs: number;
}

/** What a target (the game server or the relay) is started with, as argv[2] in JSON. */
export interface TargetPlan {
  readonly timings: Timings;
  /** The game server: PostgreSQL at this URL, or PGlite in memory when null. */
  readonly databaseUrl?: string | null;
  /** The relay: how many rounds its games last, as counts by round number (index = rounds). */
  readonly roundsPerGame?: readonly number[];
  /** One of several nodes on Redis (cluster-run.ts); absent: a node alone, nothing shared. */
  readonly redis?: RedisPlan | null;
}

export interface RedisPlan {
  readonly url: string;
  /** This run's own key prefix (ComposeOptions.redisPrefix), deleted afterwards. */
  readonly prefix: string;
  /** This node's name in the leases and on the node bus. */
  readonly nodeId: string;
}

export type TargetCommand = { type: 'window-start'; profile: boolean } | { type: 'window-end' } | { type: 'stop' };

/** The target's own view of the window (target-probe.ts). */
export interface TargetProbe {
  readonly loopDelayP99Ms: number;
  readonly loopDelayMaxMs: number;
  readonly gcCount: number;
  readonly gcTotalMs: number;
  readonly gcMaxMs: number;
  readonly profile: ProfileSummary | null;
  /** The game server only: `select 1` through its own pool every 100 ms, as its event loop sees it. */
  readonly db: DbProbe | null;
  /** The game server only: errors it reported on stderr from its start to the window's end. */
  readonly errors: number | null;
}

export interface DbProbe {
  readonly n: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Most queries seen waiting for one of the pool's connections at a sample. */
  readonly poolWaitingMax: number;
}

export type TargetMessage = { type: 'ready'; url: string } | { type: 'probe'; probe: TargetProbe };

export interface ClientPlan {
  readonly url: string;
  readonly clients: number;
  readonly timings: Timings;
  /** Share of player-rounds in which a client does not act (the round then closes on its timer). */
  readonly idleShare: number;
  /** New connections per second (this worker). */
  readonly connectPerSecond: number;
  /** The first joinGame of every client is spread over this long after `play`. */
  readonly joinSpreadMs: number;
  /** After a game is over a client joins again within this long (uniformly). */
  readonly rejoinPauseMs: number;
  /** Send requestStats on connect and whenever its game waits (then the gameStats pushes reach it until it is seated), as the web app does while it waits. */
  readonly watchStats: boolean;
}

export type WorkerCommand = { type: 'connect'; plan: ClientPlan } | { type: 'play' } | { type: 'window'; start: number } | { type: 'finish' };

export interface Receipts {
  /** `${sessionId}:${round}` per roundEnd received. */
  readonly keys: string[];
  /** Epoch ms (fractional) this client sent its accepted action for that round; NaN if none. */
  readonly sentAt: Float64Array;
  readonly receivedAt: Float64Array;
  /** The round's endTime from roundStart (server epoch ms). */
  readonly endTime: Float64Array;
  /** 1 when that roundEnd ended the game. */
  readonly gameOver: Uint8Array;
}

export interface WorkerReport {
  readonly receipts: Receipts;
  /** joinGame sent -> gameState of the match (phase intro), for joins made inside the window. */
  readonly joinWaitsMs: Float64Array;
  /** Finished games by their number of rounds (index = rounds). */
  readonly roundsPerGame: number[];
  readonly loopDelayP99Ms: number;
  readonly loopDelayMaxMs: number;
  readonly counts: Record<string, number>;
  /** Mean JSON size of the first payloads of each event received. */
  readonly payloadBytes: Record<string, { n: number; bytes: number }>;
  /** Every message received from the window's start, bytes and count, per WINDOW_BIN_MS bin. */
  readonly windowBytes: Float64Array;
  readonly windowMessages: Float64Array;
}

export type WorkerMessage = { type: 'connected'; ok: number; failed: number; firstError: string | null } | { type: 'report'; report: WorkerReport };

/** The bins of WorkerReport.windowBytes: run.ts sums those inside its window. */
export const WINDOW_BIN_MS = 100;

/** monitorEventLoopDelay's timer period; its samples include it. */
export const LOOP_RESOLUTION_MS = 10;

/** A monitorEventLoopDelay sample (ns, timer period included) as ms late. */
export const lateMs = (nanoseconds: number): number => (Number.isFinite(nanoseconds) ? Math.max(0, nanoseconds / 1e6 - LOOP_RESOLUTION_MS) : 0);

/** Epoch milliseconds with sub-millisecond precision, comparable across our processes. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/** Starts `file` (next to this one) as a child process under tsx with an IPC channel. */
export function startChild(file: string, args: readonly string[], execArgv: readonly string[] = []): ChildProcess {
  return fork(fileURLToPath(new URL(file, import.meta.url)), [...args], {
    execArgv: ['--import', 'tsx', ...execArgv],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The next message of `type` from the child; rejects on timeout or when the child exits first. */
export function nextMessage<M extends { type: string }, T extends M['type']>(child: ChildProcess, type: T, timeoutMs: number): Promise<Extract<M, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no ${type} from child ${child.pid} within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: M) => {
      if (message.type === type) finish(null, message as Extract<M, { type: T }>);
    };
    const onExit = (code: number | null, signal: string | null) => finish(new Error(`child ${child.pid} exited (${code ?? signal}) before ${type}`));
    function finish(error: Error | null, message?: Extract<M, { type: T }>) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(message as Extract<M, { type: T }>);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Resolves when the child has exited; kills it (SIGKILL, this child only) after `timeoutMs`. */
export function exited(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** In a child: sends a message to run.ts; `sent` runs once it is handed to the channel. */
export function tell(message: TargetMessage | WorkerMessage, sent?: () => void): void {
  process.send?.(message, undefined, undefined, () => sent?.());
}
