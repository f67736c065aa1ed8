// Community tournaments and their registered players.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ZERO, createdAt, lamports, timestampTz } from './columns';
import { users } from './users';

export interface TournamentPrizes {
  first?: string;
  second?: string;
  third?: string;
}

export const TOURNAMENT_FORMATS = ['single-elimination', 'double-elimination', 'round-robin'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

export const tournaments = pgTable(
  'tournaments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short public id shown on cards and in /tournaments/{tournamentId}. */
    tournamentId: text('tournament_id').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Free text as the creator typed it; entryFeeLamports is what is charged. */
    entryFee: text('entry_fee').notNull().default('Free'),
    entryFeeLamports: lamports('entry_fee_lamports').notNull().default(ZERO),
    /** A paid tournament's prize pool, fixed when it starts (rules' prizePoolLamports); null before. */
    prizePoolLamports: lamports('prize_pool_lamports'),
    maxParticipants: integer('max_participants').notNull().default(8),
    startDate: timestampTz('start_date').notNull(),
    format: text('format').$type<TournamentFormat>().notNull().default('single-elimination'),
    /** upcoming | active | completed. */
    status: text('status').notNull().default('upcoming'),
    prizes: jsonb('prizes').$type<TournamentPrizes>().notNull().default({}),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    winnerId: uuid('winner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('tournaments_max_participants_check', sql`${t.maxParticipants} in (4, 8, 16, 32)`),
    check('tournaments_format_check', sql`${t.format} in ('single-elimination', 'double-elimination', 'round-robin')`),
    index('tournaments_status_start_date_idx').on(t.status, t.startDate),
    index('tournaments_creator_id_idx').on(t.creatorId),
  ],
);

export const tournamentParticipants = pgTable(
  'tournament_participants',
  {
    tournamentId: uuid('tournament_id').notNull().references(() => tournaments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    characterId: integer('character_id'),
    joinedAt: timestampTz('joined_at').notNull().defaultNow(),
    /** The entry fee's payment in a paid tournament (payments.id); one payment buys one seat. */
    paymentId: uuid('payment_id').unique(),
  },
  (t) => [
    primaryKey({ name: 'tournament_participants_pkey', columns: [t.tournamentId, t.userId] }),
    // "My Tournaments": the tournaments a player joined.
    index('tournament_participants_user_id_idx').on(t.userId),
  ],
);
