import { describe, expect, it } from 'vitest';
import { type DuelState, playRound, startDuel } from './duel';
import { type ClientSeeds, fairnessCommitment, roundFactors } from './fairness';
import type { Move } from './moves';
import { type PublishedGame, type PublishedRound, UnverifiableRecordError, replayRecord } from './replay-record';
import { findCharacter } from './characters';
import type { Slot } from './resolve-round';

// A record as the server publishes it (docs/fairness.md "How to verify"), built the way the server
// builds it: rules' playRound with the seeds' factors, one log line per round.
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const OTHER_SEED = 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff';
const SESSION = 'duel-42';
const SEEDS: ClientSeeds = { player1: 'alice_seed-1', player2: 'b0b' };
const ALIEN = 7;
const SOLDIER = 8;

const A = (action: Move['action'], prediction: Move['prediction']): Move => ({ action, prediction });
// Hits, heals, a misread dodge and an idle round: every kind of number the log carries.
const MOVES: Record<Slot, Move | null>[] = [
  { player1: A('attack', 'attack'), player2: A('attack', 'dodge') },
  { player1: A('hide', 'attack'), player2: A('attack', 'hide') },
  { player1: A('dodge', 'attack'), player2: A('attack', 'attack') },
  { player1: null, player2: A('hide', 'dodge') },
  { player1: A('attack', 'hide'), player2: A('hide', 'attack') },
];

function fighter(id: number) {
  const character = findCharacter(id);
  if (!character) throw new Error(`no character ${id}`);
  return character;
}

function buildRecord(serverSeed: string, clientSeeds: ClientSeeds | null, moves = MOVES): PublishedGame {
  let duel: DuelState = startDuel(fighter(ALIEN), fighter(SOLDIER));
  const rounds: PublishedRound[] = [];
  for (const roundMoves of moves) {
    if (duel.gameOver) break;
    const factors = roundFactors(serverSeed, SESSION, duel.round + 1, clientSeeds);
    duel = playRound(duel, roundMoves, factors);
    const outcome = duel.log[duel.log.length - 1];
    if (!outcome) throw new Error('no outcome');
    rounds.push({
      round: outcome.round,
      suddenDeath: outcome.suddenDeath,
      roundWinner: outcome.roundWinner,
      player1: { ...outcome.player1, factor: factors.player1 },
      player2: { ...outcome.player2, factor: factors.player2 },
    });
  }
  return {
    sessionId: SESSION,
    playerCharacter: { id: ALIEN },
    opponentCharacter: { id: SOLDIER },
    gameOver: true,
    endReason: 'resigned',
    fairness: { commitment: fairnessCommitment(serverSeed), serverSeed, clientSeeds },
    rounds,
  };
}

const GOOD = buildRecord(SEED, SEEDS);

/** A copy of GOOD with one round's side changed. */
function tamper(round: number, slot: Slot, change: Partial<PublishedRound['player1']>): PublishedGame {
  return { ...GOOD, rounds: GOOD.rounds.map((entry) => (entry.round === round ? { ...entry, [slot]: { ...entry[slot], ...change } } : entry)) };
}

const fieldsOf = (game: PublishedGame, round: number) => replayRecord(game).rounds.find((entry) => entry.round === round)?.mismatches.map((m) => m.field);

