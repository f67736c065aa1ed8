// Game records: one row per duel, written when it is created and
// updated as it ends, with the per-round log and the provably-fair seed (docs/fairness.md).
import type { EndReason } from '@duel-dojo/protocol';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ZERO, createdAt, lamports, timestampTz } from './columns';
import { users } from './users';

/** One resolved round as the duels module logs it (round, both moves, damage, factors, health). */
export type RoundLogEntry = Readonly<Record<string, unknown>>;

/** Where the money of a staked game stands; the ledger holds the transfers themselves. */
export const PAYOUT_STATES = ['none', 'due', 'paid', 'refund_due', 'refunded'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The protocol's sessionId: the id clients see and send. */
    sessionId: text('session_id').notNull().unique(),
    createdAt: createdAt(),
    endedAt: timestampTz('ended_at'),
    /** Null for a guest (no token) or the bot: their games are kept in no profile. */
    player1Id: uuid('player1_id').references(() => users.id, { onDelete: 'set null' }),
    player2Id: uuid('player2_id').references(() => users.id, { onDelete: 'set null' }),
    player1Wallet: text('player1_wallet'),
    player2Wallet: text('player2_wallet'),
    player1Name: text('player1_name'),
    player2Name: text('player2_name'),
    player1Character: integer('player1_character').notNull(),
    /** Null while waiting for an opponent. */
    player2Character: integer('player2_character'),
    /** The stake's label as the stake ladder shows it ("Free!", "5$"). */
    betAmount: text('bet_amount').notNull(),
    /** Each player's stake in lamports, fixed when betInfo was issued; 0 for a free game. */
    stakeLamports: lamports('stake_lamports').notNull().default(ZERO),
    /** A wallet, a player slot, or "draw"; null while running. */
    winner: text('winner'),
    gameOver: boolean('game_over').notNull().default(false),
    /** How it ended (protocol END_REASONS); null while running, for a cancelled wait, and for games finished before it was kept. */
    endReason: text('end_reason').$type<EndReason>(),
    currentRound: integer('current_round').notNull().default(0),
    rewardClaimed: boolean('reward_claimed').notNull().default(false),
    isBot: boolean('is_bot').notNull().default(false),
    rounds: jsonb('rounds').$type<RoundLogEntry[]>().notNull().default([]),
    /** sha256(serverSeed), published at match start. */
    fairnessCommitment: text('fairness_commitment'),
    /** Revealed when the game ends, so anyone can recompute every round. */
    serverSeed: text('server_seed'),
    /** Both players' seeds the hits used (docs/fairness.md); null before the end and for older games. */
    clientSeeds: jsonb('client_seeds').$type<{ player1: string; player2: string }>(),
    payoutState: text('payout_state').$type<PayoutState>().notNull().default('none'),
    /**
     * What a node needs to resume the game besides the round log (docs/durable-games.md): the
     * seats with their stakes and guests' rejoin keys, the invite code and the event version.
     */
    liveState: jsonb('live_state').$type<object>(),
    /** The node that runs the game now, and the lease it holds (docs/durable-games.md). */
    ownerNode: text('owner_node'),
    /** Raised by every takeover: a write carrying an older epoch is refused (a stalled owner). */
    leaseEpoch: integer('lease_epoch').notNull().default(0),
    /** The database's clock: past it, any node may take the game over. */
    leaseExpiresAt: timestampTz('lease_expires_at'),
    /**
     * The record's own columns as one JSON array, which a wallet's history reads instead of 22
     * fields (docs/wallet-history.md). PostgreSQL computes it on every insert and update, so it
     * follows whatever changes after the game (a claim, a refund); wallet-history.ts reads it back.
     */
    recordWire: text('record_wire')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          'game_record_wire("created_at", "session_id", "player1_id", "player2_id", "player1_wallet", "player2_wallet", "player1_name", "player2_name", ' +
            '"player1_character", "player2_character", "bet_amount", "stake_lamports", "winner", "game_over", "end_reason", "current_round", ' +
            '"reward_claimed", "is_bot", "fairness_commitment", "server_seed", "client_seeds", "payout_state")',
        ),
      ),
  },
  (t) => [
    // A wallet's history, newest first (GET /api/games?wallet=): one partial index per player
    // column, holding only games that found an opponent, read as two ordered scans merged.
    index('games_player1_history_idx')
      .on(t.player1Wallet, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.player2Character} is not null`),
    index('games_player2_history_idx')
      .on(t.player2Wallet, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.player2Character} is not null`),
    // A staked game cancelled while it waited is listed in its creator's history for its refund.
    index('games_cancelled_stakes_idx')
      .on(t.player1Wallet, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.player2Character} is null and ${t.payoutState} in ('refund_due', 'refunded')`),
    index('games_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    // The 24-hour leaderboard reads only the games that ended in the window.
    index('games_ended_at_idx').on(t.endedAt).where(sql`${t.gameOver} = true`),
    // Games still running, for rejoin after a restart.
    index('games_running_idx').on(t.createdAt).where(sql`${t.gameOver} = false`),
  ],
);
