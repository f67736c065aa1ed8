import { describe, expect, it } from 'vitest';
import { countdownParts, countdownUnits, parseTarget } from './countdown-parts';

describe('the long countdowns (early access, "Starts In")', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('names each unit in the singular for exactly one', () => {
    const shown = (parts: Parameters<typeof countdownUnits>[0]) => countdownUnits(parts).map(({ value, label }) => `${value} ${label}`);
    expect(shown({ days: 1, hours: 1, minutes: 1, seconds: 1 })).toEqual(['1 Day', '1 Hour', '1 Minute', '1 Second']);
    expect(shown({ days: 0, hours: 2, minutes: 11, seconds: 21 })).toEqual(['0 Days', '2 Hours', '11 Minutes', '21 Seconds']);
  });

  it('is over once less than a second is left', () => {
    expect(countdownParts(0)).toBeNull();
    expect(countdownParts(999)).toBeNull();
    expect(countdownParts(1_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });

  it('reads a target without a zone as local time, and refuses nonsense', () => {
    expect(parseTarget('2025-08-14T00:00:00')).toBe(new Date(2025, 7, 14).getTime());
    expect(parseTarget('not a date')).toBeNull();
    expect(parseTarget(undefined)).toBeNull();
  });
});
