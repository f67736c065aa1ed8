import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatBalance } from './display';
import { type Lamports, toLamports } from './lamports';
import { FEE_PERCENT, PAYOUT_PERCENT, feeLamports, payoutLamports, payoutPreview } from './payout';

const stake = fc.bigInt({ min: 0n, max: 10n ** 18n }).map((value) => toLamports(value));

describe('payout', () => {
  it('pays 97 % of both stakes', () => {
    expect(PAYOUT_PERCENT).toBe(97n);
    expect(FEE_PERCENT).toBe(3n);
    expect(payoutLamports(toLamports(1_000_000_000n), toLamports(1_000_000_000n))).toBe(1_940_000_000n);
    expect(payoutLamports(toLamports(33_333_333n), toLamports(33_333_333n))).toBe(64_666_666n);
    expect(payoutLamports(toLamports(0n), toLamports(0n))).toBe(0n);
    expect(payoutLamports(toLamports(1n), toLamports(0n))).toBe(0n);
    expect(feeLamports(toLamports(1n), toLamports(0n))).toBe(1n);
  });

  it('refuses negative stakes', () => {
    expect(() => payoutLamports(-1n as Lamports, toLamports(5n))).toThrow(RangeError);
    expect(() => feeLamports(toLamports(5n), -1n as Lamports)).toThrow(RangeError);
  });

  it("previews the winner prize with the balance's 4 decimals, cut down, as the claim shows it", () => {
    expect(payoutPreview(toLamports(1_000_000_000n))).toBe('1.9400 SOL');
    // The claimed amount reads the same: 0.06466666 SOL is cut, never rounded up.
    expect(payoutPreview(toLamports(33_333_333n))).toBe('0.0646 SOL');
    expect(payoutPreview(toLamports(33_333_333n))).toBe(`${formatBalance(payoutLamports(toLamports(33_333_333n), toLamports(33_333_333n)))} SOL`);
    expect(payoutPreview(toLamports(0n))).toBe('0.0000 SOL');
    expect(payoutPreview(toLamports(250_000_000n))).toBe('0.4850 SOL');
  });

  it('is a whole number of lamports that never exceeds the pot', () => {
    fc.assert(
      fc.property(stake, stake, (a, b) => {
        const payout = payoutLamports(a, b);
        expect(typeof payout).toBe('bigint');
        expect(payout >= 0n).toBe(true);
        expect(payout <= a + b).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('is the pot minus a fee of at least 3 % of the pot, rounded down, and less than 3 % + 1', () => {
    fc.assert(
      fc.property(stake, stake, (a, b) => {
        const total = a + b;
        const fee = feeLamports(a, b);
        expect(payoutLamports(a, b)).toBe(total - fee);
        expect(fee >= (total * 3n) / 100n).toBe(true);
        expect(fee * 100n < total * 3n + 100n).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('does not depend on who paid which stake and never pays less for a bigger pot', () => {
    fc.assert(
      fc.property(stake, stake, stake, (a, b, extra) => {
        expect(payoutLamports(a, b)).toBe(payoutLamports(b, a));
        expect(payoutLamports(toLamports(a + extra), b) >= payoutLamports(a, b)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
