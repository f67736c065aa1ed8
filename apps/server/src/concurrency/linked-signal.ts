// One signal that aborts when any of several does, or after a deadline, without AbortSignal.any.
// In Node 20 a signal made by AbortSignal.any holds its sources only weakly, and an
// AbortSignal.timeout() is kept alive by nothing but its listeners: passed straight into any(),
// the timeout signal can be garbage collected before it fires, and the deadline silently never
// comes (seen on a loaded CI machine: a confirmation wait outlived its timeout). Here every source
// gets a real listener and the deadline is a plain timer, so each holds until `release`.

export interface LinkedSignal {
  readonly signal: AbortSignal;
  /** True once the deadline, not a source, aborted the signal. */
  readonly timedOut: boolean;
  /** Drops the listeners and the timer; call it once the work the signal bounds has ended. */
  release(): void;
}

/** Aborts with the first source's reason, or with a TimeoutError after `timeoutMs` if given. */
export function linkSignals(sources: readonly (AbortSignal | undefined)[], timeoutMs?: number): LinkedSignal {
  const controller = new AbortController();
  const watched = sources.filter((source): source is AbortSignal => source !== undefined);
  const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
        }, timeoutMs);
  const release = () => {
    clearTimeout(timer);
    for (const source of watched) source.removeEventListener('abort', onAbort);
  };
  for (const source of watched) {
    if (source.aborted) {
      controller.abort(source.reason);
      break;
    }
    source.addEventListener('abort', onAbort, { once: true });
  }
  if (controller.signal.aborted) release();
  else controller.signal.addEventListener('abort', release, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    release,
  };
}
