import { z } from 'zod';
import { ERROR_MESSAGES } from './errors';
import { MAX_ID, MAX_MESSAGE, MAX_TEXT } from './limits';
import {
  boundedText,
  characterId,
  count,
  entityId,
  isoDateTime,
  level,
  pagination,
  walletAddress,
} from './primitives';

// Spec §3 "Tournament", §5 "Tournament creation" and §7 "Tournaments". Every call sends the
// bearer token; answers carry success: true, failures are ErrorBody with the spec §8 texts.

export const TOURNAMENT_FORMATS = ['single-elimination', 'double-elimination', 'round-robin'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];
export const DEFAULT_TOURNAMENT_FORMAT: TournamentFormat = 'single-elimination';

export const TOURNAMENT_SIZES = [4, 8, 16, 32] as const;
export type TournamentSize = (typeof TOURNAMENT_SIZES)[number];
export const DEFAULT_TOURNAMENT_SIZE: TournamentSize = 8;

/** upcoming -> active -> completed; cancelled when it cannot start (issue 8). */
export const TOURNAMENT_STATUSES = ['upcoming', 'active', 'completed', 'cancelled'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

export const TOURNAMENT_SORT_FIELDS = ['startDate', 'createdAt', 'currentParticipants', 'name'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;

const MAX_NAME = 100;
const MAX_PRIZE = 100;
const REQUIRED_FIELDS = ERROR_MESSAGES.TOURNAMENT_REQUIRED_FIELDS;
const START_DATE_REQUIRED = ERROR_MESSAGES.TOURNAMENT_START_DATE_REQUIRED;
const isoCheck = z.iso.datetime({ offset: true });

/** A name or description: missing or blank is the spec's "Please fill in all required fields". */
function requiredField(max: number) {
  return z
    .string({ error: REQUIRED_FIELDS })
    .max(max, { error: `Must be at most ${max} characters`, abort: true })
    .trim()
    .min(1, { error: REQUIRED_FIELDS });
}

/** Optional free text (entry fee, prizes): absent is ''. */
function optionalText(max: number) {
  return boundedText(max).trim().default('');
}

/** A number of players, 4/8/16/32; the form's select may send it as text ("16"). */
const tournamentSize = z
  .union([z.number(), boundedText(2).regex(/^\d+$/).transform(Number)], {
    error: 'Max players must be 4, 8, 16 or 32',
  })
  .pipe(z.literal(TOURNAMENT_SIZES, { error: 'Max players must be 4, 8, 16 or 32' }));

export const tournamentPrizes = z.object({
  first: optionalText(MAX_PRIZE),
  second: optionalText(MAX_PRIZE),
  third: optionalText(MAX_PRIZE),
});
export type TournamentPrizes = z.infer<typeof tournamentPrizes>;

/** POST /api/tournaments. startDate is ISO with a zone: the form converts its local time. */
export const createTournamentBody = z.object({
  name: requiredField(MAX_NAME),
  description: requiredField(MAX_MESSAGE),
  /** Free text; '' is shown as "Free". */
  entryFee: optionalText(MAX_PRIZE),
  maxParticipants: tournamentSize.default(DEFAULT_TOURNAMENT_SIZE),
  startDate: z
    .string({ error: START_DATE_REQUIRED })
    .max(MAX_ID, { error: START_DATE_REQUIRED, abort: true })
    .trim()
    .min(1, { error: START_DATE_REQUIRED, abort: true })
    .refine((value) => isoCheck.safeParse(value).success, { error: 'Please select a valid start date' }),
  format: z.enum(TOURNAMENT_FORMATS, { error: 'Format must be single-elimination, double-elimination or round-robin' }).default(
    DEFAULT_TOURNAMENT_FORMAT,
  ),
  prizes: tournamentPrizes.default({ first: '', second: '', third: '' }),
});
export type CreateTournamentBody = z.input<typeof createTournamentBody>;
export type ParsedCreateTournamentBody = z.output<typeof createTournamentBody>;

/** GET /api/tournaments query; "My Tournaments" is participant={wallet}. */
export const tournamentListQuery = pagination.extend({
  status: z.enum(TOURNAMENT_STATUSES).optional(),
  creator: walletAddress.optional(),
  participant: walletAddress.optional(),
  format: z.enum(TOURNAMENT_FORMATS).optional(),
  sortBy: z.enum(TOURNAMENT_SORT_FIELDS).default('startDate'),
  sortOrder: z.enum(SORT_ORDERS).default('asc'),
});
export type TournamentListQuery = z.input<typeof tournamentListQuery>;
export type ParsedTournamentListQuery = z.output<typeof tournamentListQuery>;

/** The {id} of /api/tournaments/{id} and /api/tournaments/{id}/join. */
export const tournamentParams = z.object({ id: entityId });
export type TournamentParams = z.input<typeof tournamentParams>;

/** PUT /api/tournaments/{id}/join: an optional character to fight with. */
export const joinTournamentBody = z.object({ characterId: characterId.optional() });
export type JoinTournamentBody = z.input<typeof joinTournamentBody>;

export const tournamentParticipant = z.object({
  _id: boundedText(MAX_ID),
  walletAddress,
  username: boundedText(MAX_TEXT).nullable(),
  displayName: boundedText(MAX_TEXT).nullable(),
  /** An image path; null shows the character's portrait. */
  avatar: boundedText(500).nullable(),
  characterId,
  level,
  stats: z.object({ wins: count, losses: count }),
});
export type TournamentParticipant = z.infer<typeof tournamentParticipant>;

export const tournament = z.object({
  tournamentId: entityId,
  name: boundedText(MAX_NAME),
  description: boundedText(MAX_MESSAGE),
  entryFee: boundedText(MAX_PRIZE),
  maxParticipants: z.literal(TOURNAMENT_SIZES),
  currentParticipants: count,
  startDate: isoDateTime,
  format: z.enum(TOURNAMENT_FORMATS),
  status: z.enum(TOURNAMENT_STATUSES),
  /** '' for a prize not set: shown as "TBD". */
  prizes: z.object({ first: boundedText(MAX_PRIZE), second: boundedText(MAX_PRIZE), third: boundedText(MAX_PRIZE) }),
  /** Set once completed. */
  winner: z.object({ username: boundedText(MAX_TEXT).nullable(), displayName: boundedText(MAX_TEXT).nullable() }).nullable(),
  /** Whether the caller (from the bearer token) is registered; false for anonymous callers. */
  isRegistered: z.boolean(),
  participants: z.array(tournamentParticipant).max(32),
  creator: walletAddress,
  createdAt: isoDateTime,
});
export type Tournament = z.infer<typeof tournament>;

export const tournamentListAnswer = z.object({
  success: z.literal(true),
  tournaments: z.array(tournament).max(100),
  total: count,
});
export type TournamentListAnswer = z.infer<typeof tournamentListAnswer>;

/** GET /api/tournaments/{id}; a 404 ErrorBody (TOURNAMENT_NOT_FOUND) when unknown. */
export const tournamentAnswer = z.object({
  success: z.literal(true),
  tournament,
});
export type TournamentAnswer = z.infer<typeof tournamentAnswer>;

/** The answer of create and join: the tournament as it now stands. */
export const tournamentChangeAnswer = z.object({
  success: z.literal(true),
  message: boundedText(MAX_MESSAGE),
  tournament,
});
export type TournamentChangeAnswer = z.infer<typeof tournamentChangeAnswer>;
