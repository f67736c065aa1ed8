// What the leaderboard needs from storage: the top players by profit, all time or in a window.
// Profit counts staked duels and tournament prizes (adapters/db/prize-stats.ts).

export interface LeaderboardRow {
  displayName: string | null;
  username: string;
  walletAddress: string;
  totalMatches: number;
  totalProfit: bigint;
}

export interface LeaderboardTotals {
  /** Players with at least one finished match, or a prize paid, in the timeframe. */
  totalFighters: number;
  /** The best profit of the timeframe, prizes included; 0 when nobody played. */
  highestWinnings: bigint;
  /** Finished matches in the timeframe. */
  totalMatches: number;
}

export interface LeaderboardStore {
  /** since null: all time (the running stats); else games that ended at or after `since`. */
  top(limit: number, since: Date | null): Promise<LeaderboardRow[]>;
  totals(since: Date | null): Promise<LeaderboardTotals>;
}
