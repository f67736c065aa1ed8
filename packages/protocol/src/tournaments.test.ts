import { describe, expect, it } from 'vitest';
import {
  createTournamentBody,
  joinTournamentBody,
  tournament,
  tournamentAnswer,
  tournamentChangeAnswer,
  tournamentEntryAnswer,
  tournamentParams,
} from './tournaments';
import { tournamentListAnswer, tournamentListQuery } from './tournament-list';
import { HUGE, ISO, WALLET_A, WALLET_B } from './test-support/samples';

const valid = { name: 'Friday Fights', description: 'Bring your best', startDate: '2025-09-01T18:00:00.000Z' };

function messages(input: unknown): string[] {
  return createTournamentBody.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
}

const sample = {
  tournamentId: 't_1',
  name: 'Friday Fights',
  description: 'Bring your best',
  entryFee: '',
  maxParticipants: 8,
  currentParticipants: 1,
  startDate: ISO,
  format: 'single-elimination',
  status: 'upcoming',
  prizes: { first: '1 SOL', second: '', third: '' },
  winner: null,
  isRegistered: true,
  participants: [
    {
      _id: 'u_1',
      walletAddress: WALLET_A,
      username: 'ninja',
      displayName: 'Ninja',
      avatar: null,
      characterId: 7,
      level: 4,
      stats: { wins: 3, losses: 1 },
    },
  ],
  creator: WALLET_B,
  createdAt: ISO,
  entryFeeLamports: '0',
  prizePool: null,
};
const SIGNATURE = '5'.repeat(88);

describe('create tournament', () => {
  it('fills the defaults: 8 players, single-elimination, free, no prizes', () => {
    expect(createTournamentBody.parse(valid)).toEqual({
      ...valid,
      entryFee: '',
      maxParticipants: 8,
      format: 'single-elimination',
      prizes: { first: '', second: '', third: '' },
    });
  });

  it('accepts every size and format, sizes also as text from the form', () => {
    for (const size of [4, 8, 16, 32, '16']) expect(createTournamentBody.parse({ ...valid, maxParticipants: size }).maxParticipants).toBe(Number(size));
    for (const format of ['single-elimination', 'double-elimination', 'round-robin']) {
      expect(createTournamentBody.parse({ ...valid, format }).format).toBe(format);
    }
  });

  it('gives the form messages', () => {
    expect(messages({ ...valid, name: '' })).toEqual(['Please fill in all required fields']);
    expect(messages({ ...valid, description: '   ' })).toEqual(['Please fill in all required fields']);
    const { name: _n, ...noName } = valid;
    expect(messages(noName)).toEqual(['Please fill in all required fields']);
    const { startDate: _s, ...noDate } = valid;
    expect(messages(noDate)).toEqual(['Please select a start date']);
    expect(messages({ ...valid, startDate: '' })).toEqual(['Please select a start date']);
    expect(messages({ ...valid, startDate: 'next friday' })).toEqual(['Please select a valid start date']);
  });

  it('reads the entry fee as Free or an amount of SOL (apps/server/README.md "Paid tournaments")', () => {
    for (const entryFee of ['', 'Free', '0.05', '0.05 SOL', '2 sol']) expect(createTournamentBody.parse({ ...valid, entryFee }).entryFee).toBe(entryFee.trim());
    expect(messages({ ...valid, entryFee: '5$' })).toEqual(['Entry fee must be Free or an amount of SOL, such as 0.05 SOL']);
    expect(messages({ ...valid, entryFee: '0.005 SOL' })).toEqual(['Entry fee must be from 0.01 to 100 SOL']);
    expect(messages({ ...valid, entryFee: '0.1', prizes: { first: 'A trophy' } })).toEqual(['A paid tournament pays its prizes from the entry fees: leave the prizes empty']);
    expect(createTournamentBody.safeParse({ ...valid, entryFee: 'Free', prizes: { first: 'A trophy' } }).success).toBe(true);
  });

  it('refuses other sizes and formats, and oversized text', () => {
    for (const size of [2, 5, 64, '8x', null]) expect(createTournamentBody.safeParse({ ...valid, maxParticipants: size }).success, String(size)).toBe(false);
    expect(createTournamentBody.safeParse({ ...valid, format: 'swiss' }).success).toBe(false);
    expect(createTournamentBody.safeParse({ ...valid, name: 'x'.repeat(101) }).success).toBe(false);
    expect(createTournamentBody.safeParse({ ...valid, description: HUGE }).success).toBe(false);
    expect(createTournamentBody.safeParse({ ...valid, prizes: { first: HUGE } }).success).toBe(false);
    expect(createTournamentBody.safeParse({ ...valid, startDate: '2025-09-01T18:00' }).success).toBe(false);
  });
});

