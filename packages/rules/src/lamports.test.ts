import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { LAMPORTS_PER_SOL, MAX_LAMPORTS, formatSol, solToLamports, toLamports } from './lamports';

describe('toLamports', () => {
  it('accepts non-negative whole numbers in all three forms', () => {
    expect(toLamports(0n)).toBe(0n);
    expect(toLamports(5)).toBe(5n);
    expect(toLamports('1800000000')).toBe(1_800_000_000n);
    expect(toLamports(Number.MAX_SAFE_INTEGER)).toBe(BigInt(Number.MAX_SAFE_INTEGER));
    expect(toLamports(MAX_LAMPORTS.toString())).toBe(MAX_LAMPORTS);
  });

  it.each<[string, unknown]>([
    ['a negative bigint', -1n],
    ['a negative number', -1],
    ['a fraction', 1.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an unsafe integer', 2 ** 53],
    ['a decimal string', '1.5'],
    ['a signed string', '-5'],
    ['a plus-signed string', '+5'],
    ['an empty string', ''],
    ['a padded string', ' 5'],
    ['an exponent', '1e9'],
    ['more than u64', MAX_LAMPORTS + 1n],
    ['null', null],
    ['an object', {}],
  ])('rejects %s', (_label, value) => {
    expect(() => toLamports(value as bigint)).toThrow(RangeError);
  });

  it('keeps every digit string exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_LAMPORTS }), (value) => {
        expect(toLamports(value.toString())).toBe(value);
      }),
      { numRuns: 100 },
    );
  });
});

describe('solToLamports', () => {
  it('parses the catalog prices with integer math', () => {
    expect(solToLamports('1.8')).toBe(1_800_000_000n);
    expect(solToLamports('0.25')).toBe(250_000_000n);
    expect(solToLamports('0.95')).toBe(950_000_000n);
    expect(solToLamports('1')).toBe(LAMPORTS_PER_SOL);
    expect(solToLamports('0.000000001')).toBe(1n);
    // 0.1 + 0.2 style float errors cannot occur: each digit lands where it belongs.
    expect(solToLamports('0.3')).toBe(300_000_000n);
  });

  it.each(['0.0000000001', '-1', '1.', '.5', 'one', '', '1e-9', '18446744073.709551616'])('rejects %j', (text) => {
    expect(() => solToLamports(text)).toThrow(RangeError);
  });
});

describe('formatSol', () => {
  it('shows exactly the requested decimals, cut rather than rounded', () => {
    expect(formatSol(toLamports(1_999_999_999n), 2)).toBe('1.99');
    expect(formatSol(toLamports(1_999_999_999n), 4)).toBe('1.9999');
    expect(formatSol(toLamports(1_800_000_000n), 3)).toBe('1.800');
    expect(formatSol(toLamports(5n), 9)).toBe('0.000000005');
    expect(formatSol(toLamports(5n), 4)).toBe('0.0000');
    expect(formatSol(toLamports(12_345_678_901n), 0)).toBe('12');
  });

  it('keeps the sign of a loss and never shows "-0"', () => {
    expect(formatSol(-1_500_000_000n, 2)).toBe('-1.50');
    expect(formatSol(-5n, 4)).toBe('0.0000');
  });

  it.each([-1, 10, 1.5, Number.NaN])('rejects %s decimals', (decimals) => {
    expect(() => formatSol(1n, decimals)).toThrow(RangeError);
  });

  it('never shows more than the amount and loses less than one shown unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_LAMPORTS }), fc.integer({ min: 0, max: 9 }), (lamports, decimals) => {
        const shown = solToLamports(formatSol(lamports, decimals));
        const unit = 10n ** BigInt(9 - decimals);
        expect(shown <= lamports).toBe(true);
        expect(lamports - shown < unit).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
