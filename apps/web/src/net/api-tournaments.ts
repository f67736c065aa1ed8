// Tournaments: every call sends the bearer token when there is one.
import type { TournamentAnswer, TournamentListAnswer, TournamentListQuery } from '@duel-dojo/protocol';
import { requestJson } from './http';

// The schemas of these answers, loaded where used (net/protocol.ts).
const tournamentListArea = () => import('@duel-dojo/protocol/tournament-list');
const tournamentsArea = () => import('@duel-dojo/protocol/tournaments');

export function fetchTournaments(query: TournamentListQuery, token?: string | null): Promise<TournamentListAnswer> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return requestJson(`/api/tournaments?${params}`, () => tournamentListArea().then((area) => area.tournamentListAnswer), { token });
}

export function fetchTournament(id: string, token?: string | null): Promise<TournamentAnswer> {
  return requestJson(`/api/tournaments/${encodeURIComponent(id)}`, () => tournamentsArea().then((area) => area.tournamentAnswer), { token });
}