describe('replayRecord', () => {
  it('passes a good record, recomputing every published number', () => {
    const report = replayRecord(GOOD);
    expect(report.valid).toBe(true);
    expect(report.commitmentMatches).toBe(true);
    expect(report.withClientSeeds).toBe(true);
    expect(report.mismatchedRounds).toEqual([]);
    expect(report.problems).toEqual([]);
    expect(report.rounds).toHaveLength(MOVES.length);
    for (const entry of report.rounds) expect(entry.recomputed).toEqual(entry.published);
    // The record really exercises damage, healing and the idle penalty.
    const sides = GOOD.rounds.flatMap((entry) => [entry.player1, entry.player2]);
    expect(sides.some((side) => side.healingReceived > 0)).toBe(true);
    expect(sides.some((side) => side.action === null)).toBe(true);
  });

  it('names the round and the field of a changed factor, by even one bit', () => {
    const changed = GOOD.rounds[1]?.player1.factor ?? 1;
    const report = replayRecord(tamper(2, 'player1', { factor: changed + Number.EPSILON }));
    expect(report.valid).toBe(false);
    expect(report.mismatchedRounds).toEqual([2]);
    expect(report.rounds[1]?.mismatches).toEqual([{ field: 'player1.factor', recomputed: String(changed), published: String(changed + Number.EPSILON) }]);
  });

  it('names a changed health in its round only: the replay runs on its own numbers', () => {
    const health = GOOD.rounds[0]?.player2.health ?? 0;
    const report = replayRecord(tamper(1, 'player2', { health: health + 3 }));
    expect(report.mismatchedRounds).toEqual([1]);
    expect(fieldsOf(tamper(1, 'player2', { health: health + 3 }), 1)).toEqual(['player2.health']);
  });

  it('names changed damage and healing', () => {
    expect(fieldsOf(tamper(3, 'player2', { damageTaken: (GOOD.rounds[2]?.player2.damageTaken ?? 0) + 1 }), 3)).toEqual(['player2.damageTaken']);
    expect(fieldsOf(tamper(2, 'player1', { healingReceived: 0 }), 2)).toEqual(['player1.healingReceived']);
  });

  it('fails a seed that is not the committed one, and a record built from another seed', () => {
    const wrongSeed = { ...GOOD, fairness: { ...GOOD.fairness!, serverSeed: OTHER_SEED } };
    const report = replayRecord(wrongSeed);
    expect(report.commitmentMatches).toBe(false);
    expect(report.mismatchedRounds).toEqual([1, 2, 3, 4, 5]);
    // Seed and commitment consistent, but the rounds were played with other factors.
    const otherSeeds = { ...GOOD, fairness: { ...GOOD.fairness!, serverSeed: OTHER_SEED, commitment: fairnessCommitment(OTHER_SEED) } };
    expect(replayRecord(otherSeeds).commitmentMatches).toBe(true);
    expect(replayRecord(otherSeeds).valid).toBe(false);
  });

  it('fails swapped client seeds in every round', () => {
    const swapped = { ...GOOD, fairness: { ...GOOD.fairness!, clientSeeds: { player1: SEEDS.player2, player2: SEEDS.player1 } } };
    const report = replayRecord(swapped);
    expect(report.commitmentMatches).toBe(true);
    expect(report.mismatchedRounds).toEqual([1, 2, 3, 4, 5]);
    expect(report.rounds[0]?.mismatches.map((m) => m.field)).toEqual(expect.arrayContaining(['player1.factor', 'player2.factor']));
  });

  it('checks a game from before client seeds with the legacy formula, and only with it', () => {
    const legacy = buildRecord(SEED, null);
    expect(replayRecord(legacy).valid).toBe(true);
    expect(replayRecord(legacy).withClientSeeds).toBe(false);
    expect(replayRecord({ ...legacy, fairness: { ...legacy.fairness!, clientSeeds: { player1: '', player2: '' } } }).valid).toBe(false);
  });

  it('flags a round after the duel was over, rounds out of order, an unknown action and a knockout that was none', () => {
    const knockout = buildRecord(SEED, SEEDS, Array.from({ length: 20 }, () => ({ player1: A('attack', 'hide'), player2: A('hide', 'dodge') })));
    const last = knockout.rounds.length;
    expect(replayRecord({ ...knockout, endReason: 'knockout' }).valid).toBe(true);
    expect(knockout.rounds.at(-1)?.player2.health).toBe(0);
    const extra = { ...knockout, rounds: [...knockout.rounds, { ...knockout.rounds[0]!, round: last + 1 }] };
    expect(replayRecord(extra).mismatchedRounds).toEqual([last + 1]);

    const reordered = { ...GOOD, rounds: [GOOD.rounds[1]!, GOOD.rounds[0]!, ...GOOD.rounds.slice(2)] };
    expect(replayRecord(reordered).mismatchedRounds).toEqual([2, 1]);
    expect(fieldsOf(tamper(2, 'player2', { action: 'fly' }), 2)).toEqual(['player2.action']);
    expect(replayRecord({ ...GOOD, endReason: 'knockout' }).problems).toEqual([expect.stringContaining('goes on after round 5')]);
    expect(replayRecord({ ...GOOD, opponentCharacter: { id: 999 } }).problems).toEqual(["player2's character 999 is in no catalog"]);
  });

  it('refuses to check what is not revealed yet', () => {
    expect(() => replayRecord({ ...GOOD, gameOver: false })).toThrow(UnverifiableRecordError);
    expect(() => replayRecord({ ...GOOD, fairness: null })).toThrow(/never reached its first round/);
    expect(() => replayRecord({ ...GOOD, fairness: { ...GOOD.fairness!, serverSeed: null } })).toThrow(UnverifiableRecordError);
    expect(() => replayRecord({ ...GOOD, fairness: { ...GOOD.fairness!, clientSeeds: { player1: 'a:b', player2: '' } } })).toThrow(UnverifiableRecordError);
  });
});
