// The SOL behind a stake tier before any payment request: the lamports the server will ask for
// (rules' usdToLamports at /api/config's price, as the payments module converts) and what the
// winner receives (rules' payoutLamports of the two stakes). On screen through rules'
// formatBalance only, like the navbar's balance, so the amounts compare digit for digit.
import { type Lamports, type StakeLabel, FEE_PERCENT, findStakeTier, formatBalance, parseUsdPrice, payoutLamports, usdToLamports } from '@duel-dojo/rules';

export interface StakeAmounts {
  /** What leaves each player's wallet. */
  readonly stake: Lamports;
  /** What the winner receives from both stakes. */
  readonly payout: Lamports;
}

/** null for the free tier, an unknown label, or while the price is not known. */
export function stakeAmounts(label: StakeLabel, solUsdPrice: string | null | undefined): StakeAmounts | null {
  const usd = findStakeTier(label)?.usd ?? 0;
  if (usd === 0 || !solUsdPrice) return null;
  let price: bigint;
  try {
    price = parseUsdPrice(solUsdPrice);
  } catch {
    // A price the server itself could not use: no amount is better than a wrong one.
    return null;
  }
  const stake = usdToLamports(usd, price);
  return { stake, payout: payoutLamports(stake, stake) };
}

/** "0.0333 SOL". */
export const solLabel = (lamports: bigint): string => `${formatBalance(lamports)} SOL`;

/** The deal of a staked duel in one sentence. */
export function stakeSummary({ stake, payout }: StakeAmounts): string {
  return `Stake ${solLabel(stake)} — the winner receives ${solLabel(payout)} (${FEE_PERCENT} % fee); cancel while waiting for a full refund`;
}

export const DRAW_NOTE = 'A draw refunds each stake.';
export const PRICE_LOADING = 'Loading the SOL price…';
