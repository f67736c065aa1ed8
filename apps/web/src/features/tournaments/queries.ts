// Tournaments as queries. The detail is polled while something can change on its own:
// a tournament under way (matches called, results in), one about to start, or a completed paid
// one whose prizes are still being paid out on chain.
import type { TournamentDetail, TournamentListQuery } from '@duel-dojo/protocol';
import { useQuery } from '@tanstack/react-query';
import { fetchTournament, fetchTournaments } from '../../net/api-tournaments';

export const DETAIL_POLL_MS = 3_000;
/** An upcoming tournament is polled from this long before its start date (it starts within 2 s). */
const START_WATCH_MS = 60_000;

export function useTournamentList(query: TournamentListQuery, token: string | null) {
  return useQuery({
    queryKey: ['tournaments', query, Boolean(token)],
    queryFn: () => fetchTournaments(query, token),
  });
}

/** How often the detail is fetched again; false when it only changes by the player's own actions. */
export function detailPollMs(tournament: (Pick<TournamentDetail, 'status' | 'startDate'> & Partial<Pick<TournamentDetail, 'placings'>>) | undefined, now: number): number | false {
  if (!tournament) return false;
  if (tournament.status === 'active') return DETAIL_POLL_MS;
  if (tournament.placings?.some((placing) => placing.prize?.status === 'pending')) return DETAIL_POLL_MS;
  if (tournament.status === 'upcoming' && Date.parse(tournament.startDate) - now < START_WATCH_MS) return DETAIL_POLL_MS;
  return false;
}

export function useTournament(id: string | undefined, token: string | null) {
  return useQuery({
    queryKey: ['tournament', id ?? null, Boolean(token)],
    queryFn: () => fetchTournament(id as string, token),
    enabled: Boolean(id),
    refetchInterval: (query) => detailPollMs(query.state.data?.tournament, Date.now()),
  });
}
