// Verify: the commitment, every round's factor from the seed, and a replay of the damage shown.
import { type Move, type RoundOutcome, characterOrDefault, fairnessCommitment, hitFactor, playRound, startDuel } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { type LoggedRound, checkFairness, fairnessSummary } from './fairness-check';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const SESSION = 'duel-42';
const characters = { player1: 4, player2: 8 } as const;

/** A real duel played with the seed's factors, as the server plays it. */
function playedGame(moves: [Move | null, Move | null][]): LoggedRound[] {
  const fighter = (id: number) => characterOrDefault(id);
  let duel = startDuel(fighter(characters.player1), fighter(characters.player2));
  for (const [player1, player2] of moves) {
    const round = duel.round + 1;
    duel = playRound(duel, { player1, player2 }, { player1: hitFactor(SEED, SESSION, round, 'player1'), player2: hitFactor(SEED, SESSION, round, 'player2') });
  }
  return duel.log.map((outcome: RoundOutcome) => ({ round: outcome.round, player1Health: outcome.player1.health, player2Health: outcome.player2.health, player1: outcome.player1, player2: outcome.player2 }));
}

const MOVES: [Move | null, Move | null][] = [
  [{ action: 'attack', prediction: 'hide' }, { action: 'hide', prediction: 'dodge' }],
  [{ action: 'dodge', prediction: 'attack' }, { action: 'attack', prediction: 'attack' }],
  [null, { action: 'attack', prediction: 'dodge' }],
];

const input = (rounds: LoggedRound[], overrides = {}) => ({ sessionId: SESSION, commitment: fairnessCommitment(SEED), serverSeed: SEED, characters, rounds, roundsPlayed: rounds.length, ...overrides });

describe('fairness check', () => {
  it('verifies an honest game: commitment, factors and every round replayed', () => {
    const report = checkFairness(input(playedGame(MOVES)));
    expect(report).toMatchObject({ valid: true, commitmentMatches: true, complete: true, mismatchedRounds: [], error: null });
    expect(report.rounds.map((entry) => entry.player1Factor)).toEqual([1, 2, 3].map((round) => hitFactor(SEED, SESSION, round, 'player1')));
    expect(fairnessSummary(report)).toBe('Verified: the seed matches the commitment and all 3 rounds match.');
  });

  it('catches damage that the seed does not give', () => {
    const rounds = playedGame(MOVES);
    const tampered = rounds.map((entry) => (entry.round === 2 ? { ...entry, player1: { ...entry.player1, damageTaken: entry.player1.damageTaken + 3 } } : entry));
    const report = checkFairness(input(tampered));
    expect(report).toMatchObject({ valid: false, mismatchedRounds: [2] });
    expect(fairnessSummary(report)).toBe('Mismatch in round 2: the seed does not give the damage shown.');
  });

  it('catches a seed that is not the committed one', () => {
    const report = checkFairness(input(playedGame(MOVES), { commitment: 'f'.repeat(64) }));
    expect(report).toMatchObject({ valid: false, commitmentMatches: false });
    expect(fairnessSummary(report)).toBe('Mismatch: the revealed seed does not match the commitment.');
  });

  it('shows the factors of rounds missing from the log, and says the check is partial', () => {
    const rounds = playedGame(MOVES);
    const report = checkFairness(input([rounds[2]!], { roundsPlayed: 3 }));
    expect(report.rounds.map((entry) => entry.matches)).toEqual([null, null, true]);
    expect(report).toMatchObject({ valid: true, complete: false });
    expect(checkFairness(input([], { roundsPlayed: 2 })).rounds).toHaveLength(2);
  });

  it('reports a malformed seed instead of throwing', () => {
    const report = checkFairness(input(playedGame(MOVES), { serverSeed: 'not-a-seed' }));
    expect(report.valid).toBe(false);
    expect(fairnessSummary(report)).toMatch(/^Cannot verify: serverSeed must be 64 lowercase hex/);
  });
});
