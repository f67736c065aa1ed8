import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  LEVEL_CURVE_TEXT,
  XP_PER_DRAW,
  XP_PER_MATCH,
  XP_PER_WIN,
  levelFromXp,
  levelProgress,
  rankTitle,
  xpForLevel,
  xpForMatch,
} from './progress';

describe('match XP', () => {
  it('gives match XP plus a bonus for a win or a draw', () => {
    expect([XP_PER_MATCH, XP_PER_WIN, XP_PER_DRAW]).toEqual([10, 20, 5]);
    expect(xpForMatch('win')).toBe(30);
    expect(xpForMatch('draw')).toBe(15);
    expect(xpForMatch('loss')).toBe(10);
    expect(() => xpForMatch('forfeit' as 'win')).toThrow(RangeError);
  });
});

describe('level curve', () => {
  it('puts the levels at 50 × (L − 1)² XP', () => {
    expect([1, 2, 3, 5, 10, 20].map(xpForLevel)).toEqual([0, 50, 200, 800, 4050, 18050]);
    expect(() => xpForLevel(0)).toThrow(RangeError);
    expect(() => xpForLevel(1.5)).toThrow(RangeError);
  });

  it('changes level exactly at each boundary', () => {
    expect(levelFromXp(0)).toBe(1);
    expect(levelFromXp(49)).toBe(1);
    expect(levelFromXp(50)).toBe(2);
    expect(levelFromXp(199)).toBe(2);
    expect(levelFromXp(200)).toBe(3);
    expect(levelFromXp(799)).toBe(4);
    expect(levelFromXp(800)).toBe(5);
    expect(levelFromXp(4049)).toBe(9);
    expect(levelFromXp(4050)).toBe(10);
    expect(levelFromXp(18049)).toBe(19);
    expect(levelFromXp(18050)).toBe(20);
  });

  it('is exact at every boundary, including huge levels where a float square root could slip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 13_000_000 }), (level) => {
        const start = xpForLevel(level);
        expect(levelFromXp(start)).toBe(level);
        if (start > 0) expect(levelFromXp(start - 1)).toBe(level - 1);
      }),
      { numRuns: 100 },
    );
  });

  it('rejects negative or fractional XP', () => {
    expect(() => levelFromXp(-1)).toThrow(RangeError);
    expect(() => levelFromXp(1.5)).toThrow(RangeError);
    expect(() => levelFromXp(Number.NaN)).toThrow(RangeError);
  });

  it('reports progress within the level', () => {
    expect(levelProgress(0)).toEqual({ level: 1, xpIntoLevel: 0, xpForNextLevel: 50 });
    expect(levelProgress(75)).toEqual({ level: 2, xpIntoLevel: 25, xpForNextLevel: 150 });
    expect(levelProgress(4050)).toEqual({ level: 10, xpIntoLevel: 0, xpForNextLevel: 950 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (xp) => {
        const p = levelProgress(xp);
        expect(p.xpIntoLevel).toBeGreaterThanOrEqual(0);
        expect(p.xpIntoLevel).toBeLessThan(p.xpForNextLevel);
        expect(xpForLevel(p.level) + p.xpIntoLevel).toBe(xp);
      }),
      { numRuns: 100 },
    );
  });

  it('describes the curve with the real numbers', () => {
    expect(LEVEL_CURVE_TEXT).toContain('50 × (L − 1)²');
    for (const figure of ['10 XP', '20 more', '5 more', '50 XP', '200', '800', '4,050', '18,050']) {
      expect(LEVEL_CURVE_TEXT).toContain(figure);
    }
  });
});

describe('rank titles', () => {
  it.each([
    [1, 'Arena Novice'], [4, 'Arena Novice'],
    [5, 'Arena Fighter'], [9, 'Arena Fighter'],
    [10, 'Rising Champion'], [19, 'Rising Champion'],
    [20, 'Skilled Warrior'], [29, 'Skilled Warrior'],
    [30, 'Expert Fighter'], [39, 'Expert Fighter'],
    [40, 'Master Duelist'], [49, 'Master Duelist'],
    [50, 'Grand Master'], [500, 'Grand Master'],
    [0, 'Arena Novice'], [Number.NaN, 'Arena Novice'],
  ])('level %s is %s', (level, title) => {
    expect(rankTitle(level)).toBe(title);
  });
});
