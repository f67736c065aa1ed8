import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Lamports, toLamports } from './lamports';
import { ENTRY_FEE_MAX_LAMPORTS, ENTRY_FEE_MIN_LAMPORTS, RENT_EXEMPT_WALLET_LAMPORTS, amountText, parseEntryFee, prizePlaces, prizePoolLamports, prizeShares, solText } from './tournament-prizes';

describe('parseEntryFee', () => {
  it('reads Free and amounts of SOL', () => {
    for (const free of ['', '  ', 'Free', 'FREE', '0', '0 SOL', '0.0']) expect(parseEntryFee(free)).toEqual({ ok: true, lamports: 0n });
    expect(parseEntryFee('0.05')).toEqual({ ok: true, lamports: 50_000_000n });
    expect(parseEntryFee('0.05 SOL')).toEqual({ ok: true, lamports: 50_000_000n });
    expect(parseEntryFee('1sol')).toEqual({ ok: true, lamports: 1_000_000_000n });
    expect(parseEntryFee(' 100 sol ')).toEqual({ ok: true, lamports: ENTRY_FEE_MAX_LAMPORTS });
    expect(parseEntryFee('0.01')).toEqual({ ok: true, lamports: ENTRY_FEE_MIN_LAMPORTS });
  });

  it('refuses text it cannot charge, and amounts out of range', () => {
    for (const bad of ['5$', '5 USDC', '-1', '1e3', '0.1234567891', 'one SOL', '1,5', 'SOL']) expect(parseEntryFee(bad)).toEqual({ ok: false, reason: 'format' });
    expect(parseEntryFee('0.0099')).toEqual({ ok: false, reason: 'range' });
    expect(parseEntryFee('100.000000001')).toEqual({ ok: false, reason: 'range' });
  });

  it('writes the fee back as the tournament shows it', () => {
    expect(amountText(0n)).toBe('');
    expect(amountText(50_000_000n)).toBe('0.05 SOL');
    expect([0, 1, 2, 3, 32].map(prizePlaces)).toEqual([1, 1, 2, 3, 3]);
    expect(solText(1_000_000_000n)).toBe('1 SOL');
    expect(solText(123n)).toBe('0.000000123 SOL');
  });
});

describe('prizes', () => {
  it('pools 97 % of the fees and splits it 60/30/10', () => {
    const pool = prizePoolLamports(toLamports(100_000_000n), 4);
    expect(pool).toBe(388_000_000n);
    expect(prizeShares(pool, 3)).toEqual([232_800_000n, 116_400_000n, 38_800_000n]);
  });

  it('gives a missing place and the rounding to the winner', () => {
    expect(prizeShares(toLamports(1_000n), 2)).toEqual([700n, 300n]);
    expect(prizeShares(toLamports(1_000n), 1)).toEqual([1_000n]);
    expect(prizeShares(toLamports(7n), 3)).toEqual([5n, 2n, 0n]);
  });

  it('refuses impossible inputs', () => {
    expect(() => prizeShares(toLamports(10n), 0)).toThrow(RangeError);
    expect(() => prizeShares(toLamports(10n), 4)).toThrow(RangeError);
    expect(() => prizePoolLamports(-1n as Lamports, 2)).toThrow(RangeError);
    expect(() => prizePoolLamports(toLamports(1n), 1.5)).toThrow(RangeError);
  });

  it('never pays a prize too small for a wallet account to hold (it would fail on chain)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: ENTRY_FEE_MIN_LAMPORTS, max: ENTRY_FEE_MAX_LAMPORTS }), fc.integer({ min: 2, max: 32 }), (fee, entrants) => {
        const shares = prizeShares(prizePoolLamports(fee as Lamports, entrants), Math.min(3, entrants));
        for (const share of shares) expect(share >= RENT_EXEMPT_WALLET_LAMPORTS).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('always pays exactly the pool, never more than came in, in whole lamports', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: ENTRY_FEE_MAX_LAMPORTS }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 1, max: 3 }), (fee, entrants, places) => {
        const pool = prizePoolLamports(fee as Lamports, entrants);
        const shares = prizeShares(pool, places);
        expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(pool);
        expect(pool <= fee * BigInt(entrants)).toBe(true);
        for (const share of shares) expect(share >= 0n).toBe(true);
        for (let i = 1; i < shares.length; i += 1) expect((shares[i - 1] as bigint) >= (shares[i] as bigint)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
