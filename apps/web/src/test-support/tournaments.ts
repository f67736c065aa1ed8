// Tournaments as the server sends them (protocol shapes), for tests.
import type { Tournament, TournamentDetail, TournamentParticipant } from '@duel-dojo/protocol';
import { amountText, prizePlaces, prizePoolLamports, prizeShares, solText, toLamports } from '@duel-dojo/rules';

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
    entryFeeLamports: '0',
    prizePool: null,
    ...extra,
  };
}

export function aDetail(extra: Partial<TournamentDetail> = {}): TournamentDetail {
  return { ...aTournament(), bracket: null, myMatch: null, placings: [], ...extra };
}

/**
 * What the server sends for a paid tournament with `entrants` registered: the fee as
 * text and lamports, the pool projected from them and the prizes as its amounts ('' when zero).
 */
export function paidFields(entrants: number, feeLamports = 50_000_000n): Pick<Tournament, 'entryFee' | 'entryFeeLamports' | 'prizePool' | 'prizes' | 'currentParticipants'> {
  const pool = prizePoolLamports(toLamports(feeLamports), entrants);
  // As the server projects it: the places the registered players can hold (2 players, no 3rd).
  const [first = 0n, second = 0n, third = 0n] = prizeShares(pool, prizePlaces(entrants));
  return {
    entryFee: solText(feeLamports),
    entryFeeLamports: feeLamports.toString(),
    currentParticipants: entrants,
    prizePool: { totalLamports: pool.toString(), first: first.toString(), second: second.toString(), third: third.toString() },
    prizes: { first: amountText(first), second: amountText(second), third: amountText(third) },
  };
}

export function aPaidTournament(entrants: number, extra: Partial<Tournament> = {}): Tournament {
  return aTournament({ name: 'Paid Cup', ...paidFields(entrants), ...extra });
}
