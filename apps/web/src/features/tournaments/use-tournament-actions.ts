// Create and join: the client's checks first, then the call; on success the lists
// and the detail are fetched again ("then the list is reloaded").
import type { CreateTournamentBody, Tournament } from '@duel-dojo/protocol';
import { ERROR_MESSAGES } from '@duel-dojo/protocol/error-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createTournament, joinTournament } from '../../net/api-tournament-changes';
import { ApiError } from '../../net/http';
import { useAuth } from '../auth/auth-context';
import { type JoinSession, joinBlock, joinErrorText } from './join-rules';

/** Fetches the lists and, with an id, that tournament's detail again. */
export function useReloadTournaments() {
  const queryClient = useQueryClient();
  return (tournamentId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['tournaments'] }),
      tournamentId ? queryClient.invalidateQueries({ queryKey: ['tournament', tournamentId] }) : undefined,
    ]);
}

/** The session as the join rules see it: the wallet (connected or the session's) and the token. */
export function useJoinSession(): JoinSession {
  const auth = useAuth();
  return { walletConnected: auth.walletAddress !== null, signedIn: auth.token !== null };
}

export function useCreateTournament() {
  const { token } = useAuth();
  const reload = useReloadTournaments();
  return useMutation({
    mutationFn: async (body: CreateTournamentBody) => {
      try {
        return await createTournament(body, token);
      } catch (error) {
        // The server's message, else "Failed to create tournament".
        throw new Error(error instanceof ApiError && error.serverMessage ? error.serverMessage : ERROR_MESSAGES.TOURNAMENT_CREATE_FAILED, { cause: error });
      }
    },
    onSuccess: () => reload(),
  });
}

/** Join: blocked on the client or sent; a failure carries the protocol's text. */
export function useJoinTournament(fallback?: string) {
  const { token } = useAuth();
  const session = useJoinSession();
  const reload = useReloadTournaments();
  return useMutation({
    mutationFn: async (tournament: Pick<Tournament, 'tournamentId' | 'isRegistered' | 'currentParticipants' | 'maxParticipants'>) => {
      const blocked = joinBlock(tournament, session);
      if (blocked) throw new Error(blocked);
      try {
        return await joinTournament(tournament.tournamentId, token);
      } catch (error) {
        throw new Error(joinErrorText(error, fallback), { cause: error });
      }
    },
    onSuccess: (answer) => reload(answer.tournament.tournamentId),
    // A refusal (full, closed, already registered) means what the player saw was stale.
    onError: (_error, tournament) => reload(tournament.tournamentId),
  });
}
