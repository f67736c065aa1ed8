import { encodeBase58 } from '../base58';

// Valid sample values for the tests (not exported from index.ts). Pure, like the package.

/** A base58 address of 32 bytes all equal to `fill` (fill 0 is the system program "111…1"). */
export function sampleWallet(fill = 7): string {
  return encodeBase58(new Uint8Array(32).fill(fill));
}

/** A base58 transaction signature of 64 bytes all equal to `fill`. */
export function sampleTxSignature(fill = 9): string {
  return encodeBase58(new Uint8Array(64).fill(fill));
}

export const WALLET_A = sampleWallet(1);
export const WALLET_B = sampleWallet(2);
export const TX_SIGNATURE = sampleTxSignature();
export const SEED_HEX = 'ab'.repeat(32);
export const COMMITMENT_HEX = 'cd'.repeat(32);
export const ISO = '2025-08-14T00:00:00.000Z';

export const STATS = {
  totalMatches: 3,
  wins: 2,
  losses: 1,
  draws: 0,
  totalEarnings: '1940000000',
  totalLosses: '500000000',
  biggestWin: '970000000',
  biggestLoss: '500000000',
  longestWinStreak: 2,
  currentWinStreak: 1,
  favoriteCharacter: 7,
  totalRoundsPlayed: 14,
  averageRoundsPerGame: 4.67,
  freeGamesPlayed: 1,
  paidGamesPlayed: 2,
  tournamentMatchesPlayed: 1,
};

/** A string longer than any limit of the wire. */
export const HUGE = 'x'.repeat(100_001);
