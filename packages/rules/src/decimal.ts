// Money and prices arrive as decimal text (config, wire, the marketplace catalogue). Parsing them into
// scaled integers here, with string and bigint operations only, is what keeps floats away from
// every amount (docs/money.md).

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses plain decimal text ("1.8", "0.25", "150") into an integer scaled by 10^scale:
 * parseScaledDecimal("1.8", 9) === 1_800_000_000n. Signs, exponents, spaces, a bare "." or more
 * than `scale` decimals throw RangeError — rounding would silently change an amount.
 */
export function parseScaledDecimal(text: string, scale: number): bigint {
  if (!Number.isSafeInteger(scale) || scale < 0) {
    throw new RangeError(`scale must be a non-negative integer, got ${String(scale)}`);
  }
  if (typeof text !== 'string') throw new RangeError('a decimal amount must be given as text');
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a plain non-negative decimal number: "${text}"`);
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > scale) {
    throw new RangeError(`at most ${scale} decimals are allowed, got "${text}"`);
  }
  return BigInt(whole + fraction.padEnd(scale, '0'));
}
