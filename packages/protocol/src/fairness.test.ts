import { describe, expect, it } from 'vitest';
import { fairnessInfo } from './fairness';
import { COMMITMENT_HEX, SEED_HEX } from './test-support/samples';

describe('fairnessInfo', () => {
  it('is a commitment and a seed revealed at the end', () => {
    expect(fairnessInfo.safeParse({ commitment: COMMITMENT_HEX, serverSeed: null, clientSeeds: null }).success).toBe(true);
    expect(fairnessInfo.safeParse({ commitment: COMMITMENT_HEX, serverSeed: SEED_HEX, clientSeeds: { player1: 'my-seed_1', player2: '' } }).success).toBe(true);
    expect(fairnessInfo.safeParse({ commitment: COMMITMENT_HEX, serverSeed: SEED_HEX, clientSeeds: { player1: 'a:b', player2: '' } }).success).toBe(false);
  });

  it('refuses anything but 64 lowercase hex characters', () => {
    for (const bad of [COMMITMENT_HEX.toUpperCase(), COMMITMENT_HEX.slice(1), `${COMMITMENT_HEX}00`, 'z'.repeat(64)]) {
      expect(fairnessInfo.safeParse({ commitment: bad, serverSeed: null, clientSeeds: null }).success).toBe(false);
    }
  });
});
