// Tournaments (spec §7) as queries; the server side arrives with issue 8, until then these
// answer 404 and the screens say so.
import type { TournamentListQuery } from '@duel-dojo/protocol';
import { useQuery } from '@tanstack/react-query';
import { fetchTournament, fetchTournaments } from '../../net/api-tournaments';
import { retryUnlessClientError } from '../players/queries';

export function useTournamentList(query: TournamentListQuery, token: string | null) {
  return useQuery({
    queryKey: ['tournaments', query, Boolean(token)],
    queryFn: () => fetchTournaments(query, token),
    retry: retryUnlessClientError,
  });
}

export function useTournament(id: string | undefined, token: string | null) {
  return useQuery({
    queryKey: ['tournament', id ?? null, Boolean(token)],
    queryFn: () => fetchTournament(id as string, token),
    enabled: Boolean(id),
    retry: retryUnlessClientError,
  });
}
