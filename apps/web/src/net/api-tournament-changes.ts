// Spec §7 "Tournaments": create and join, both with the bearer token (issue 8 server side).
import type { CreateTournamentBody, TournamentChangeAnswer } from '@duel-dojo/protocol';
import { requestJson } from './http';

export function createTournament(body: CreateTournamentBody, token: string | null): Promise<TournamentChangeAnswer> {
  return requestJson('/api/tournaments', (p) => p.tournamentChangeAnswer, { method: 'POST', body, token });
}

/** PUT /api/tournaments/{id}/join; the character is optional (the player's own by default). */
export function joinTournament(tournamentId: string, token: string | null, characterId?: number): Promise<TournamentChangeAnswer> {
  const body = characterId === undefined ? {} : { characterId };
  return requestJson(`/api/tournaments/${encodeURIComponent(tournamentId)}/join`, (p) => p.tournamentChangeAnswer, { method: 'PUT', body, token });
}
