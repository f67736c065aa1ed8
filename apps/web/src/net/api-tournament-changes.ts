// Tournaments: create and join, both with the bearer token, and
// the entry payment of a paid tournament (POST …/entry, then the join carries the payment).
import type { CreateTournamentBody, JoinTournamentBody, TournamentChangeAnswer, TournamentEntryAnswer } from '@duel-dojo/protocol';
import { requestJson } from './http';

// The schemas of these answers, loaded where used (net/protocol.ts).
const tournamentsArea = () => import('@duel-dojo/protocol/tournaments');

const tournamentPath = (tournamentId: string) => `/api/tournaments/${encodeURIComponent(tournamentId)}`;

export function createTournament(body: CreateTournamentBody, token: string | null): Promise<TournamentChangeAnswer> {
  return requestJson('/api/tournaments', () => tournamentsArea().then((area) => area.tournamentChangeAnswer), { method: 'POST', body, token });
}

/**
 * PUT /api/tournaments/{id}/join; the character is optional (the player's own by default). A paid
 * tournament's join carries its entry payment: {paymentId, signature}.
 */
export function joinTournament(tournamentId: string, token: string | null, body: JoinTournamentBody = {}): Promise<TournamentChangeAnswer> {
  return requestJson(`${tournamentPath(tournamentId)}/join`, () => tournamentsArea().then((area) => area.tournamentChangeAnswer), { method: 'PUT', body, token });
}

/** POST /api/tournaments/{id}/entry: the transfer that pays a paid tournament's entry fee. */
export function requestTournamentEntry(tournamentId: string, token: string | null): Promise<TournamentEntryAnswer> {
  return requestJson(`${tournamentPath(tournamentId)}/entry`, () => tournamentsArea().then((area) => area.tournamentEntryAnswer), { method: 'POST', token });
}
