// Player data as TanStack queries: profiles, owned characters, battle history and
// the leaderboard. A 404 is an answer ("not found"), not a reason to retry (app/query-client.ts).
import type { LeaderboardTimeframe } from '@duel-dojo/protocol';
import { LEADERBOARD_SIZE } from '@duel-dojo/rules';
import { useQuery } from '@tanstack/react-query';
import { fetchGames, fetchLeaderboard, fetchMarketplaceSupply, fetchOwnedCharacters, fetchProfile } from '../../net/api-players';
import { ApiError } from '../../net/http';

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function useProfile(wallet: string | null | undefined, token?: string | null) {
  return useQuery({
    queryKey: ['profile', wallet ?? null, Boolean(token)],
    queryFn: () => fetchProfile(wallet as string, token),
    enabled: Boolean(wallet),
  });
}

/** On failure an empty list is used. */
export function useOwnedCharacters(wallet: string | null | undefined) {
  return useQuery({
    queryKey: ['owned-characters', wallet ?? null],
    queryFn: async () => {
      try {
        return (await fetchOwnedCharacters(wallet as string)).charactersOwned;
      } catch {
        return [];
      }
    },
    enabled: Boolean(wallet),
  });
}

export function useGames(wallet: string | null | undefined, options: { limit?: number; token?: string | null } = {}) {
  return useQuery({
    queryKey: ['games', wallet ?? null, options.limit ?? null],
    queryFn: () => fetchGames(wallet as string, options),
    enabled: Boolean(wallet),
  });
}

/** "Last 24 Hours" really filters (timeframe=24h). */
export function useLeaderboard(timeframe: LeaderboardTimeframe) {
  return useQuery({
    queryKey: ['leaderboard', timeframe],
    queryFn: () => fetchLeaderboard(timeframe, LEADERBOARD_SIZE),
  });
}

/** Sold counts by character id; while unknown (loading or failed) the grid shows the maximum supply. */
export function useMarketplaceSupply() {
  return useQuery({
    queryKey: ['marketplace-supply'],
    queryFn: async () => new Map((await fetchMarketplaceSupply()).items.map((item) => [item.characterId, item.purchased])),
  });
}
