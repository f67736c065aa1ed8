// Inside a target (game server or relay): what its own event loop went through during the
// measurement window — event-loop delay, garbage-collection pauses, and with --profile a V8 CPU
// profile — answered to run.ts when the window ends. Tells a slow server from a slow machine.
import { type PerformanceEntry, PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { LOOP_RESOLUTION_MS, type TargetCommand, type TargetProbe, lateMs, tell } from './ipc';
import { createProfiler } from './profiler';

/** Answers run.ts's window commands; `stop` is the target's own shutdown. */
export function serveProbe(stop: () => void): void {
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
      };
      if (profiling) void profiler.stop().then((profile) => tell({ type: 'probe', probe: { ...probe, profile } }));
      else tell({ type: 'probe', probe });
    } else if (command.type === 'stop') stop();
  });
  process.on('disconnect', stop);
}
