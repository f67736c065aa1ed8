// The server's node:crypto factors are the verifier's (rules' roundFactors): the same bits for any
// seed, game, round and players' seeds, so a player who checks a game gets what was played.
import { randomUUID } from 'node:crypto';
import { type ClientSeeds, CLIENT_SEED_MAX_LENGTH, hitFactor, roundFactors } from '@duel-dojo/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HitFactors } from './hit-factors';

const hex = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex'));
const clientSeed = fc.stringMatching(new RegExp(`^[0-9A-Za-z_-]{0,${CLIENT_SEED_MAX_LENGTH}}$`));
const clientSeeds: fc.Arbitrary<ClientSeeds | null> = fc.option(fc.record({ player1: clientSeed, player2: clientSeed }), { nil: null });
const sessionId = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }));

describe('HitFactors', () => {
  it('gives the same factors as the rules package for random seeds, games, rounds and client seeds', () => {
    fc.assert(
      fc.property(hex, sessionId, fc.integer({ min: 0, max: 10_000 }), clientSeeds, (seed, id, round, seeds) => {
        expect(new HitFactors(seed).round(id, round, seeds)).toEqual(roundFactors(seed, id, round, seeds));
      }),
      { numRuns: 500, seed: 20261126 },
    );
  });

  it('is bit-identical on a whole game of one seed (keyed once, used for every hit)', () => {
    const seed = 'ab'.repeat(32);
    const id = randomUUID();
    const factors = new HitFactors(seed);
    for (let round = 1; round <= 40; round += 1) {
      const seeds = { player1: `p1-${round}`, player2: '' };
      const mine = factors.round(id, round, seeds);
      expect(Object.is(mine.player1, hitFactor(seed, id, round, 'player1', seeds))).toBe(true);
      expect(Object.is(mine.player2, hitFactor(seed, id, round, 'player2', seeds))).toBe(true);
    }
  });

  it('refuses a seed the formula refuses', () => {
    expect(() => new HitFactors('AB'.repeat(32))).toThrow(RangeError);
    expect(() => new HitFactors('ab')).toThrow(RangeError);
  });
});
