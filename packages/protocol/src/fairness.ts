import { z } from 'zod';
import { boundedText } from './primitives';

// Provably fair hits (DESIGN.md "Game server rules"): the server commits to sha256(serverSeed)
// when the match starts and reveals the seed when the game ends, so anyone can recompute every
// round's factor with rules' hitFactor and check fairnessCommitment(serverSeed) === commitment.

/** 32 bytes as 64 lowercase hex characters: a sha256 digest or a server seed (rules' format). */
export const hex32 = boundedText(64).regex(/^[0-9a-f]{64}$/, { error: 'Must be 64 lowercase hex characters' });

export const fairnessInfo = z.object({
  /** hex(sha256(serverSeed)), published before the first round. */
  commitment: hex32,
  /** The seed itself, null until the game is over. */
  serverSeed: hex32.nullable(),
});
export type FairnessInfo = z.infer<typeof fairnessInfo>;
