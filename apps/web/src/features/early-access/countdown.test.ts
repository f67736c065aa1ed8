import { describe, expect, it } from 'vitest';
import { countdownParts, parseTarget } from './countdown';

describe('early-access countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(countdownParts(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('is over once the target is reached', () => {
    expect(countdownParts(1000, 1000)).toBeNull();
    expect(countdownParts(1000, 5000)).toBeNull();
  });

  it('reads a target without a zone as local time, and refuses nonsense', () => {
    expect(parseTarget('2025-08-14T00:00:00')).toBe(new Date(2025, 7, 14).getTime());
    expect(parseTarget('not a date')).toBeNull();
    expect(parseTarget(undefined)).toBeNull();
  });
});
