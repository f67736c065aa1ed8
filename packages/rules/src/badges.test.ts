import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { type BadgeInput, computeBadges } from './badges';

const NONE: BadgeInput = { totalMatches: 0, wins: 0, paidGamesPlayed: 0, longestWinStreak: 0, tournamentMatchesPlayed: 0, totalEarnings: 0n, level: 1 };
const SOL = 1_000_000_000n;

function unlocked(input: Partial<BadgeInput>): string[] {
  return computeBadges({ ...NONE, ...input })
    .filter((badge) => badge.unlocked)
    .map((badge) => badge.id);
}

describe('badges', () => {
  it('lists the 12 badges in order, with kebab ids', () => {
    const badges = computeBadges(NONE);
    expect(badges.map((b) => b.name)).toEqual([
      'Welcome Warrior', 'First Blood', 'High Stakes Samurai', 'Avatar Collector', 'Unstoppable Force', 'Dojo Veteran',
      'Arena Champion', 'Treasure Hunter', 'Sensei Rank', 'Legendary Shogun', 'Master of Stakes', 'Tournament Fighter',
    ]);
    for (const b of badges) {
      expect(b.id).toBe(b.name.toLowerCase().replaceAll(' ', '-'));
      expect(b.description.length).toBeGreaterThan(0);
    }
    expect(badges.every((b) => !b.unlocked)).toBe(true);
  });

  it('unlocks each badge exactly at its threshold', () => {
    expect(unlocked({ totalMatches: 1 })).toEqual(['welcome-warrior']);
    expect(unlocked({ wins: 1 })).toEqual(['first-blood']);
    expect(unlocked({ paidGamesPlayed: 9 })).toEqual([]);
    expect(unlocked({ paidGamesPlayed: 10 })).toEqual(['high-stakes-samurai']);
    expect(unlocked({ longestWinStreak: 4 })).toEqual([]);
    expect(unlocked({ longestWinStreak: 5 })).toEqual(['unstoppable-force']);
    expect(unlocked({ wins: 25 })).toEqual(['first-blood', 'arena-champion']);
    expect(unlocked({ level: 19 })).toEqual([]);
    expect(unlocked({ level: 20 })).toEqual(['sensei-rank']);
    expect(unlocked({ wins: 100 })).toEqual(['first-blood', 'arena-champion', 'legendary-shogun']);
    expect(unlocked({ paidGamesPlayed: 100 })).toEqual(['high-stakes-samurai', 'master-of-stakes']);
    expect(unlocked({ tournamentMatchesPlayed: 1 })).toEqual(['tournament-fighter']);
  });

  it('counts Tournament Fighter from the tournament matches fought, with no "Coming soon"', () => {
    const fighter = (tournamentMatchesPlayed: number) => computeBadges({ ...NONE, tournamentMatchesPlayed }).find((b) => b.id === 'tournament-fighter');
    expect(fighter(0)).toMatchObject({ unlocked: false, progress: { current: 0, target: 1 } });
    expect(fighter(3)).toMatchObject({ unlocked: true, progress: { current: 1, target: 1 } });
    expect(fighter(0)?.description).not.toMatch(/coming soon/i);
  });

  it('needs both 50 paid games and 50 wins for Dojo Veteran', () => {
    expect(unlocked({ paidGamesPlayed: 50, wins: 49 })).not.toContain('dojo-veteran');
    expect(unlocked({ paidGamesPlayed: 49, wins: 50 })).not.toContain('dojo-veteran');
    expect(unlocked({ paidGamesPlayed: 50, wins: 50 })).toContain('dojo-veteran');
    const veteran = computeBadges({ ...NONE, paidGamesPlayed: 40, wins: 12 }).find((b) => b.id === 'dojo-veteran');
    expect(veteran?.progress).toEqual({ current: 12, target: 50 });
  });

  it('needs 10 whole SOL of earnings for Treasure Hunter', () => {
    expect(unlocked({ totalEarnings: 10n * SOL - 1n })).toEqual([]);
    expect(unlocked({ totalEarnings: 10n * SOL })).toEqual(['treasure-hunter']);
    const hunter = computeBadges({ ...NONE, totalEarnings: 3n * SOL + 999n }).find((b) => b.id === 'treasure-hunter');
    expect(hunter?.progress).toEqual({ current: 3, target: 10 });
    expect(unlocked({ totalEarnings: -5n * SOL })).toEqual([]);
  });

  it('never unlocks Avatar Collector and shows no progress for it', () => {
    const maxed: BadgeInput = { totalMatches: 1e6, wins: 1e6, paidGamesPlayed: 1e6, longestWinStreak: 1e6, tournamentMatchesPlayed: 1e6, totalEarnings: 10n ** 20n, level: 1000 };
    const badges = computeBadges(maxed);
    expect(badges.filter((b) => !b.unlocked).map((b) => b.id)).toEqual(['avatar-collector']);
    expect(badges.filter((b) => b.progress === null).map((b) => b.id)).toEqual(['avatar-collector']);
  });

  it('caps progress at the target and treats corrupt stats as none', () => {
    const first = computeBadges({ ...NONE, totalMatches: 42 })[0];
    expect(first?.progress).toEqual({ current: 1, target: 1 });
    expect(unlocked({ wins: Number.NaN, totalMatches: Number.POSITIVE_INFINITY })).toEqual([]);
  });

  it('unlocks exactly the badges whose progress is full', () => {
    const count = fc.integer({ min: 0, max: 200 });
    fc.assert(
      fc.property(count, count, count, count, count, fc.bigInt({ min: 0n, max: 20n * SOL }), fc.integer({ min: 1, max: 60 }), (totalMatches, wins, paidGamesPlayed, longestWinStreak, tournamentMatchesPlayed, totalEarnings, level) => {
        for (const badge of computeBadges({ totalMatches, wins, paidGamesPlayed, longestWinStreak, tournamentMatchesPlayed, totalEarnings, level })) {
          if (badge.progress === null) {
            expect(badge.unlocked).toBe(false);
          } else {
            expect(badge.progress.current).toBeLessThanOrEqual(badge.progress.target);
            expect(badge.unlocked).toBe(badge.progress.current === badge.progress.target);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
