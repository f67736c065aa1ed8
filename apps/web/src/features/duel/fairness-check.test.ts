// Verify: the commitment (the one seen before round 1 first), the player's own seed, every
// round's factors from the seeds, and a replay of the damage, healing and health shown.
import { type ClientSeeds, type Move, type RoundOutcome, characterOrDefault, fairnessCommitment, hitFactor, playRound, startDuel } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { type FairnessInput, type LoggedRound, checkFairness, fairnessSummary } from './fairness-check';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const SESSION = 'duel-42';
const SEEDS: ClientSeeds = { player1: 'mine-1', player2: '0f1e2d3c4b5a69788796a5b4c3d2e1f0' };
const characters = { player1: 4, player2: 8 } as const;

/** A real duel played with the seeds' factors, as the server plays it. */
function playedGame(moves: [Move | null, Move | null][], clientSeeds: ClientSeeds | null = SEEDS): LoggedRound[] {
  const fighter = (id: number) => characterOrDefault(id);
  let duel = startDuel(fighter(characters.player1), fighter(characters.player2));
  for (const [player1, player2] of moves) {
    const round = duel.round + 1;
    duel = playRound(duel, { player1, player2 }, { player1: hitFactor(SEED, SESSION, round, 'player1', clientSeeds), player2: hitFactor(SEED, SESSION, round, 'player2', clientSeeds) });
  }
  return duel.log.map((outcome: RoundOutcome) => ({ round: outcome.round, player1Health: outcome.player1.health, player2Health: outcome.player2.health, player1: outcome.player1, player2: outcome.player2 }));
}

const MOVES: [Move | null, Move | null][] = [
  [{ action: 'attack', prediction: 'hide' }, { action: 'hide', prediction: 'dodge' }],
  [{ action: 'dodge', prediction: 'attack' }, { action: 'attack', prediction: 'attack' }],
  [null, { action: 'attack', prediction: 'dodge' }],
];

const input = (rounds: LoggedRound[], overrides: Partial<FairnessInput> = {}): FairnessInput => ({
  sessionId: SESSION,
  commitment: fairnessCommitment(SEED),
  serverSeed: SEED,
  clientSeeds: SEEDS,
  seen: { commitment: fairnessCommitment(SEED), seed: SEEDS.player1, slot: 'player1' },
  characters,
  rounds,
  roundsPlayed: rounds.length,
  ...overrides,
});

describe('fairness check', () => {
  it('verifies an honest game: commitment seen, own seed, factors and every round replayed', () => {
    const report = checkFairness(input(playedGame(MOVES)));
    expect(report).toMatchObject({ valid: true, commitmentMatches: true, commitmentSource: 'seen', ownSeedMatches: true, complete: true, mismatchedRounds: [], error: null });
    expect(report.rounds.map((entry) => entry.player1Factor)).toEqual([1, 2, 3].map((round) => hitFactor(SEED, SESSION, round, 'player1', SEEDS)));
    expect(fairnessSummary(report)).toBe('Verified: the seed matches the commitment and all 3 rounds match.');
  });

  it('verifies an older game without client seeds with the legacy formula', () => {
    const report = checkFairness(input(playedGame(MOVES, null), { clientSeeds: null, seen: null }));
    expect(report).toMatchObject({ valid: true, commitmentSource: 'record', ownSeedMatches: null });
    expect(checkFairness(input(playedGame(MOVES, null))).valid).toBe(false);
  });

  it('names the round and the field of damage that the seeds do not give', () => {
    const rounds = playedGame(MOVES);
    const tampered = rounds.map((entry) => (entry.round === 2 ? { ...entry, player1: { ...entry.player1, damageTaken: entry.player1.damageTaken + 3 } } : entry));
    const report = checkFairness(input(tampered));
    expect(report).toMatchObject({ valid: false, mismatchedRounds: [2] });
    expect(report.rounds[1]?.mismatches).toEqual(['Player 1 damage']);
    expect(fairnessSummary(report)).toBe('Mismatch in round 2 (Player 1 damage): the seeds do not give what was shown.');
  });

  it('catches a stated factor, healing or health that differs', () => {
    const rounds = playedGame(MOVES);
    const tampered = rounds.map((entry) => (entry.round === 3 ? { ...entry, player2Health: entry.player2Health - 1, player2: { ...entry.player2, factor: 1.05, healingReceived: entry.player2.healingReceived + 1 } } : entry));
    expect(checkFairness(input(tampered)).rounds[2]?.mismatches).toEqual(['Player 2 factor', 'Player 2 healing', 'Player 2 health']);
  });

  it('catches a seed that is not the committed one', () => {
    const report = checkFairness(input(playedGame(MOVES), { commitment: 'f'.repeat(64), seen: null }));
    expect(report).toMatchObject({ valid: false, commitmentMatches: false, commitmentSource: 'record' });
    expect(fairnessSummary(report)).toBe('Mismatch: the revealed seed does not match the commitment.');
  });

  it('checks the commitment seen before round 1, not the one the record carries', () => {
    const seen = { commitment: 'e'.repeat(64), seed: SEEDS.player1, slot: 'player1' as const };
    const report = checkFairness(input(playedGame(MOVES), { seen }));
    expect(report).toMatchObject({ valid: false, commitmentMatches: false, commitmentSource: 'seen' });
    expect(fairnessSummary(report)).toBe('Mismatch: the revealed seed does not match the commitment shown before round 1.');
  });

  it('catches a revealed own seed that is not the one sent', () => {
    const swapped = { player1: 'someone-else', player2: SEEDS.player2 };
    const rounds = playedGame(MOVES, swapped);
    const report = checkFairness(input(rounds, { clientSeeds: swapped }));
    expect(report).toMatchObject({ valid: false, ownSeedMatches: false, mismatchedRounds: [] });
    expect(fairnessSummary(report)).toBe('Mismatch: your seed in the record is not the one this browser sent.');
    expect(checkFairness(input(playedGame(MOVES, null), { clientSeeds: null })).ownSeedMatches).toBe(false);
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
