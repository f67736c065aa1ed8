import { formatBalance } from './display';
import { type Lamports } from './lamports';

// Winner payout = floor((stake1 + stake2) × 97 / 100) lamports (docs/money.md:
// 2 × stake × 0.97). Rounding down leaves any fraction of a lamport with the house, so the
// treasury never pays out more than came in.

export const PAYOUT_PERCENT = 97n;
/** The house keeps the rest: 3 %, plus the fraction of a lamport that rounding drops. */
export const FEE_PERCENT = 100n - PAYOUT_PERCENT;

function pot(stake1: Lamports, stake2: Lamports): bigint {
  if (stake1 < 0n || stake2 < 0n) throw new RangeError('stakes cannot be negative');
  return stake1 + stake2;
}

/** What the winner receives from both stakes. */
export function payoutLamports(stake1: Lamports, stake2: Lamports): Lamports {
  return ((pot(stake1, stake2) * PAYOUT_PERCENT) / 100n) as Lamports;
}

/** What the house keeps from both stakes: the pot minus the payout. */
export function feeLamports(stake1: Lamports, stake2: Lamports): Lamports {
  return (pot(stake1, stake2) - payoutLamports(stake1, stake2)) as Lamports;
}

/**
 * The payout of a game where both paid `stake`, as the game-over view shows it before and after the
 * claim: the balance's 4 decimals, cut, so it never promises more than is sent (a two-
 * decimal preview made "0.06 SOL" turn into "0.0646 SOL" once claimed).
 */
export function payoutPreview(stake: Lamports): string {
  return `${formatBalance(payoutLamports(stake, stake))} SOL`;
}
