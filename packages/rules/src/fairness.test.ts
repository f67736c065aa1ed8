import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  FACTOR_MAX,
  FACTOR_MIN,
  type FairnessPlayer,
  factorFromU32,
  fairnessCommitment,
  hitFactor,
  hitMessage,
  hitU32,
  isServerSeed,
  verifyFairness,
} from './fairness';

// The same vectors are published in packages/rules/README.md ("Provably fair: test vectors").
const VECTORS = [
  {
    seed: '0000000000000000000000000000000000000000000000000000000000000000',
    gameId: 'game-1', round: 1, player: 'player1',
    commitment: '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
    u32: 2644369099, factor: 1.0231380318757146,
  },
  {
    seed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
    gameId: 'duel-42', round: 3, player: 'player2',
    commitment: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
    u32: 3615883345, factor: 1.0683776893187313,
  },
  {
    seed: 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
    gameId: 'a1b2c3', round: 12, player: 'player1',
    commitment: 'af9613760f72635fbdb44a5a0a63c39f12af30f950a6ee5c971be188e89c4051',
    u32: 3793057825, factor: 1.0766280189622193,
  },
] as const;

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex'));
const playerArb = fc.constantFrom<FairnessPlayer>('player1', 'player2');
const gameIdArb = fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' });
const roundArb = fc.integer({ min: 0, max: 10_000 });

function nodeU32(seed: string, message: string): number {
  return createHmac('sha256', Buffer.from(seed, 'hex')).update(message, 'utf8').digest().readUInt32BE(0);
}

// With both players' seeds (docs/fairness.md "Test vectors"): the message names both seeds first.
const CLIENT_SEED_VECTORS = [
  {
    seed: '0000000000000000000000000000000000000000000000000000000000000000',
    clientSeeds: { player1: '3f6c1a9e0d2b4c5a', player2: '' },
    gameId: '9b0e8a7c-1d2f-4e3a-8b5c-6d7e8f901234', round: 1, player: 'player1',
    message: '3f6c1a9e0d2b4c5a::9b0e8a7c-1d2f-4e3a-8b5c-6d7e8f901234:1:player1',
    u32: 2480829209, factor: 1.015522612305358,
  },
  {
    seed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
    clientSeeds: { player1: 'alice_seed-1', player2: 'b0b' },
    gameId: 'duel-42', round: 3, player: 'player2',
    message: 'alice_seed-1:b0b:duel-42:3:player2',
    u32: 1094374193, factor: 0.9509607695508748,
  },
  {
    seed: 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
    clientSeeds: { player1: '', player2: '' },
    gameId: 'a1b2c3', round: 12, player: 'player1',
    message: '::a1b2c3:12:player1',
    u32: 2967360337, factor: 1.0381784834433347,
  },
] as const;

const clientSeedArb = fc.stringMatching(/^[0-9A-Za-z_-]{0,64}$/);

describe('provably fair factors with both players\' seeds', () => {
  it.each(CLIENT_SEED_VECTORS)('matches the documented vector for $gameId round $round $player', (v) => {
    expect(hitMessage(v.gameId, v.round, v.player, v.clientSeeds)).toBe(v.message);
    expect(hitU32(v.seed, v.gameId, v.round, v.player, v.clientSeeds)).toBe(v.u32);
    expect(hitFactor(v.seed, v.gameId, v.round, v.player, v.clientSeeds)).toBe(v.factor);
  });

  it('agrees with node:crypto, and each seed changes the factors', () => {
    fc.assert(
      fc.property(seedArb, clientSeedArb, clientSeedArb, roundArb, playerArb, (seed, one, two, round, player) => {
        const u32 = nodeU32(seed, `${one}:${two}:game:${round}:${player}`);
        expect(hitU32(seed, 'game', round, player, { player1: one, player2: two })).toBe(u32);
      }),
      { numRuns: 100 },
    );
    const seed = VECTORS[0].seed;
    const base = hitU32(seed, 'g', 1, 'player1', { player1: 'a', player2: 'b' });
    expect(hitU32(seed, 'g', 1, 'player1', { player1: 'a', player2: 'c' })).not.toBe(base);
    expect(hitU32(seed, 'g', 1, 'player1', { player1: 'x', player2: 'b' })).not.toBe(base);
  });

  it('refuses a client seed the message could not tell apart (a colon, a space, too long)', () => {
    for (const bad of ['a:b', 'a b', 'x'.repeat(65), 'é']) {
      expect(() => hitMessage('g', 1, 'player1', { player1: bad, player2: '' })).toThrow(RangeError);
    }
  });

  it('verifies a game by its seeds, and names the rounds of another pair of seeds', () => {
    const seed = VECTORS[1].seed;
    const clientSeeds = { player1: 'p1', player2: 'p2' };
    const rounds = [1, 2].map((round) => ({ round, player1Factor: hitFactor(seed, 'g', round, 'player1', clientSeeds), player2Factor: hitFactor(seed, 'g', round, 'player2', clientSeeds) }));
    expect(verifyFairness({ serverSeed: seed, commitment: fairnessCommitment(seed), gameId: 'g', clientSeeds, rounds }).valid).toBe(true);
    expect(verifyFairness({ serverSeed: seed, commitment: fairnessCommitment(seed), gameId: 'g', clientSeeds: { player1: 'p1', player2: 'other' }, rounds }).mismatchedRounds).toEqual([1, 2]);
  });
});

