// GET /api/tournaments: the list's filters, its order and its answer.
import { z } from 'zod';
import { count, pagination, walletAddress } from './primitives';
import { TOURNAMENT_FORMATS, TOURNAMENT_STATUSES, tournament } from './tournaments';

/**
 * `status`: what a player can still do first: upcoming tournaments with a free seat (soonest
 * start first), then full upcoming ones, then those under way, then the past (latest first).
 */
export const TOURNAMENT_SORT_FIELDS = ['startDate', 'createdAt', 'currentParticipants', 'name', 'status'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;

/**
 * GET /api/tournaments query. "My Tournaments" is member={wallet}: the ones it joined or created,
 * since a host who has not joined (yet) looks for their tournament there too.
 */
export const tournamentListQuery = pagination.extend({
  status: z.enum(TOURNAMENT_STATUSES).optional(),
  creator: walletAddress.optional(),
  participant: walletAddress.optional(),
  member: walletAddress.optional(),
  format: z.enum(TOURNAMENT_FORMATS).optional(),
  sortBy: z.enum(TOURNAMENT_SORT_FIELDS).default('startDate'),
  sortOrder: z.enum(SORT_ORDERS).default('asc'),
});
export type TournamentListQuery = z.input<typeof tournamentListQuery>;
export type ParsedTournamentListQuery = z.output<typeof tournamentListQuery>;

export const tournamentListAnswer = z.object({
  success: z.literal(true),
  tournaments: z.array(tournament).max(100),
  total: count,
});
export type TournamentListAnswer = z.infer<typeof tournamentListAnswer>;
