// One run of the duels benchmark (N duels against one target, the game server or the relay) and
// the figures derived from it, shared by the printed lines (step-report.ts), the targets
// (targets.ts) and the plot (ladder-svg.ts).
import { cpus } from 'node:os';
import type { RoundFigures, latencies } from './figures';
import type { TargetProbe } from './ipc';

export type Kind = 'game' | 'relay';

export interface Step {
  readonly kind: Kind;
  readonly duels: number;
  readonly sockets: number;
  readonly connectFailed: number;
  readonly connectSeconds: number;
  readonly seconds: number;
  readonly figures: RoundFigures;
  readonly cpuSeconds: number;
  readonly rssIdle: number;
  readonly rssConnected: number;
  readonly rssEnd: number;
  readonly dbCpuSeconds: number | null;
  readonly clientCpuSeconds: number;
  /** The target's read and write system calls in the window. */
  readonly syscalls: { reads: number; writes: number } | null;
  readonly clientLagP99: number;
  readonly machine: { busy: number; interrupts: number } | null;
  readonly otherBefore: number | null;
  readonly joinWait: ReturnType<typeof latencies>;
  readonly roundsPerGame: number[];
  readonly counts: Record<string, number>;
  readonly payloadBytes: Record<string, { n: number; bytes: number }>;
  /** Every message the clients received in the window: how many, and their bytes as sent. */
  readonly windowMessages: number;
  readonly windowBytes: number;
  readonly probe: TargetProbe;
}

export const TARGET_P99_MS = 50;
/** Above this the load generator itself is late by more than the target: the row cannot be trusted. */
export const CLIENT_LAG_LIMIT_MS = 100;
export const CORES = cpus().length;
/** Below 1,000 sockets the growth is smaller than what a garbage collection gives back: not shown. */
const MIN_SOCKETS_FOR_RSS = 1_000;

export function cpuPer1k(step: Step): number {
  return (1000 * step.cpuSeconds) / Math.max(1, step.figures.rounds);
}

export function mibPer1kSockets(step: Step): number {
  return step.sockets < MIN_SOCKETS_FOR_RSS ? Number.NaN : ((step.rssEnd - step.rssIdle) * 1000) / step.sockets;
}

/** All messages out to both players of a duel, per round (match and end states, stats and clock included). */
export function bytesPerRound(step: Step): number {
  return step.figures.rounds > 0 ? step.windowBytes / step.figures.rounds : Number.NaN;
}

export function messagesPerRound(step: Step): number {
  return step.figures.rounds > 0 ? step.windowMessages / step.figures.rounds : Number.NaN;
}

/**
 * Other processes' share of the machine during the window: all busy time minus ours and minus
 * interrupt time (loopback traffic is processed there, charged to no process: mostly ours).
 */
export function otherShare(step: Step): number | null {
  if (step.machine === null) return null;
  const ours = (step.cpuSeconds + step.clientCpuSeconds + (step.dbCpuSeconds ?? 0)) / (step.seconds * CORES);
  return Math.max(0, step.machine.busy - step.machine.interrupts - ours);
}

export function keptUp(step: Step): boolean {
  return step.connectFailed === 0 && step.clientLagP99 <= CLIENT_LAG_LIMIT_MS && step.figures.rounds > 0;
}

export const passed = (step: Step): boolean => keptUp(step) && step.figures.all.p99 <= TARGET_P99_MS;