describe('list, detail, join', () => {
  it('reads the list filters with defaults', () => {
    expect(tournamentListQuery.parse({})).toEqual({ limit: 20, offset: 0, sortBy: 'startDate', sortOrder: 'asc' });
    const query = { status: 'active', creator: WALLET_A, participant: WALLET_B, format: 'round-robin', limit: '5', offset: '5', sortBy: 'createdAt', sortOrder: 'desc' };
    expect(tournamentListQuery.parse(query)).toEqual({ ...query, limit: 5, offset: 5 });
    expect(tournamentListQuery.safeParse({ status: 'open' }).success).toBe(false);
    expect(tournamentListQuery.safeParse({ sortBy: 'password' }).success).toBe(false);
  });

  it('takes an entry payment to join a paid tournament, with its signature or alone (found by its reference)', () => {
    expect(joinTournamentBody.parse({ paymentId: 'p_1', signature: SIGNATURE })).toEqual({ paymentId: 'p_1', signature: SIGNATURE });
    expect(joinTournamentBody.parse({ paymentId: 'p_1' })).toEqual({ paymentId: 'p_1' });
    expect(joinTournamentBody.safeParse({ signature: SIGNATURE }).success).toBe(false);
    expect(joinTournamentBody.safeParse({ paymentId: 'p_1', signature: 'not-base58!' }).success).toBe(false);
    const entry = { success: true, tournamentId: 't_1', recipientWallet: WALLET_B, solAmount: '0.05', lamports: '50000000', paymentId: 'p_1', reference: WALLET_A, expiresAt: 1_755_129_720_000 };
    expect(tournamentEntryAnswer.parse(entry)).toEqual(entry);
    expect(tournamentEntryAnswer.safeParse({ ...entry, lamports: '0.05' }).success).toBe(false);
  });

  it('shows a paid tournament\'s fee and pool in lamports', () => {
    const paid = { ...sample, entryFee: '0.1 SOL', entryFeeLamports: '100000000', prizePool: { totalLamports: '97000000', first: '58200000', second: '29100000', third: '9700000' } };
    expect(tournament.parse(paid)).toEqual(paid);
    expect(tournament.safeParse({ ...paid, entryFeeLamports: '0.1' }).success).toBe(false);
    expect(tournament.safeParse({ ...paid, prizePool: { totalLamports: '1' } }).success).toBe(false);
  });

  it('takes an optional known character to join', () => {
    expect(joinTournamentBody.parse({})).toEqual({});
    expect(joinTournamentBody.parse({ characterId: 9 })).toEqual({ characterId: 9 });
    expect(joinTournamentBody.safeParse({ characterId: 99 }).success).toBe(false);
    expect(tournamentParams.safeParse({ id: 't_1' }).success).toBe(true);
    expect(tournamentParams.safeParse({ id: '../x' }).success).toBe(false);
  });

  it('accepts a full tournament in every answer', () => {
    expect(tournament.parse(sample)).toEqual(sample);
    expect(tournamentListAnswer.safeParse({ success: true, tournaments: [sample], total: 1 }).success).toBe(true);
    expect(tournamentAnswer.safeParse({ success: true, tournament: sample }).success).toBe(true);
    expect(tournamentChangeAnswer.safeParse({ success: true, message: 'Joined', tournament: sample }).success).toBe(true);
    const done = { ...sample, status: 'completed', winner: { username: 'ninja', displayName: null } };
    expect(tournament.safeParse(done).success).toBe(true);
    expect(tournament.safeParse({ ...sample, maxParticipants: 10 }).success).toBe(false);
    expect(tournament.safeParse({ ...sample, status: 'paused' }).success).toBe(false);
  });

  it('carries the live bracket, the caller\'s duel and the placings in the detail', () => {
    const slot = { participantId: 'u_1', username: 'ninja', displayName: null, score: 64, result: 'win', forfeit: false };
    const detail = {
      ...sample,
      status: 'active',
      bracket: {
        type: 'single-elimination',
        matches: [
          { matchId: 3, section: 'winners', round: 1, number: 1, status: 'completed', opponent1: slot, opponent2: { ...slot, participantId: 'u_2', score: 0, result: 'loss' }, live: false },
          { matchId: 4, section: 'winners', round: 1, number: 2, status: 'locked', opponent1: { ...slot, score: null, result: null }, opponent2: null, live: false },
          { matchId: 5, section: 'winners', round: 2, number: 1, status: 'waiting', opponent1: { ...slot, participantId: null, username: null }, opponent2: null, live: true },
        ],
      },
      myMatch: { tournamentId: 't_1', matchId: 5, inviteCode: 'inv_1', opponent: { walletAddress: WALLET_B, username: 'ronin', displayName: null }, deadline: 1_755_129_720_000 },
      placings: [{ place: 1, participantId: 'u_1', username: 'ninja', displayName: null, prize: { lamports: '232800000', status: 'paid', signature: SIGNATURE } }],
    };
    expect(tournamentAnswer.parse({ success: true, tournament: detail }).tournament).toEqual(detail);
    // A list card has no bracket, no call, no placings.
    expect(tournamentAnswer.parse({ success: true, tournament: sample }).tournament).toMatchObject({ bracket: null, myMatch: null, placings: [] });
    const bad = (patch: object) => tournamentAnswer.safeParse({ success: true, tournament: { ...detail, ...patch } }).success;
    expect(bad({ placings: [{ place: 4, participantId: 'u_1', username: null, displayName: null, prize: null }] })).toBe(false);
    expect(bad({ placings: [{ place: 1, participantId: 'u_1', username: null, displayName: null, prize: { lamports: '-1', status: 'paid', signature: null } }] })).toBe(false);
    expect(bad({ bracket: { type: 'swiss', matches: [] } })).toBe(false);
    expect(bad({ myMatch: { ...detail.myMatch, deadline: -1 } })).toBe(false);
  });
});
