// Tournament brackets: brackets-manager's six tables (participant, stage, group, round,
// match, match_game) on our database, the duel called for a bracket match, and the placings.
// The bracket tables' property AND column names are brackets-model's own field names, so a row
// is the library's object as it is (adapters/db/bracket-storage.ts maps nothing).
import type { ParticipantResult, StageSettings } from 'brackets-model';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ZERO, createdAt, lamports, timestampTz } from './columns';
import { tournaments } from './tournaments';
import { users } from './users';

export const bracketParticipants = pgTable(
  'bracket_participants',
  {
    id: serial('id').primaryKey(),
    tournament_id: uuid('tournament_id').notNull().references(() => tournaments.id, { onDelete: 'cascade' }),
    /** The player's user id: unique within its tournament, as the library needs names to be. */
    name: text('name').notNull(),
  },
  (t) => [index('bracket_participants_tournament_id_idx').on(t.tournament_id)],
);

export const bracketStages = pgTable(
  'bracket_stages',
  {
    id: serial('id').primaryKey(),
    tournament_id: uuid('tournament_id').notNull().references(() => tournaments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** round_robin | single_elimination | double_elimination */
    type: text('type').notNull(),
    settings: jsonb('settings').$type<StageSettings>().notNull(),
    number: integer('number').notNull(),
  },
  (t) => [index('bracket_stages_tournament_id_idx').on(t.tournament_id)],
);

export const bracketGroups = pgTable(
  'bracket_groups',
  {
    id: serial('id').primaryKey(),
    stage_id: integer('stage_id').notNull().references(() => bracketStages.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
  },
  (t) => [index('bracket_groups_stage_id_idx').on(t.stage_id)],
);

export const bracketRounds = pgTable(
  'bracket_rounds',
  {
    id: serial('id').primaryKey(),
    stage_id: integer('stage_id').notNull().references(() => bracketStages.id, { onDelete: 'cascade' }),
    group_id: integer('group_id').notNull().references(() => bracketGroups.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
  },
  (t) => [index('bracket_rounds_stage_id_idx').on(t.stage_id), index('bracket_rounds_group_id_idx').on(t.group_id)],
);

export const bracketMatches = pgTable(
  'bracket_matches',
  {
    id: serial('id').primaryKey(),
    stage_id: integer('stage_id').notNull().references(() => bracketStages.id, { onDelete: 'cascade' }),
    group_id: integer('group_id').notNull().references(() => bracketGroups.id, { onDelete: 'cascade' }),
    round_id: integer('round_id').notNull().references(() => bracketRounds.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    child_count: integer('child_count').notNull().default(0),
    /** brackets-model Status: 0 locked … 4 completed, 5 archived. */
    status: integer('status').notNull(),
    /** null: a BYE; {id: null}: to be decided. */
    opponent1: jsonb('opponent1').$type<ParticipantResult | null>(),
    opponent2: jsonb('opponent2').$type<ParticipantResult | null>(),
  },
  (t) => [
    index('bracket_matches_stage_id_idx').on(t.stage_id),
    index('bracket_matches_group_id_idx').on(t.group_id),
    index('bracket_matches_round_id_idx').on(t.round_id),
  ],
);

/** Best-of-X games of a match; our matches are single duels, so this stays empty. */
export const bracketMatchGames = pgTable(
  'bracket_match_games',
  {
    id: serial('id').primaryKey(),
    stage_id: integer('stage_id').notNull().references(() => bracketStages.id, { onDelete: 'cascade' }),
    parent_id: integer('parent_id').notNull().references(() => bracketMatches.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: integer('status').notNull(),
    opponent1: jsonb('opponent1').$type<ParticipantResult | null>(),
    opponent2: jsonb('opponent2').$type<ParticipantResult | null>(),
  },
  (t) => [index('bracket_match_games_stage_id_idx').on(t.stage_id), index('bracket_match_games_parent_id_idx').on(t.parent_id)],
);

/**
 * open: called, waiting for the players or being played; played / forfeit: decided the bracket
 * match; draw: an elimination duel drawn, called again; void: lost to a server restart, called again.
 */
export const TOURNAMENT_MATCH_STATES = ['open', 'played', 'forfeit', 'draw', 'void'] as const;
export type TournamentMatchState = (typeof TOURNAMENT_MATCH_STATES)[number];

/** A duel called for a bracket match: who plays it, with which invite, until when to show. */
export const tournamentMatches = pgTable(
  'tournament_matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id').notNull().references(() => tournaments.id, { onDelete: 'cascade' }),
    matchId: integer('match_id').notNull().references(() => bracketMatches.id, { onDelete: 'cascade' }),
    /** opponent1 and opponent2 of the bracket match. */
    player1Id: uuid('player1_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    player2Id: uuid('player2_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The private code both players join the duel with (joinViaInvite). */
    inviteCode: text('invite_code').notNull().unique(),
    /** A player not in the duel by then forfeits; null once the duel has started. */
    deadline: timestampTz('deadline'),
    state: text('state').$type<TournamentMatchState>().notNull().default('open'),
    /** The duel (games.session_id) that decided it. */
    sessionId: text('session_id'),
    createdAt: createdAt(),
    endedAt: timestampTz('ended_at'),
  },
  (t) => [
    check('tournament_matches_state_check', sql`${t.state} in ('open', 'played', 'forfeit', 'draw', 'void')`),
    // One call at a time per bracket match: the guard of exactly-once results.
    uniqueIndex('tournament_matches_open_match_key').on(t.matchId).where(sql`${t.state} = 'open'`),
    index('tournament_matches_tournament_id_idx').on(t.tournamentId),
    // The battle history marks the games that were bracket matches.
    index('tournament_matches_session_id_idx').on(t.sessionId).where(sql`${t.sessionId} is not null`),
    // The scheduler's no-show sweep.
    index('tournament_matches_deadline_idx').on(t.deadline).where(sql`${t.state} = 'open'`),
  ],
);

/** 1st, 2nd and 3rd of a completed tournament (tournaments.winner_id is 1st too). */
export const tournamentPlacings = pgTable(
  'tournament_placings',
  {
    tournamentId: uuid('tournament_id').notNull().references(() => tournaments.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The place's share of a paid tournament's pool, fixed at completion; 0 when free. */
    prizeLamports: lamports('prize_lamports').notNull().default(ZERO),
  },
  (t) => [
    primaryKey({ name: 'tournament_placings_pkey', columns: [t.tournamentId, t.place] }),
    check('tournament_placings_place_check', sql`${t.place} between 1 and 3`),
  ],
);
