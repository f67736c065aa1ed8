// The one countdown of the app: the time left until an end, re-read on a timer against a clock
// the caller names. The round timer reads the server's clock every 100 ms; the
// early-access and "Starts In" countdowns read the player's clock every second.
import { useEffect, useRef, useState } from 'react';

export interface CountdownClock {
  /** How often the time left is re-read, in ms. */
  readonly tickMs: number;
  /** The clock the end is measured on, in epoch ms: the player's own unless given. */
  readonly now?: () => number;
}

const leftUntil = (endMs: number, nowMs: number): number => Math.max(0, endMs - nowMs);

/** Milliseconds left until `endMs` (0 once it has passed), re-read every `tickMs`; null without an end. */
export function useCountdown(endMs: number | null, { tickMs, now = Date.now }: CountdownClock): number | null {
  // The timer reads the latest clock, so a caller may pass a new function each render (a server
  // clock through a changing offset) without restarting the timer.
  const clock = useRef(now);
  useEffect(() => {
    clock.current = now;
  });
  const [reading, setReading] = useState(() => ({ endMs, left: endMs === null ? 0 : leftUntil(endMs, now()) }));
  useEffect(() => {
    if (endMs === null) return undefined;
    const read = () => {
      const left = leftUntil(endMs, clock.current());
      setReading((last) => (last.endMs === endMs && last.left === left ? last : { endMs, left }));
    };
    read();
    const timer = setInterval(read, tickMs);
    return () => clearInterval(timer);
  }, [endMs, tickMs]);
  if (endMs === null) return null;
  // A new end (the next round): the last reading belongs to the old one, maybe seconds ago
  // (across a round's results), so read the clock now rather than show too much time left.
  return reading.endMs === endMs ? reading.left : leftUntil(endMs, now());
}
