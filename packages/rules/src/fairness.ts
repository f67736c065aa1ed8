import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

// Provably fair hits (docs/fairness.md): the server commits to sha256(serverSeed) before round 1;
// each player then adds a seed of their own, chosen after the commitment; each hit's random factor
// comes from HMAC-SHA256(serverSeed, "clientSeed1:clientSeed2:gameId:round:player"), and the seeds
// are revealed when the game ends. Anyone can then recompute every factor: the server could pick
// neither the players' seeds nor, once committed, its own. Games played before client seeds
// existed used "gameId:round:player" (no client seeds: `clientSeeds` null).

export const FACTOR_MIN = 0.9;
export const FACTOR_MAX = 1.1;
/** 32 bytes as lowercase hex. */
export const SERVER_SEED_HEX_LENGTH = 64;

export type FairnessPlayer = 'player1' | 'player2';

/** Each player's own seed: 1–64 of [0-9a-zA-Z_-], or "" for none sent (and for the bot). */
export interface ClientSeeds {
  readonly player1: string;
  readonly player2: string;
}

export const CLIENT_SEED_MAX_LENGTH = 64;
const CLIENT_SEED_FORMAT = /^[0-9A-Za-z_-]{0,64}$/;

/** A client seed as the formula takes it (the empty string included: a player who sent none). */
export function isClientSeed(value: unknown): value is string {
  return typeof value === 'string' && CLIENT_SEED_FORMAT.test(value);
}

const SEED_FORMAT = /^[0-9a-f]{64}$/;
const TWO_POW_32 = 2 ** 32;

export function isServerSeed(value: unknown): value is string {
  return typeof value === 'string' && SEED_FORMAT.test(value);
}

function seedBytes(serverSeed: string): Uint8Array {
  if (!isServerSeed(serverSeed)) {
    throw new RangeError('serverSeed must be 64 lowercase hex characters (32 bytes)');
  }
  return hexToBytes(serverSeed);
}

/** What the server publishes before the first round: hex(sha256(seed bytes)). */
export function fairnessCommitment(serverSeed: string): string {
  return bytesToHex(sha256(seedBytes(serverSeed)));
}

/**
 * The HMAC message; every part is validated so two different hits can never share one (a client
 * seed cannot hold ':'). `clientSeeds` null: a game from before client seeds.
 */
export function hitMessage(gameId: string, round: number, player: FairnessPlayer, clientSeeds: ClientSeeds | null = null): string {
  if (typeof gameId !== 'string' || gameId.length === 0) throw new RangeError('gameId must be a non-empty string');
  if (!Number.isSafeInteger(round) || round < 0) throw new RangeError(`round must be a non-negative integer, got ${round}`);
  if (player !== 'player1' && player !== 'player2') throw new RangeError(`player must be player1 or player2, got ${String(player)}`);
  if (clientSeeds === null) return `${gameId}:${round}:${player}`;
  if (!isClientSeed(clientSeeds.player1) || !isClientSeed(clientSeeds.player2)) throw new RangeError('a client seed must be 0-64 of [0-9a-zA-Z_-]');
  return `${clientSeeds.player1}:${clientSeeds.player2}:${gameId}:${round}:${player}`;
}

/** The first 4 bytes, big-endian, of HMAC-SHA256(key = seed bytes, message = UTF-8 hitMessage). */
export function hitU32(serverSeed: string, gameId: string, round: number, player: FairnessPlayer, clientSeeds: ClientSeeds | null = null): number {
  const mac = hmac(sha256, seedBytes(serverSeed), utf8ToBytes(hitMessage(gameId, round, player, clientSeeds)));
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = mac;
  // Multiplication instead of `<<` keeps the top bit from turning the value negative.
  return b0 * 0x1000000 + b1 * 0x10000 + b2 * 0x100 + b3;
}

/**
 * 0.9 + 0.2 × u32 / 2^32, evaluated in exactly this order in IEEE doubles, so a verifier in any
 * language gets the same bits. (FACTOR_MAX − FACTOR_MIN is not exactly 0.2 in binary, hence the
 * literal.) Always in [0.9, 1.1).
 */
export function factorFromU32(u32: number): number {
  if (!Number.isInteger(u32) || u32 < 0 || u32 >= TWO_POW_32) throw new RangeError(`not a u32: ${u32}`);
  return 0.9 + (0.2 * u32) / TWO_POW_32;
}

/** The random damage factor of one player's hit in one round. */
export function hitFactor(serverSeed: string, gameId: string, round: number, player: FairnessPlayer, clientSeeds: ClientSeeds | null = null): number {
  return factorFromU32(hitU32(serverSeed, gameId, round, player, clientSeeds));
}

/** Both players' factors of one round. */
export function roundFactors(serverSeed: string, gameId: string, round: number, clientSeeds: ClientSeeds | null = null): Record<FairnessPlayer, number> {
  return { player1: hitFactor(serverSeed, gameId, round, 'player1', clientSeeds), player2: hitFactor(serverSeed, gameId, round, 'player2', clientSeeds) };
}

export interface FairnessRound {
  readonly round: number;
  readonly player1Factor: number;
  readonly player2Factor: number;
}

export interface FairnessClaim {
  readonly serverSeed: string;
  readonly commitment: string;
  readonly gameId: string;
  /** null: a game from before client seeds. */
  readonly clientSeeds?: ClientSeeds | null;
  readonly rounds: readonly FairnessRound[];
}

export interface FairnessVerdict {
  readonly valid: boolean;
  readonly commitmentMatches: boolean;
  /** Round numbers whose published factors differ from the recomputed ones, in input order. */
  readonly mismatchedRounds: number[];
}

/**
 * Recomputes the commitment and every factor of a finished game. Factors are compared exactly:
 * they are deterministic, so any difference at all means they were not derived from this seed.
 * Malformed input (seed, gameId or a round number) throws RangeError rather than passing as a
 * mismatch, so a broken record is never mistaken for a cheating server or vice versa.
 */
export function verifyFairness(claim: FairnessClaim): FairnessVerdict {
  const commitmentMatches = fairnessCommitment(claim.serverSeed) === claim.commitment.toLowerCase();
  const mismatchedRounds = claim.rounds
    .filter((entry) => {
      const factors = roundFactors(claim.serverSeed, claim.gameId, entry.round, claim.clientSeeds ?? null);
      return factors.player1 !== entry.player1Factor || factors.player2 !== entry.player2Factor;
    })
    .map((entry) => entry.round);
  return { valid: commitmentMatches && mismatchedRounds.length === 0, commitmentMatches, mismatchedRounds };
}