describe('provably fair factors', () => {
  it.each(VECTORS)('matches the published vector for $gameId round $round $player', (v) => {
    expect(fairnessCommitment(v.seed)).toBe(v.commitment);
    expect(hitU32(v.seed, v.gameId, v.round, v.player)).toBe(v.u32);
    expect(hitFactor(v.seed, v.gameId, v.round, v.player)).toBe(v.factor);
  });

  it('agrees with node:crypto for the commitment and the HMAC', () => {
    fc.assert(
      fc.property(seedArb, gameIdArb, roundArb, playerArb, (seed, gameId, round, player) => {
        expect(fairnessCommitment(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
        const u32 = nodeU32(seed, `${gameId}:${round}:${player}`);
        expect(hitU32(seed, gameId, round, player)).toBe(u32);
        expect(hitFactor(seed, gameId, round, player)).toBe(0.9 + (0.2 * u32) / 2 ** 32);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps every factor within [0.9, 1.1] and gives the same factor every time', () => {
    fc.assert(
      fc.property(seedArb, gameIdArb, roundArb, playerArb, (seed, gameId, round, player) => {
        const factor = hitFactor(seed, gameId, round, player);
        expect(factor).toBeGreaterThanOrEqual(FACTOR_MIN);
        expect(factor).toBeLessThanOrEqual(FACTOR_MAX);
        expect(hitFactor(seed, gameId, round, player)).toBe(factor);
      }),
      { numRuns: 100 },
    );
  });

  it('maps the ends of the u32 range inside the bounds', () => {
    expect(factorFromU32(0)).toBe(0.9);
    expect(factorFromU32(2 ** 32 - 1)).toBeLessThanOrEqual(1.1);
    expect(factorFromU32(2 ** 31)).toBeCloseTo(1.0, 12);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (u32) => {
        const factor = factorFromU32(u32);
        expect(factor >= FACTOR_MIN && factor <= FACTOR_MAX).toBe(true);
      }),
      { numRuns: 100 },
    );
    expect(() => factorFromU32(2 ** 32)).toThrow(RangeError);
    expect(() => factorFromU32(-1)).toThrow(RangeError);
    expect(() => factorFromU32(0.5)).toThrow(RangeError);
  });

  it('gives different players and rounds their own factors', () => {
    const seed = randomBytes(32).toString('hex');
    const factors = new Set<number>();
    for (let round = 1; round <= 20; round += 1) {
      factors.add(hitFactor(seed, 'g', round, 'player1'));
      factors.add(hitFactor(seed, 'g', round, 'player2'));
    }
    expect(factors.size).toBe(40);
  });

  it.each([
    ['too short', 'ab'],
    ['upper case', 'A'.repeat(64)],
    ['not hex', 'g'.repeat(64)],
    ['too long', '0'.repeat(66)],
    ['0x-prefixed', `0x${'0'.repeat(62)}`],
  ])('rejects a seed that is %s', (_label, seed) => {
    expect(isServerSeed(seed)).toBe(false);
    expect(() => fairnessCommitment(seed)).toThrow(RangeError);
    expect(() => hitFactor(seed, 'g', 1, 'player1')).toThrow(RangeError);
  });

  it('rejects a malformed message part', () => {
    const seed = VECTORS[0].seed;
    expect(hitMessage('g', 2, 'player2')).toBe('g:2:player2');
    expect(() => hitU32(seed, '', 1, 'player1')).toThrow(RangeError);
    expect(() => hitU32(seed, 'g', -1, 'player1')).toThrow(RangeError);
    expect(() => hitU32(seed, 'g', 1.5, 'player1')).toThrow(RangeError);
    expect(() => hitU32(seed, 'g', 1, 'player3' as FairnessPlayer)).toThrow(RangeError);
  });
});

describe('verifyFairness', () => {
  const seed = VECTORS[1].seed;
  const gameId = 'duel-42';
  const rounds = [1, 2, 3, 4].map((round) => ({
    round,
    player1Factor: hitFactor(seed, gameId, round, 'player1'),
    player2Factor: hitFactor(seed, gameId, round, 'player2'),
  }));
  const commitment = fairnessCommitment(seed);

  it('accepts an honest game', () => {
    expect(verifyFairness({ serverSeed: seed, commitment, gameId, rounds })).toEqual({
      valid: true,
      commitmentMatches: true,
      mismatchedRounds: [],
    });
    expect(verifyFairness({ serverSeed: seed, commitment: commitment.toUpperCase(), gameId, rounds: [] }).valid).toBe(true);
  });

  it('flags a commitment made to another seed', () => {
    const other = fairnessCommitment(VECTORS[0].seed);
    expect(verifyFairness({ serverSeed: seed, commitment: other, gameId, rounds })).toEqual({
      valid: false,
      commitmentMatches: false,
      mismatchedRounds: [],
    });
  });

  it('names every round whose factor was changed, by even one bit', () => {
    const tampered = rounds.map((entry) =>
      entry.round === 2 ? { ...entry, player2Factor: entry.player2Factor + Number.EPSILON } : entry.round === 4 ? { ...entry, player1Factor: 1 } : entry,
    );
    expect(verifyFairness({ serverSeed: seed, commitment, gameId, rounds: tampered })).toEqual({
      valid: false,
      commitmentMatches: true,
      mismatchedRounds: [2, 4],
    });
  });

  it('flags factors of another game', () => {
    const verdict = verifyFairness({ serverSeed: seed, commitment, gameId: 'duel-43', rounds });
    expect(verdict.mismatchedRounds).toEqual([1, 2, 3, 4]);
    expect(verdict.valid).toBe(false);
  });

  it('throws on a malformed seed', () => {
    expect(() => verifyFairness({ serverSeed: 'nope', commitment, gameId, rounds })).toThrow(RangeError);
  });
});
