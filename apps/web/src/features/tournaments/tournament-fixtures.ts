// Tournaments as the server sends them (protocol shapes), for tests.
import type { Tournament, TournamentDetail, TournamentParticipant } from '@duel-dojo/protocol';

export const CREATOR_WALLET = 'So11111111111111111111111111111111111111112';

export function aParticipant(id: string, name: string, extra: Partial<TournamentParticipant> = {}): TournamentParticipant {
  return {
    _id: id,
    walletAddress: '11111111111111111111111111111111',
    username: name.toLowerCase(),
    displayName: name,
    avatar: null,
    characterId: 1,
    level: 3,
    stats: { wins: 5, losses: 2 },
    ...extra,
  };
}

export function aTournament(extra: Partial<Tournament> = {}): Tournament {
  return {
    tournamentId: 't1',
    name: 'Friday Night Fights',
    description: 'Four fighters, one champion.',
    entryFee: '',
    maxParticipants: 8,
    currentParticipants: 0,
    startDate: new Date(Date.now() + 2 * 86_400_000 + 3 * 3_600_000 + 60_000).toISOString(),
    format: 'single-elimination',
    status: 'upcoming',
    prizes: { first: '1 SOL', second: '', third: '' },
    winner: null,
    isRegistered: false,
    participants: [],
    creator: CREATOR_WALLET,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export function aDetail(extra: Partial<TournamentDetail> = {}): TournamentDetail {
  return { ...aTournament(), bracket: null, myMatch: null, placings: [], ...extra };
}
