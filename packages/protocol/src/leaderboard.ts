import { LEADERBOARD_SIZE } from '@duel-dojo/rules';
import { z } from 'zod/mini';
import { MAX_LIST, MAX_MESSAGE, MAX_PAGE_SIZE, MAX_TEXT } from './limits';
import { boundedText, count, queryInt, signedLamportsString, signedSolString, walletAddress } from './primitives';

// GET /api/leaderboard; timeframe=24h really filters.

export const LEADERBOARD_TYPES = ['profit'] as const;
export const LEADERBOARD_TIMEFRAMES = ['all', '24h'] as const;
export type LeaderboardTimeframe = (typeof LEADERBOARD_TIMEFRAMES)[number];

export const leaderboardQuery = z.object({
  type: z._default(z.enum(LEADERBOARD_TYPES), 'profit'),
  limit: z._default(queryInt(1, MAX_PAGE_SIZE), LEADERBOARD_SIZE),
  timeframe: z._default(z.enum(LEADERBOARD_TIMEFRAMES), 'all'),
});
export type LeaderboardQuery = z.input<typeof leaderboardQuery>;
export type ParsedLeaderboardQuery = z.output<typeof leaderboardQuery>;

export const leaderboardEntry = z.object({
  rank: z.int().check(z.positive()),
  displayName: boundedText(MAX_TEXT),
  username: boundedText(MAX_TEXT),
  walletAddress,
  totalMatches: count,
  /** Earnings minus losses in lamports; negative for a loss. */
  totalProfit: signedLamportsString,
  /** The same in SOL, as display text (rules' formatSol). */
  totalProfitSol: signedSolString,
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

export const leaderboardStats = z.object({
  totalFighters: count,
  /** The best totalProfit of the timeframe, in lamports ("0" when nobody played). */
  highestWinnings: signedLamportsString,
  highestWinningsSol: signedSolString,
  totalMatches: count,
});
export type LeaderboardStats = z.infer<typeof leaderboardStats>;

export const leaderboardAnswer = z.object({
  success: z.literal(true),
  message: boundedText(MAX_MESSAGE),
  leaderboard: z.array(leaderboardEntry).check(z.maxLength(MAX_LIST)),
  stats: leaderboardStats,
});
export type LeaderboardAnswer = z.infer<typeof leaderboardAnswer>;
