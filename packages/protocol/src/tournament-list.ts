// GET /api/tournaments: the list's filters, its order and its answer.
import { z } from 'zod/mini';
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
export const tournamentListQuery = z.extend(pagination, {
  status: z.optional(z.enum(TOURNAMENT_STATUSES)),
  creator: z.optional(walletAddress),
  participant: z.optional(walletAddress),
  member: z.optional(walletAddress),
  format: z.optional(z.enum(TOURNAMENT_FORMATS)),
  sortBy: z._default(z.enum(TOURNAMENT_SORT_FIELDS), 'startDate'),
  sortOrder: z._default(z.enum(SORT_ORDERS), 'asc'),
});
export type TournamentListQuery = z.input<typeof tournamentListQuery>;
export type ParsedTournamentListQuery = z.output<typeof tournamentListQuery>;

export const tournamentListAnswer = z.object({
  success: z.literal(true),
  tournaments: z.array(tournament).check(z.maxLength(100)),
  total: count,
});
export type TournamentListAnswer = z.infer<typeof tournamentListAnswer>;
