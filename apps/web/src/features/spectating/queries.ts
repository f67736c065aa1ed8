// The live duels (refreshed while on screen) and one game's record, as TanStack queries.
import { useQuery } from '@tanstack/react-query';
import { fetchGameRecord, fetchLiveGames } from '../../net/api-games';

/** Duels start and end all the time: the list is read again every so often while shown. */
export const LIVE_GAMES_REFRESH_MS = 10_000;

export function useLiveGames() {
  return useQuery({
    queryKey: ['live-games'],
    queryFn: async () => (await fetchLiveGames()).games,
    refetchInterval: LIVE_GAMES_REFRESH_MS,
  });
}

/** `enabled` false: not needed yet (a live game's record is fetched once it is over). */
export function useGameRecord(sessionId: string, enabled = true) {
  return useQuery({
    queryKey: ['game-record', sessionId],
    queryFn: async () => (await fetchGameRecord(sessionId)).game,
    enabled,
  });
}
