// Amounts on the money page: the wallet balance's own formatter (4 decimals, cut not rounded) so a
// stake here reads digit for digit like the confirmation that paid it, and the exact figure (all
// 9 decimals and the lamports) on demand. Integer math only: the chart is the one float.
import type { MoneyMovement } from '@duel-dojo/protocol';
import { SOL_DECIMALS, formatBalance, formatSol } from '@duel-dojo/rules';

const MINUS = '−';
/** The smallest amount 4 decimals can show: 100,000 lamports, "0.0001". */
const SMALLEST_SHOWN = formatBalance(100_000n);

/** The wallet's view of a movement: in adds, out takes away. */
export function signedLamports(movement: Pick<MoneyMovement, 'direction' | 'lamports'>): bigint {
  const lamports = BigInt(movement.lamports);
  return movement.direction === 'in' ? lamports : -lamports;
}

function sign(lamports: bigint, withPlus: boolean): string {
  if (lamports < 0n) return MINUS;
  return withPlus && lamports > 0n ? '+' : '';
}

/**
 * "+0.0333 SOL", "−0.0333 SOL"; exact: "−0.033333333 SOL". A non-zero amount too small for 4
 * decimals reads "<0.0001 SOL" rather than a zero that did not happen.
 */
export function solText(lamports: bigint, options: { readonly exact?: boolean; readonly withPlus?: boolean } = {}): string {
  const magnitude = lamports < 0n ? -lamports : lamports;
  const prefix = sign(lamports, options.withPlus ?? false);
  if (options.exact) return `${prefix}${formatSol(magnitude, SOL_DECIMALS)} SOL`;
  const shown = formatBalance(magnitude);
  if (magnitude > 0n && /^[0.]+$/.test(shown)) return `${prefix}<${SMALLEST_SHOWN} SOL`;
  return `${prefix}${shown} SOL`;
}

/** "33,333,333 lamports", "−1 lamport". */
export function lamportsText(lamports: bigint): string {
  const magnitude = lamports < 0n ? -lamports : lamports;
  const grouped = magnitude.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${lamports < 0n ? MINUS : ''}${grouped} ${magnitude === 1n ? 'lamport' : 'lamports'}`;
}
