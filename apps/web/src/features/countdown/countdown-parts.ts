// The long countdowns (the navbar's early access, its target from /api/config; a
// tournament's "Starts In"): days, hours, minutes and seconds to a target, gone once it has passed.
import type { CountdownClock } from './use-countdown';

export interface CountdownParts {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
}

/** They tick once a second, on the player's clock. */
export const EVERY_SECOND: CountdownClock = { tickMs: 1_000 };

/** The target in epoch ms. An ISO text without a zone is the player's local time (Date's own rule). */
export function parseTarget(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = new Date(iso).getTime();
  return Number.isFinite(time) ? time : null;
}

/** The time left split into parts; null once less than a second is left. */
export function countdownParts(msLeft: number): CountdownParts | null {
  const left = Math.floor(msLeft / 1000);
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
