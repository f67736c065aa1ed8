// Player data: profiles, owned characters, battle history and the leaderboard.
import type { CharactersAnswer, GamesAnswer, LeaderboardAnswer, LeaderboardTimeframe, MarketplaceAnswer, ProfileAnswer } from '@duel-dojo/protocol';
import { requestJson } from './http';

const user = (wallet: string) => `/api/user/${encodeURIComponent(wallet)}`;

/** The own profile sends the bearer token, which also reveals the referral code. */
export function fetchProfile(wallet: string, token?: string | null): Promise<ProfileAnswer> {
  return requestJson(user(wallet), (p) => p.profileAnswer, { token });
}

/** Used as an existence check; only success or failure matters. */
export async function userExists(wallet: string): Promise<boolean> {
  try {
    await fetchProfile(wallet);
    return true;
  } catch {
    return false;
  }
}

export function fetchOwnedCharacters(wallet: string): Promise<CharactersAnswer> {
  return requestJson(`${user(wallet)}/characters`, (p) => p.charactersAnswer);
}

export function fetchGames(wallet: string, options: { limit?: number; token?: string | null } = {}): Promise<GamesAnswer> {
  const query = new URLSearchParams({ wallet });
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  return requestJson(`/api/games?${query}`, (p) => p.gamesAnswer, { token: options.token });
}

export function fetchLeaderboard(timeframe: LeaderboardTimeframe, limit: number): Promise<LeaderboardAnswer> {
  const query = new URLSearchParams({ type: 'profit', limit: String(limit), timeframe });
  return requestJson(`/api/leaderboard?${query}`, (p) => p.leaderboardAnswer);
}

/** Sold counts per marketplace character (SOLD OUT when purchased >= maxSupply). */
export function fetchMarketplaceSupply(): Promise<MarketplaceAnswer> {
  return requestJson('/api/marketplace', (p) => p.marketplaceAnswer);
}
