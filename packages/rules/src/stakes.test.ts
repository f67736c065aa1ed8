import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ENABLED_STAKE_COUNT,
  STAKE_LABELS,
  STAKE_TIERS,
  findStakeTier,
  isStakeEnabled,
  parseUsdPrice,
  stakeTierAt,
  usdToLamports,
} from './stakes';

describe('stake ladder', () => {
  it('has the nine labels and dollar values, in order', () => {
    expect(STAKE_TIERS.map((tier) => tier.label)).toEqual([
      'Free!', '5$', '10$', '15$', '25$', '40$', '65$', '105$', '170$',
    ]);
    expect(STAKE_TIERS.map((tier) => tier.usd)).toEqual([0, 5, 10, 15, 25, 40, 65, 105, 170]);
    expect(STAKE_TIERS.map((tier) => tier.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(STAKE_LABELS).toHaveLength(9);
  });

  it('grows like Fibonacci from 5$ on', () => {
    for (let i = 3; i < STAKE_TIERS.length; i += 1) {
      expect(STAKE_TIERS[i]?.usd).toBe((STAKE_TIERS[i - 1]?.usd ?? 0) + (STAKE_TIERS[i - 2]?.usd ?? 0));
    }
  });

  it('enables only the first three tiers', () => {
    expect(ENABLED_STAKE_COUNT).toBe(3);
    expect(STAKE_TIERS.map((tier) => tier.enabled)).toEqual([true, true, true, false, false, false, false, false, false]);
  });

  it('finds tiers by label and index', () => {
    expect(findStakeTier('10$')).toEqual({ index: 2, label: '10$', usd: 10, enabled: true });
    expect(findStakeTier('170$')?.enabled).toBe(false);
    expect(findStakeTier('free!')).toBeUndefined();
    expect(findStakeTier('20$')).toBeUndefined();
    expect(stakeTierAt(0)?.label).toBe('Free!');
    expect(stakeTierAt(8)?.label).toBe('170$');
    expect(stakeTierAt(9)).toBeUndefined();
    expect(stakeTierAt(-1)).toBeUndefined();
    expect(stakeTierAt(1.5)).toBeUndefined();
  });

  it('tells which labels and indexes may be chosen', () => {
    expect(isStakeEnabled('Free!')).toBe(true);
    expect(isStakeEnabled('5$')).toBe(true);
    expect(isStakeEnabled(2)).toBe(true);
    expect(isStakeEnabled('15$')).toBe(false);
    expect(isStakeEnabled(3)).toBe(false);
    expect(isStakeEnabled('1000$')).toBe(false);
    expect(isStakeEnabled(42)).toBe(false);
  });
});

describe('parseUsdPrice', () => {
  it('turns the configured price into micro-USD per SOL', () => {
    expect(parseUsdPrice('150.25')).toBe(150_250_000n);
    expect(parseUsdPrice('150')).toBe(150_000_000n);
    expect(parseUsdPrice('0.000001')).toBe(1n);
    expect(parseUsdPrice('182.123456')).toBe(182_123_456n);
  });

  it.each(['0', '0.000000', '-150', '150.1234567', '', 'abc', '1e2', '$150', '150 ', '.5'])('rejects %j', (text) => {
    expect(() => parseUsdPrice(text)).toThrow(RangeError);
  });
});

describe('usdToLamports', () => {
  it('converts whole dollars at a price, rounding down', () => {
    const price = parseUsdPrice('150');
    expect(usdToLamports(0, price)).toBe(0n);
    expect(usdToLamports(5, price)).toBe(33_333_333n);
    expect(usdToLamports(10, price)).toBe(66_666_666n);
    expect(usdToLamports(150, price)).toBe(1_000_000_000n);
    expect(usdToLamports(5, parseUsdPrice('200'))).toBe(25_000_000n);
  });

  it('rejects fractional or negative dollars and a non-positive price', () => {
    expect(() => usdToLamports(2.5, 1n)).toThrow(RangeError);
    expect(() => usdToLamports(-5, 1n)).toThrow(RangeError);
    expect(() => usdToLamports(5, 0n)).toThrow(RangeError);
    expect(() => usdToLamports(5, -1n)).toThrow(RangeError);
  });

  it('is the floor of the exact quotient', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (usd, price) => {
        const lamports = usdToLamports(usd, price);
        const exact = BigInt(usd) * 10n ** 15n;
        expect(lamports * price <= exact).toBe(true);
        expect((lamports + 1n) * price > exact).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
