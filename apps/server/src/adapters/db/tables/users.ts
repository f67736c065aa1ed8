// Players: one row per wallet that signed up, and one row of running stats beside it.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ZERO, createdAt, lamports, signedLamports, timestampTz } from './columns';

/** A user profile's preferences. */
export interface UserPreferences {
  soundEnabled: boolean;
  animationsEnabled: boolean;
  publicProfile: boolean;
  autoReconnect: boolean;
  gameNotifications: boolean;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletAddress: text('wallet_address').notNull().unique(),
    username: text('username').notNull(),
    /** Null: shown as the default "Duelist" + first 4 + last 4 of the wallet. */
    displayName: text('display_name'),
    characterId: integer('character_id').notNull().default(7),
    level: integer('level').notNull().default(1),
    experience: integer('experience').notNull().default(0),
    referralCode: text('referral_code').notNull().unique(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    totalReferrals: integer('total_referrals').notNull().default(0),
    preferences: jsonb('preferences')
      .$type<UserPreferences>()
      .notNull()
      .default({ soundEnabled: true, animationsEnabled: true, publicProfile: true, autoReconnect: true, gameNotifications: true }),
    /** Achievement ids the server awarded (badges themselves are computed from stats). */
    achievements: jsonb('achievements').$type<string[]>().notNull().default([]),
    /** The signup's walletType and source fields, kept for support and analytics. */
    walletType: text('wallet_type'),
    source: text('source'),
    createdAt: createdAt(),
    lastActiveAt: timestampTz('last_active_at').notNull().defaultNow(),
  },
  (t) => [
    // "Username is already taken" regardless of case: Bob and bob are one name.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_referred_by_idx').on(t.referredBy),
  ],
);

/**
 * A user profile's stats, updated in the same transaction as the game record that
 * changes them (and a tournament prize's settled transfer: earnings, profit, biggest win). averageRoundsPerGame is derived on read (totalRoundsPlayed / totalMatches)
 * rather than stored, so it can never disagree with its parts.
 */
export const userStats = pgTable(
  'user_stats',
  {
    userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    totalMatches: integer('total_matches').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    draws: integer('draws').notNull().default(0),
    totalEarnings: lamports('total_earnings').notNull().default(ZERO),
    totalLosses: lamports('total_losses').notNull().default(ZERO),
    biggestWin: lamports('biggest_win').notNull().default(ZERO),
    biggestLoss: lamports('biggest_loss').notNull().default(ZERO),
    /** totalEarnings - totalLosses, kept as a column so the leaderboard reads an index. */
    totalProfit: signedLamports('total_profit').notNull().default(ZERO),
    longestWinStreak: integer('longest_win_streak').notNull().default(0),
    currentWinStreak: integer('current_win_streak').notNull().default(0),
    /** The most played character, from characterPlays. */
    favoriteCharacter: integer('favorite_character'),
    /** Games played per character id ({"7": 12}): what favoriteCharacter is computed from. */
    characterPlays: jsonb('character_plays').$type<Record<string, number>>().notNull().default({}),
    totalRoundsPlayed: integer('total_rounds_played').notNull().default(0),
    freeGamesPlayed: integer('free_games_played').notNull().default(0),
    paidGamesPlayed: integer('paid_games_played').notNull().default(0),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('user_stats_total_profit_idx').on(t.totalProfit.desc().nullsFirst(), t.userId)],
);
