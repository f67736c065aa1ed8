// Inside a target (game server or relay): what its own event loop went through during the
// measurement window — event-loop delay, garbage-collection pauses, and with --profile a V8 CPU
// profile — answered to run.ts when the window ends. Tells a slow server from a slow machine.
import { type PerformanceEntry, PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { type DbProbe, LOOP_RESOLUTION_MS, type TargetCommand, type TargetProbe, lateMs, tell } from './ipc';
import { createProfiler } from './profiler';

/** Something else to sample during the window (the game server's database round trips). */
export interface WindowSampler {
  start(): void;
  stop(): DbProbe;
}

/** Answers run.ts's window commands; `stop` is the target's own shutdown; `errors` counts what it reported. */
export function serveProbe(stop: () => void, sampler: WindowSampler | null = null, errors: (() => number) | null = null): void {
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  const profiler = createProfiler();
  let profiling = false;
  let gcs: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEntry[]) gcs.push(entry.duration);
  });

  process.on('message', (command: TargetCommand) => {
    if (command.type === 'window-start') {
      gcs = [];
      observer.observe({ entryTypes: ['gc'] });
      loop.reset();
      loop.enable();
      profiling = command.profile;
      sampler?.start();
      if (profiling) void profiler.start();
    } else if (command.type === 'window-end') {
      loop.disable();
      observer.disconnect();
      const probe: TargetProbe = {
        loopDelayP99Ms: lateMs(loop.percentile(99)),
        loopDelayMaxMs: lateMs(loop.max),
        gcCount: gcs.length,
        gcTotalMs: gcs.reduce((sum, ms) => sum + ms, 0),
        gcMaxMs: Math.max(0, ...gcs),
        profile: null,
        db: sampler?.stop() ?? null,
        errors: errors?.() ?? null,
      };
      if (profiling) void profiler.stop().then((profile) => tell({ type: 'probe', probe: { ...probe, profile } }));
      else tell({ type: 'probe', probe });
    } else if (command.type === 'stop') stop();
  });
  process.on('disconnect', stop);
}

/**
 * `select 1` every `queryEveryMs` through `query`, timed, and every `waitingEveryMs` how many
 * queries wait for a pooled connection (a counter read, no query). The round trips are few on
 * purpose: each is work the game server does for the benchmark, charged to its CPU per round.
 */
export function roundTripSampler(query: () => Promise<unknown>, waiting: () => number, { queryEveryMs = 500, waitingEveryMs = 50 } = {}): WindowSampler {
  let timers: NodeJS.Timeout[] = [];
  let times: number[] = [];
  let waitingMax = 0;
  return {
    start() {
      times = [];
      waitingMax = 0;
      timers = [
        setInterval(() => {
          waitingMax = Math.max(waitingMax, waiting());
        }, waitingEveryMs),
        setInterval(() => {
          const started = performance.now();
          query().then(
            () => times.push(performance.now() - started),
            () => undefined,
          );
        }, queryEveryMs),
      ];
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      const sorted = times.sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
      return { n: sorted.length, p50Ms: at(50), p99Ms: at(99), maxMs: at(100), poolWaitingMax: waitingMax };
    },
  };
}
