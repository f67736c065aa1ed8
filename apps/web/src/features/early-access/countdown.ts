// The early-access countdown (spec §2 "Navbar", DESIGN.md departure 4): days, hours, minutes and
// seconds to a target from /api/config, ticking every second, gone once it has passed.
import { useEffect, useState } from 'react';

export interface CountdownParts {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
}

/** The target in epoch ms. An ISO text without a zone is the player's local time (Date's own rule). */
export function parseTarget(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = new Date(iso).getTime();
  return Number.isFinite(time) ? time : null;
}

/** The time left split into parts; null once the target has passed. */
export function countdownParts(targetMs: number, nowMs: number): CountdownParts | null {
  const left = Math.floor((targetMs - nowMs) / 1000);
  if (left <= 0) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  };
}

const UNIT_NAMES = [
  ['days', 'Day', 'Days'],
  ['hours', 'Hour', 'Hours'],
  ['minutes', 'Minute', 'Minutes'],
  ['seconds', 'Second', 'Seconds'],
] as const;

/** Each part with its unit's name, singular for exactly one: "1 Day", "0 Hours", "2 Minutes". */
export function countdownUnits(parts: CountdownParts): { readonly unit: keyof CountdownParts; readonly value: number; readonly label: string }[] {
  return UNIT_NAMES.map(([unit, one, many]) => ({ unit, value: parts[unit], label: parts[unit] === 1 ? one : many }));
}

/** Re-renders every second while the countdown runs; null when there is none or it has expired. */
export function useCountdown(targetIso: string | null | undefined, now: () => number = Date.now): CountdownParts | null {
  const target = parseTarget(targetIso);
  const [parts, setParts] = useState(() => (target === null ? null : countdownParts(target, now())));
  useEffect(() => {
    if (target === null) {
      setParts(null);
      return undefined;
    }
    const tick = () => setParts(countdownParts(target, now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [target, now]);
  return parts;
}
