import { parseScaledDecimal } from './decimal';

// Money is a branded bigint (docs/money.md): the brand stops a plain count, a USD
// amount or a float from being passed where lamports are meant, and bigint keeps every sum exact.
export type Lamports = bigint & { readonly __brand: 'Lamports' };

export const LAMPORTS_PER_SOL = 1_000_000_000n;
/** SOL has 9 decimals: one lamport is 0.000000001 SOL. */
export const SOL_DECIMALS = 9;
/** Balances on chain are u64; anything larger cannot be a real amount. */
export const MAX_LAMPORTS = 2n ** 64n - 1n;

function checked(value: bigint, shown: string): Lamports {
  if (value < 0n) throw new RangeError(`lamports cannot be negative: ${shown}`);
  if (value > MAX_LAMPORTS) throw new RangeError(`lamports exceed the u64 range: ${shown}`);
  return value as Lamports;
}

/** No lamports: the zero every sum and default starts from, already branded. */
export const ZERO_LAMPORTS: Lamports = checked(0n, '0');

/**
 * Accepts a non-negative whole number of lamports: a bigint, a safe integer, or a string of
 * digits (the wire form). Anything else — decimals, signs, spaces, floats, unsafe integers whose
 * value JavaScript may already have rounded — throws RangeError.
 */
export function toLamports(value: bigint | string | number): Lamports {
  if (typeof value === 'bigint') return checked(value, value.toString());
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`lamports must be a safe integer, got ${value}`);
    return checked(BigInt(value), String(value));
  }
  if (typeof value === 'string') {
    if (!/^\d+$/.test(value)) throw new RangeError(`lamports must be a string of digits, got "${value}"`);
    return checked(BigInt(value), value);
  }
  throw new RangeError(`lamports must be a bigint, a number or a string, got ${typeof value}`);
}

/** "1.8" -> 1_800_000_000 lamports, by string arithmetic; more than 9 decimals throws RangeError. */
export function solToLamports(sol: string): Lamports {
  return checked(parseScaledDecimal(sol, SOL_DECIMALS), sol);
}

/**
 * Lamports as SOL text with exactly `decimals` decimals (0..9). Digits beyond them are cut, not
 * rounded, so a balance is never shown larger than it is. Negative amounts (a profit figure can
 * be a loss) keep their sign and are cut toward zero.
 */
export function formatSol(lamports: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > SOL_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${SOL_DECIMALS}, got ${decimals}`);
  }
  const negative = lamports < 0n;
  const magnitude = negative ? -lamports : lamports;
  const whole = (magnitude / LAMPORTS_PER_SOL).toString();
  const fraction = (magnitude % LAMPORTS_PER_SOL).toString().padStart(SOL_DECIMALS, '0').slice(0, decimals);
  const text = decimals === 0 ? whole : `${whole}.${fraction}`;
  // "-0.0000" would suggest a loss that the shown digits do not contain.
  const shownIsZero = /^[0.]+$/.test(text);
  return negative && !shownIsZero ? `-${text}` : text;
}
