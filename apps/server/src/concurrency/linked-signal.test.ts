import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { linkSignals } from './linked-signal';

/** A full garbage collection, as a loaded machine may run one at any moment. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function aborted(signal: AbortSignal, withinMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not aborted within ${withinMs} ms`)), withinMs);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(signal.reason);
    });
  });
}

describe('linkSignals', () => {
  it("a caller's AbortSignal.timeout still fires after a garbage collection while linked", async () => {
    // Nothing but the link holds the timeout signal, as when a caller writes confirm(..., AbortSignal.timeout(2_000)).
    const linked = linkSignals([AbortSignal.timeout(100)]);
    collectGarbage();
    const reason = await aborted(linked.signal, 5_000);
    expect((reason as Error).name).toBe('TimeoutError');
    expect(linked.timedOut).toBe(false);
  });

  it('its own deadline aborts with a TimeoutError naming the time, and says so', async () => {
    const linked = linkSignals([new AbortController().signal], 50);
    collectGarbage();
    const reason = await aborted(linked.signal, 5_000);
    expect((reason as Error).name).toBe('TimeoutError');
    expect((reason as Error).message).toBe('no answer within 50 ms');
    expect(linked.timedOut).toBe(true);
  });

  it('aborts with the reason of whichever source aborts first', () => {
    const first = new AbortController();
    const second = new AbortController();
    const linked = linkSignals([first.signal, undefined, second.signal], 60_000);
    second.abort(new Error('shutting down'));
    first.abort(new Error('later'));
    expect(linked.signal.aborted).toBe(true);
    expect((linked.signal.reason as Error).message).toBe('shutting down');
    expect(linked.timedOut).toBe(false);
  });

  it('is aborted at once when a source already is', () => {
    const linked = linkSignals([AbortSignal.abort(new Error('gone'))], 60_000);
    expect(linked.signal.aborted).toBe(true);
    expect((linked.signal.reason as Error).message).toBe('gone');
  });

  it('once released, neither a source nor the deadline aborts it', async () => {
    const source = new AbortController();
    const linked = linkSignals([source.signal], 20);
    linked.release();
    source.abort();
    await sleep(60);
    expect(linked.signal.aborted).toBe(false);
  });
});
