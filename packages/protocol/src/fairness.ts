import { z } from 'zod/mini';
import { boundedText } from './primitives';

// Provably fair hits (docs/fairness.md): the server commits to sha256(serverSeed) in the first
// gameState a player gets, each player adds a seed of their own (submitClientSeed) before round 1,
// and every seed is revealed when the game ends, so anyone can recompute every round's factor
// with rules' hitFactor and check fairnessCommitment(serverSeed) === commitment.

/** 32 bytes as 64 lowercase hex characters: a sha256 digest or a server seed (rules' format). */
export const hex32 = boundedText(64).check(z.regex(/^[0-9a-f]{64}$/, { error: 'Must be 64 lowercase hex characters' }));

/** A player's own seed as submitted: 1–64 of [0-9a-zA-Z_-] (rules' isClientSeed, without the empty one). */
export const clientSeed = boundedText(64).check(z.regex(/^[0-9A-Za-z_-]{1,64}$/, { error: 'Must be 1-64 letters, digits, _ or -' }));

/** Both seeds as the formula took them: "" for a player who sent none, and for the bot. */
export const clientSeedPair = z.object({
  player1: z.string().check(z.regex(/^[0-9A-Za-z_-]{0,64}$/)),
  player2: z.string().check(z.regex(/^[0-9A-Za-z_-]{0,64}$/)),
});

export const fairnessInfo = z.object({
  /** hex(sha256(serverSeed)), published before the first round. */
  commitment: hex32,
  /** The seed itself, null until the game is over. */
  serverSeed: z.nullable(hex32),
  /** Both players' seeds, null until the game is over (and for games from before client seeds). */
  clientSeeds: z.nullable(clientSeedPair),
});
export type FairnessInfo = z.infer<typeof fairnessInfo>;
