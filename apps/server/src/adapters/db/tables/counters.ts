// Counts kept as games end rather than recounted per read (docs/leaderboard-counters.md): the
// all-time leaderboard's totals and each wallet's number of listed games. Database triggers
// (migration 0012) keep them: every write path of games and user_stats is covered, whichever
// store or script makes it.
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** One row per total: 'matches' (games over, the leaderboard's totalMatches) and 'fighters'. */
export const leaderboardTotals = pgTable('leaderboard_totals', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/** The games GET /api/games lists for a wallet (game-records-store.ts's three conditions). */
export const walletGameCounts = pgTable('wallet_game_counts', {
  wallet: text('wallet').primaryKey(),
  games: integer('games').notNull().default(0),
});
