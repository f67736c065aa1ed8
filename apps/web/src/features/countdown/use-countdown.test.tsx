// The one countdown hook, on fake timers and an injected clock: no real time passes.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CountdownClock, useCountdown } from './use-countdown';

/** The injected clock: fake time, counted so a test sees when it is read. */
function countedClock(start: number) {
  vi.setSystemTime(start);
  const clock = { reads: 0 };
  const now = () => {
    clock.reads += 1;
    return Date.now();
  };
  return { clock, now };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useCountdown', () => {
  it('re-reads the time left on its tick against the clock it is given, down to 0 and never below', () => {
    const { now } = countedClock(1_000_000);
    const { result } = renderHook(() => useCountdown(1_000_000 + 1_000, { tickMs: 100, now }));
    expect(result.current).toBe(1_000);
    advance(100);
    expect(result.current).toBe(900);
    advance(899);
    // Between ticks it shows the last reading.
    expect(result.current).toBe(100);
    advance(1);
    expect(result.current).toBe(0);
    advance(5_000);
    expect(result.current).toBe(0);
  });

  it('is null without an end, and stops reading the clock', () => {
    const { clock, now } = countedClock(0);
    const { result, rerender } = renderHook(({ end }: { end: number | null }) => useCountdown(end, { tickMs: 1_000, now }), { initialProps: { end: 10_000 as number | null } });
    expect(result.current).toBe(10_000);
    rerender({ end: null });
    expect(result.current).toBeNull();
    const reads = clock.reads;
    advance(5_000);
    expect(result.current).toBeNull();
    expect(clock.reads).toBe(reads);
  });

  it('shows a new end from the time now, not from the last reading before it', () => {
    const { now } = countedClock(1_000_000);
    const { result, rerender } = renderHook(({ end }: { end: number | null }) => useCountdown(end, { tickMs: 100, now }), { initialProps: { end: 1_010_000 as number | null } });
    advance(10_000);
    rerender({ end: null });
    // A round's results are on screen for 4 s: no tick meanwhile.
    advance(4_000);
    rerender({ end: 1_024_000 });
    expect(result.current).toBe(10_000);
  });

  it('reads the latest clock a caller passes without waiting for a new end (a server clock whose offset moved)', () => {
    vi.setSystemTime(1_000_000);
    const offset = { current: 0 };
    const serverClock = (): CountdownClock => ({ tickMs: 100, now: () => Date.now() + offset.current });
    const { result } = renderHook(() => useCountdown(1_010_000, serverClock()));
    expect(result.current).toBe(10_000);
    // The server turns out to be 2 s ahead: its round ends 2 s sooner on the player's clock.
    offset.current = 2_000;
    advance(100);
    expect(result.current).toBe(7_900);
  });

  it('ticks as often as it is asked to', () => {
    const { now } = countedClock(0);
    const { result } = renderHook(() => useCountdown(10_000, { tickMs: 1_000, now }));
    advance(999);
    expect(result.current).toBe(10_000);
    advance(1);
    expect(result.current).toBe(9_000);
  });
});
