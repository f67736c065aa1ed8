// A game's writes behind its events: one at a time and in order, a waiting write replaced by a
// newer one (it carries it), retried with backoff on failure without holding anyone up, and a
// refused write letting the game go. The timers are a manual clock: no test waits for real time.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { GameClock } from './game-clock';
import { PendingWrites } from './pending-writes';
import { WRITE_RETRY_MS, WriteBehind, type WriteJob } from './write-behind';

function manualClock() {
  let now = 0;
  const timers: { at: number; callback: () => void; cancelled: boolean }[] = [];
  const clock: GameClock = {
    now: () => now,
    after(ms, callback) {
      const timer = { at: now + ms, callback, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
  };
  return {
    clock,
    pending: () => timers.filter((timer) => !timer.cancelled && timer.at > now).map((timer) => timer.at - now),
    advance(ms: number) {
      now += ms;
      for (const timer of timers.splice(0)) {
        if (timer.cancelled) continue;
        if (timer.at <= now) timer.callback();
        else timers.push(timer);
      }
    },
  };
}

/** A write the test finishes by hand: what was written, in order. */
function harness() {
  const time = manualClock();
  const writes = new PendingWrites(time.clock);
  const errors: string[] = [];
  let lost = 0;
  const writer = new WriteBehind('game-1', { clock: time.clock, report: (_e, message) => errors.push(message), pending: writes }, () => (lost += 1));
  const started: { name: string; finish: (held: boolean) => void; fail: () => void }[] = [];
  const job = (kind: WriteJob['kind'], name: string): WriteJob => ({
    kind,
    write: () =>
      new Promise<boolean>((resolve, reject) => {
        started.push({ name, finish: resolve, fail: () => reject(new Error(`${name} failed`)) });
      }),
  });
  const settle = () => sleep(0);
  return { time, writes, writer, job, started, errors, settle, lost: () => lost };
}

describe('WriteBehind', () => {
  it('writes one at a time, in order; a write still waiting is replaced by the newer one', async () => {
    const h = harness();
    h.writer.push(h.job('round', 'round 1'));
    h.writer.push(h.job('round', 'round 2'));
    h.writer.push(h.job('round', 'round 3'));
    expect(h.started.map((s) => s.name)).toEqual(['round 1']);
    expect(h.writes.size).toBe(1);
    h.started[0]?.finish(true);
    await h.settle();
    // Round 2 was never written: round 3 carries it (the whole log).
    expect(h.started.map((s) => s.name)).toEqual(['round 1', 'round 3']);
    h.writer.push(h.job('over', 'record'));
    h.writer.push(h.job('round', 'a late round'));
    h.started[1]?.finish(true);
    await h.settle();
    expect(h.started.map((s) => s.name)).toEqual(['round 1', 'round 3', 'record']);
    let recorded = false;
    void h.writes.recorded('game-1').then(() => (recorded = true));
    await h.settle();
    expect(recorded).toBe(false);
    h.started[2]?.finish(true);
    await h.settle();
    expect(recorded).toBe(true);
    expect(h.writes.size).toBe(0);
    expect(h.errors).toEqual([]);
  });

  it('retries a failed write with backoff while newer writes replace it, and never blocks the caller', async () => {
    const h = harness();
    h.writer.push(h.job('round', 'round 1'));
    h.started[0]?.fail();
    await h.settle();
    expect(h.errors).toEqual(['game game-1: saving a round failed (attempt 1)']);
    expect(h.time.pending()).toEqual([WRITE_RETRY_MS[0]]);
    // The game goes on: round 2 closes meanwhile; the retry writes it (it carries round 1).
    h.writer.push(h.job('round', 'round 2'));
    expect(h.started).toHaveLength(1);
    h.time.advance(WRITE_RETRY_MS[0] ?? 0);
    expect(h.started.map((s) => s.name)).toEqual(['round 1', 'round 2']);
    h.started[1]?.fail();
    await h.settle();
    expect(h.time.pending()).toEqual([WRITE_RETRY_MS[1]]);
    h.time.advance(WRITE_RETRY_MS[1] ?? 0);
    expect(h.started.map((s) => s.name)).toEqual(['round 1', 'round 2', 'round 2']);
    h.started[2]?.finish(true);
    await h.settle();
    expect(h.writes.size).toBe(0);
    expect(h.lost()).toBe(0);
  });

  it('gives a write up after the last backoff, and a refused write (another node holds the game) lets the game go', async () => {
    const h = harness();
    h.writer.push(h.job('over', 'record'));
    for (let attempt = 0; attempt <= WRITE_RETRY_MS.length; attempt += 1) {
      h.started[attempt]?.fail();
      await h.settle();
      h.time.advance(WRITE_RETRY_MS[attempt] ?? 0);
    }
    expect(h.started).toHaveLength(WRITE_RETRY_MS.length + 1);
    expect(h.errors.at(-1)).toBe(`game game-1: writing the result failed (attempt ${WRITE_RETRY_MS.length + 1}, given up)`);
    expect(h.writes.size).toBe(0);

    const other = harness();
    other.writer.push(other.job('round', 'round 1'));
    other.writer.push(other.job('round', 'round 2'));
    other.started[0]?.finish(false);
    await other.settle();
    expect(other.lost()).toBe(1);
    // Nothing after a refusal: the waiting write is dropped with it.
    expect(other.started).toHaveLength(1);
  });

  it('a stopping node tries what is queued once, without retries, and drains', async () => {
    const h = harness();
    h.writer.push(h.job('round', 'round 1'));
    h.writer.push(h.job('over', 'record'));
    const drained = h.writes.drain();
    h.started[0]?.finish(true);
    await h.settle();
    h.started[1]?.fail();
    await drained;
    expect(h.started.map((s) => s.name)).toEqual(['round 1', 'record']);
    expect(h.time.pending()).toEqual([]);
    expect(h.errors).toEqual(['game game-1: writing the result failed (attempt 1, given up)']);
  });
});
