import { type Lamports, ZERO_LAMPORTS, payoutLamports, toLamports } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { type MatchOutcome, applyMatch } from './player-stats';
import type { PlayerStatsRow } from './ports';

const fresh: PlayerStatsRow = {
  totalMatches: 0, wins: 0, losses: 0, draws: 0,
  totalEarnings: ZERO_LAMPORTS, totalLosses: ZERO_LAMPORTS, biggestWin: ZERO_LAMPORTS, biggestLoss: ZERO_LAMPORTS, totalProfit: 0n,
  longestWinStreak: 0, currentWinStreak: 0, favoriteCharacter: null, characterPlays: {},
  totalRoundsPlayed: 0, freeGamesPlayed: 0, paidGamesPlayed: 0, experience: 0, level: 1,
};
const free = (result: MatchOutcome['result'], characterId = 7, rounds = 3): MatchOutcome => ({ result, characterId, rounds, paid: false, stakeLamports: ZERO_LAMPORTS, payoutLamports: ZERO_LAMPORTS });
const paid = (result: MatchOutcome['result'], stake: Lamports): MatchOutcome => ({ result, characterId: 4, rounds: 2, paid: true, stakeLamports: stake, payoutLamports: payoutLamports(stake, stake) });

describe('applyMatch', () => {
  it('counts matches, rounds, streaks and XP, and never changes its input', () => {
    let stats = fresh;
    for (const result of ['win', 'win', 'draw', 'win', 'loss'] as const) stats = applyMatch(stats, free(result));
    expect(stats).toMatchObject({ totalMatches: 5, wins: 3, losses: 1, draws: 1, longestWinStreak: 2, currentWinStreak: 0, totalRoundsPlayed: 15, freeGamesPlayed: 5, experience: 30 * 3 + 15 + 10 });
    expect(stats.level).toBe(2);
    expect(fresh.totalMatches).toBe(0);
    expect(fresh.characterPlays).toEqual({});
  });

  it('keeps money in lamports: a win earns payout − stake, a loss costs the stake, a draw nothing', () => {
    const stake = toLamports(33_333_333n);
    const won = applyMatch(fresh, paid('win', stake));
    expect(won).toMatchObject({ totalEarnings: 31_333_333n, biggestWin: 31_333_333n, totalProfit: 31_333_333n, paidGamesPlayed: 1 });
    const lost = applyMatch(won, paid('loss', toLamports(2n * stake)));
    expect(lost).toMatchObject({ totalLosses: 2n * stake, biggestLoss: 2n * stake, totalProfit: 31_333_333n - 2n * stake });
    const drawn = applyMatch(lost, paid('draw', stake));
    expect(drawn).toMatchObject({ totalEarnings: lost.totalEarnings, totalLosses: lost.totalLosses, totalProfit: lost.totalProfit, draws: 1 });
  });

  it('makes the most played character the favourite; a tie keeps the current one', () => {
    let stats = applyMatch(fresh, free('win', 9));
    expect(stats.favoriteCharacter).toBe(9);
    stats = applyMatch(stats, free('win', 3));
    expect(stats.favoriteCharacter).toBe(9);
    stats = applyMatch(stats, free('loss', 3));
    expect(stats).toMatchObject({ favoriteCharacter: 3, characterPlays: { '9': 1, '3': 2 } });
  });

  it('never lowers a level', () => {
    expect(applyMatch({ ...fresh, level: 6 }, free('loss')).level).toBe(6);
  });
});
