import type { TournamentMatchNotice } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { fightPath, openCalls, timeLeftText, upsertCall, withoutCall } from './match-calls';
import { detailPollMs } from './queries';

const call = (matchId: number, inviteCode: string, deadline: number | null): TournamentMatchNotice => ({
  tournamentId: 't1',
  matchId,
  inviteCode,
  opponent: { walletAddress: '11111111111111111111111111111111', username: 'yuki', displayName: null },
  deadline,
});

describe('called matches', () => {
  it('keeps one call per match (a draw is called again with a new code) until it is dismissed', () => {
    const calls = upsertCall(upsertCall([], call(1, 'a', 100)), call(1, 'b', 200));
    expect(calls.map((item) => item.inviteCode)).toEqual(['b']);
    expect(upsertCall(calls, call(2, 'c', 300))).toHaveLength(2);
    expect(withoutCall(calls, call(1, 'b', 200))).toEqual([]);
  });

  it('announces only calls whose deadline is ahead', () => {
    expect(openCalls([call(1, 'a', 1_000), call(2, 'b', 3_000), call(3, 'c', null)], 2_000).map((item) => item.inviteCode)).toEqual(['b']);
  });

  it('shows the time left as m:ss and links to the home invite flow', () => {
    expect(timeLeftText(120_000, 0)).toBe('2:00');
    expect(timeLeftText(65_500, 0)).toBe('1:06');
    expect(timeLeftText(1_000, 1_000)).toBeNull();
    expect(timeLeftText(null, 0)).toBeNull();
    expect(fightPath('Ab_3-x')).toBe('/?invite=Ab_3-x');
  });
});

describe('detailPollMs', () => {
  it('polls while active or about to start', () => {
    expect(detailPollMs({ status: 'active', startDate: '2026-01-01T00:00:00.000Z' }, Date.parse('2026-02-01T00:00:00Z'))).toBe(3_000);
    expect(detailPollMs({ status: 'upcoming', startDate: '2026-01-01T00:00:30.000Z' }, Date.parse('2026-01-01T00:00:00Z'))).toBe(3_000);
    expect(detailPollMs({ status: 'upcoming', startDate: '2026-01-02T00:00:00.000Z' }, Date.parse('2026-01-01T00:00:00Z'))).toBe(false);
    expect(detailPollMs({ status: 'completed', startDate: '2026-01-01T00:00:00.000Z' }, Date.parse('2026-02-01T00:00:00Z'))).toBe(false);
    expect(detailPollMs(undefined, 0)).toBe(false);
  });

  it('polls a completed paid tournament until its prizes are paid or failed', () => {
    const completed = { status: 'completed' as const, startDate: '2026-01-01T00:00:00.000Z' };
    const placing = (status: 'pending' | 'paid' | 'failed') => ({ place: 1, participantId: 'u1', username: 'kenji', displayName: null, prize: { lamports: '1', status, signature: null } });
    expect(detailPollMs({ ...completed, placings: [placing('paid'), placing('pending')] }, 0)).toBe(3_000);
    expect(detailPollMs({ ...completed, placings: [placing('paid'), placing('failed')] }, 0)).toBe(false);
    expect(detailPollMs({ ...completed, placings: [{ ...placing('paid'), prize: null }] }, 0)).toBe(false);
  });
});
