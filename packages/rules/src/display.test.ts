import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { toLamports } from './lamports';
import { defaultDisplayName, formatBalance, formatMarketPrice, playerTag, shortenWallet, winRate } from './display';

const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

describe('wallet display', () => {
  it('shortens to the first and last four characters', () => {
    expect(shortenWallet(WALLET)).toBe('7xKX...gAsU');
    expect(shortenWallet('123456789')).toBe('1234...6789');
  });

  it('leaves addresses of 8 characters or fewer alone', () => {
    expect(shortenWallet('12345678')).toBe('12345678');
    expect(shortenWallet('abc')).toBe('abc');
    expect(shortenWallet('')).toBe('');
  });

  it('builds the default name and the player tag', () => {
    expect(defaultDisplayName(WALLET)).toBe('Duelist_7xKXgAsU');
    expect(playerTag(WALLET)).toBe('#gAsU');
  });
});

describe('amounts', () => {
  it('shows balances with 4 decimals and market prices with 3, cut down', () => {
    expect(formatBalance(toLamports(1_234_567_890n))).toBe('1.2345');
    expect(formatBalance(toLamports(0n))).toBe('0.0000');
    expect(formatMarketPrice(toLamports(1_800_000_000n))).toBe('1.800');
    expect(formatMarketPrice(toLamports(949_999_999n))).toBe('0.949');
  });
});

describe('winRate', () => {
  it.each([
    [0, 0, '0.0%'],
    [2, 3, '66.7%'],
    [1, 3, '33.3%'],
    [1, 2, '50.0%'],
    [3, 3, '100.0%'],
    [0, 7, '0.0%'],
    [1, 8, '12.5%'],
    [1, 16, '6.3%'],
    [1, 2000, '0.1%'],
    [1, 2001, '0.0%'],
  ])('%s wins of %s is %s', (wins, total, text) => {
    expect(winRate(wins, total)).toBe(text);
  });

  it('rejects negative or fractional counts', () => {
    expect(() => winRate(-1, 3)).toThrow(RangeError);
    expect(() => winRate(1, 2.5)).toThrow(RangeError);
    expect(() => winRate(Number.NaN, 2)).toThrow(RangeError);
  });

  it('matches the exact share to the nearest tenth', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.nat(), (total, seed) => {
        const wins = seed % (total + 1);
        const shown = Number(winRate(wins, total).slice(0, -1));
        expect(Math.abs(shown - (wins * 100) / total)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
      { numRuns: 100 },
    );
  });
});
