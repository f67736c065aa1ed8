// The history's Verify on the round log the server publishes: a real duel played with rules and
// its factors from a seed verifies (an older game's, without client seeds: the legacy formula);
// a record whose damage was altered does not.
import type { RoundLogEntry } from '@duel-dojo/protocol';
import { type DuelState, fairnessCommitment, hitFactor, playRound, startDuel } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { checkFairness } from './fairness-check';
import { publishedRounds } from './published-rounds';

const SEED = '5a'.repeat(32);
const SESSION = 'history-verify';
const ALIEN = { id: 7, fightScore: 50, defendScore: 50 };
const SAMURAI = { id: 9, fightScore: 55, defendScore: 45 };

function playedGame(): RoundLogEntry[] {
  let state: DuelState = startDuel(ALIEN, SAMURAI);
  const moves = [
    { player1: { action: 'attack', prediction: 'hide' }, player2: { action: 'hide', prediction: 'dodge' } },
    { player1: { action: 'dodge', prediction: 'attack' }, player2: { action: 'attack', prediction: 'hide' } },
    { player1: { action: 'attack', prediction: 'attack' }, player2: { action: 'attack', prediction: 'dodge' } },
  ] as const;
  const log: RoundLogEntry[] = [];
  for (let i = 0; !state.gameOver && i < 12; i += 1) {
    const round = state.round + 1;
    const factors = { player1: hitFactor(SEED, SESSION, round, 'player1'), player2: hitFactor(SEED, SESSION, round, 'player2') };
    state = playRound(state, moves[i % moves.length]!, factors);
    const o = state.log[state.log.length - 1]!;
    const side = (slot: 'player1' | 'player2') => ({ ...o[slot], factor: factors[slot] });
    log.push({ round: o.round, suddenDeath: o.suddenDeath, roundWinner: o.roundWinner, player1: side('player1'), player2: side('player2') });
  }
  return log;
}

describe('verifying a published round log', () => {
  const rounds = playedGame();
  const input = { sessionId: SESSION, commitment: fairnessCommitment(SEED), serverSeed: SEED, clientSeeds: null, characters: { player1: 7, player2: 9 }, roundsPlayed: rounds.length };

  it('replays every round and finds the factors and the damage consistent', () => {
    const report = checkFairness({ ...input, rounds: publishedRounds(rounds) });
    expect(report.valid).toBe(true);
    expect(report.rounds.every((r) => r.matches === true)).toBe(true);
  });

  it('catches a record whose damage does not follow from the seed', () => {
    const altered = rounds.map((r, i) => (i === 1 ? { ...r, player1: { ...r.player1, damageTaken: r.player1.damageTaken + 3 } } : r));
    const report = checkFairness({ ...input, rounds: publishedRounds(altered) });
    expect(report.valid).toBe(false);
    expect(report.rounds.find((r) => r.round === 2)?.matches).toBe(false);
  });
});
