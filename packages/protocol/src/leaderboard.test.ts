import { describe, expect, it } from 'vitest';
import { leaderboardAnswer, leaderboardEntry, leaderboardQuery } from './leaderboard';
import { WALLET_A } from './test-support/samples';

const entry = {
  rank: 1,
  displayName: 'Ninja',
  username: 'ninja',
  walletAddress: WALLET_A,
  totalMatches: 12,
  totalProfit: '-250000000',
  totalProfitSol: '-0.2500',
};

describe('leaderboard', () => {
  it('defaults to profit, 20 rows, all time, and reads timeframe=24h (departure 2)', () => {
    expect(leaderboardQuery.parse({})).toEqual({ type: 'profit', limit: 20, timeframe: 'all' });
    expect(leaderboardQuery.parse({ type: 'profit', limit: '20', timeframe: '24h' })).toEqual({ type: 'profit', limit: 20, timeframe: '24h' });
    expect(leaderboardQuery.safeParse({ timeframe: 'week' }).success).toBe(false);
    expect(leaderboardQuery.safeParse({ type: 'wins' }).success).toBe(false);
  });

  it('accepts entries with a signed lamports profit and the stats cards', () => {
    const answer = {
      success: true,
      message: 'Leaderboard loaded',
      leaderboard: [entry],
      stats: { totalFighters: 1, highestWinnings: '0', highestWinningsSol: '0.0000', totalMatches: 12 },
    };
    expect(leaderboardAnswer.parse(answer)).toEqual(answer);
  });

  it('refuses float profits and bad ranks', () => {
    expect(leaderboardEntry.safeParse({ ...entry, totalProfit: '-0.25' }).success).toBe(false);
    expect(leaderboardEntry.safeParse({ ...entry, totalProfit: -250000000 }).success).toBe(false);
    expect(leaderboardEntry.safeParse({ ...entry, rank: 0 }).success).toBe(false);
  });
});
