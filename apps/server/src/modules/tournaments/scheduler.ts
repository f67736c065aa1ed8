// The tournaments' clock: one pass (`tick`) every `intervalMs`, never two at once. A pass is
// idempotent and reads everything it needs from the database (start dates, deadlines), so a
// missed or late pass only delays, and a test can run one by hand on its own clock.

export interface SchedulerDeps {
  readonly pass: () => Promise<void>;
  /** 0: no timer, passes only when `tick` is called (tests). */
  readonly intervalMs: number;
  readonly report: (error: unknown, message: string) => void;
}

export function createScheduler(deps: SchedulerDeps) {
  let running: Promise<void> | null = null;
  let following: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  /** One pass; a call during a pass gets one more pass after it (shared by every such call). */
  function tick(): Promise<void> {
    if (running) {
      following ??= running.then(() => {
        following = null;
        return tick();
      });
      return following;
    }
    running = deps
      .pass()
      .catch((error: unknown) => deps.report(error, 'tournament scheduler pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    tick,
    start(): void {
      if (timer || deps.intervalMs <= 0) return;
      timer = setInterval(() => void tick(), deps.intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await (following ?? running);
    },
  };
}
