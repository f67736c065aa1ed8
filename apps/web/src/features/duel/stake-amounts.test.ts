// The SOL of the stake tiers at the default price (150 USD per SOL), from the rules' own
// conversion and payout, and the confirmation's sentence.
import { parseUsdPrice, payoutLamports, usdToLamports } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { solLabel, stakeAmounts, stakeSummary } from './stake-amounts';

describe('stake amounts', () => {
  it('are the lamports the server asks for and the rules pay out', () => {
    const price = parseUsdPrice('150');
    expect(stakeAmounts('5$', '150')).toEqual({ stake: 33_333_333n, payout: 64_666_666n });
    expect(stakeAmounts('10$', '150')).toEqual({ stake: 66_666_666n, payout: 129_333_332n });
    for (const [label, usd] of [['5$', 5], ['10$', 10]] as const) {
      const stake = usdToLamports(usd, price);
      expect(stakeAmounts(label, '150')).toEqual({ stake, payout: payoutLamports(stake, stake) });
    }
  });

  it('are none for the free tier, before the price is known, or for a price the server refuses', () => {
    expect(stakeAmounts('Free!', '150')).toBeNull();
    expect(stakeAmounts('5$', undefined)).toBeNull();
    expect(stakeAmounts('5$', '0')).toBeNull();
  });

  it('say what leaves the wallet and what can come back, cut to 4 decimals like the balance', () => {
    expect(solLabel(33_333_333n)).toBe('0.0333 SOL');
    expect(stakeSummary(stakeAmounts('5$', '150')!)).toBe('Stake 0.0333 SOL — the winner receives 0.0646 SOL (3 % fee); cancel while waiting for a full refund');
    expect(stakeSummary(stakeAmounts('10$', '150')!)).toBe('Stake 0.0666 SOL — the winner receives 0.1293 SOL (3 % fee); cancel while waiting for a full refund');
    expect(stakeSummary(stakeAmounts('5$', '142.35')!)).toBe('Stake 0.0351 SOL — the winner receives 0.0681 SOL (3 % fee); cancel while waiting for a full refund');
  });
});
