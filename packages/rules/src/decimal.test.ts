import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseScaledDecimal } from './decimal';

describe('parseScaledDecimal', () => {
  it('scales whole and fractional text exactly', () => {
    expect(parseScaledDecimal('1.8', 9)).toBe(1_800_000_000n);
    expect(parseScaledDecimal('0.25', 9)).toBe(250_000_000n);
    expect(parseScaledDecimal('150', 6)).toBe(150_000_000n);
    expect(parseScaledDecimal('150.000001', 6)).toBe(150_000_001n);
    expect(parseScaledDecimal('007.5', 1)).toBe(75n);
    expect(parseScaledDecimal('3', 0)).toBe(3n);
  });

  it.each(['', '.5', '1.', '-1', '+1', '1e3', ' 1', '1 ', '1,5', 'abc', '0x10', '1.2.3', 'NaN'])(
    'rejects %j',
    (text) => {
      expect(() => parseScaledDecimal(text, 9)).toThrow(RangeError);
    },
  );

  it('rejects more decimals than the scale instead of rounding', () => {
    expect(() => parseScaledDecimal('0.1234567891', 9)).toThrow(RangeError);
    expect(() => parseScaledDecimal('1.5', 0)).toThrow(RangeError);
  });

  it('rejects a bad scale and non-string input', () => {
    expect(() => parseScaledDecimal('1', -1)).toThrow(RangeError);
    expect(() => parseScaledDecimal('1', 1.5)).toThrow(RangeError);
    expect(() => parseScaledDecimal(1 as unknown as string, 2)).toThrow(RangeError);
  });

  it('round-trips any integer written with its scale', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }), (value, scale) => {
        const digits = value.toString().padStart(scale + 1, '0');
        const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
        expect(parseScaledDecimal(text, scale)).toBe(value);
      }),
      { numRuns: 100 },
    );
  });
});
