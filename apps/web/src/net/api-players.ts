// Player data: profiles, owned characters, battle history and the leaderboard.
import type { CharactersAnswer, GamesAnswer, LeaderboardAnswer, LeaderboardTimeframe, MarketplaceAnswer, ProfileAnswer } from '@duel-dojo/protocol';
import { requestJson } from './http';

// The schemas of these answers, loaded where used (net/protocol.ts).
const playersArea = () => import('@duel-dojo/protocol/players');
const gameRecordsArea = () => import('@duel-dojo/protocol/game-records');
const leaderboardArea = () => import('@duel-dojo/protocol/leaderboard');
const marketplaceArea = () => import('@duel-dojo/protocol/marketplace');

const user = (wallet: string) => `/api/user/${encodeURIComponent(wallet)}`;

/** The own profile sends the bearer token, which also reveals the referral code. */
export function fetchProfile(wallet: string, token?: string | null): Promise<ProfileAnswer> {
  return requestJson(user(wallet), () => playersArea().then((area) => area.profileAnswer), { token });
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
  return requestJson(`${user(wallet)}/characters`, () => playersArea().then((area) => area.charactersAnswer));
}

export function fetchGames(wallet: string, options: { limit?: number; token?: string | null } = {}): Promise<GamesAnswer> {
  const query = new URLSearchParams({ wallet });
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  return requestJson(`/api/games?${query}`, () => gameRecordsArea().then((area) => area.gamesAnswer), { token: options.token });
}

export function fetchLeaderboard(timeframe: LeaderboardTimeframe, limit: number): Promise<LeaderboardAnswer> {
  const query = new URLSearchParams({ type: 'profit', limit: String(limit), timeframe });
  return requestJson(`/api/leaderboard?${query}`, () => leaderboardArea().then((area) => area.leaderboardAnswer));
}

/** Sold counts per marketplace character (SOLD OUT when purchased >= maxSupply). */
export function fetchMarketplaceSupply(): Promise<MarketplaceAnswer> {
  return requestJson('/api/marketplace', () => marketplaceArea().then((area) => area.marketplaceAnswer));
}
