import { type Lamports, formatSol, solToLamports } from './lamports';
import { PAYOUT_PERCENT } from './payout';

// Paid tournaments (apps/server/README.md "Paid tournaments"). A typed entry fee is free text; a fee the
// server charges must be a number, so the text is read as "Free" or an amount of SOL. Every
// entrant pays the same fee; the prize pool is 97 % of the fees (the duel's house share), split
// 60 / 30 / 10 between 1st, 2nd and 3rd. A place nobody holds (2 players have no 3rd) and the
// lamports the floors drop go to the winner, so the whole pool is always paid out.

/**
 * A system account holding fewer lamports than this cannot exist on Solana (the rent-exempt
 * minimum of an account without data): a prize smaller than it, sent to a wallet that was
 * emptied by its entry fee, would fail on chain. The fee floor keeps every share above it.
 */
export const RENT_EXEMPT_WALLET_LAMPORTS = 890_880n as Lamports;
export const ENTRY_FEE_MIN_LAMPORTS = 10_000_000n as Lamports; // 0.01 SOL: the smallest share (3rd of 3) is 0.00291 SOL
export const ENTRY_FEE_MAX_LAMPORTS = 100_000_000_000n as Lamports; // 100 SOL
/** 1st, 2nd, 3rd, in percent of the pool. */
export const PRIZE_SPLIT_PERCENT = [60n, 30n, 10n] as const;
export const PRIZE_PLACES = PRIZE_SPLIT_PERCENT.length;

export type EntryFeeParse = { readonly ok: true; readonly lamports: Lamports } | { readonly ok: false; readonly reason: 'format' | 'range' };

const FREE_WORDS = new Set(['', 'free', '0']);
const SOL_AMOUNT = /^(\d{1,11}(?:\.\d{1,9})?)\s*(?:sol)?$/i;

/** "Free", "" -> 0; "0.05", "0.05 SOL" -> 50_000_000; anything else is refused. */
export function parseEntryFee(text: string): EntryFeeParse {
  const trimmed = text.trim();
  if (FREE_WORDS.has(trimmed.toLowerCase())) return { ok: true, lamports: 0n as Lamports };
  const match = SOL_AMOUNT.exec(trimmed);
  if (!match?.[1]) return { ok: false, reason: 'format' };
  const lamports = solToLamports(match[1]);
  if (lamports === 0n) return { ok: true, lamports };
  if (lamports < ENTRY_FEE_MIN_LAMPORTS || lamports > ENTRY_FEE_MAX_LAMPORTS) return { ok: false, reason: 'range' };
  return { ok: true, lamports };
}

/** Lamports as exact SOL text, no trailing zeros: 50_000_000 -> "0.05 SOL". */
export function solText(lamports: bigint): string {
  return `${formatSol(lamports, 9).replace(/\.?0+$/, '')} SOL`;
}

/** An entry fee or a prize as a tournament shows it: '' when zero (shown "Free" / "TBD"), else "0.05 SOL". */
export function amountText(lamports: bigint): string {
  return lamports === 0n ? '' : solText(lamports);
}

/** The places `entrants` registered players can hold (2 players have no 3rd), at least one. */
export function prizePlaces(entrants: number): number {
  return Math.max(1, Math.min(PRIZE_PLACES, entrants));
}

/** What the winners share: 97 % of every entry fee, rounded down. */
export function prizePoolLamports(entryFee: Lamports, entrants: number): Lamports {
  if (entryFee < 0n || !Number.isSafeInteger(entrants) || entrants < 0) throw new RangeError('a prize pool needs a fee and a count of entrants');
  return ((entryFee * BigInt(entrants) * PAYOUT_PERCENT) / 100n) as Lamports;
}

/** The pool split over `places` (1..3) placed players, best first; the shares sum to the pool. */
export function prizeShares(pool: Lamports, places: number): Lamports[] {
  if (pool < 0n || !Number.isInteger(places) || places < 1 || places > PRIZE_PLACES) throw new RangeError('prizes go to 1, 2 or 3 places');
  const shares = PRIZE_SPLIT_PERCENT.slice(0, places).map((percent) => (pool * percent) / 100n);
  const rest = shares.slice(1).reduce((sum, share) => sum + share, 0n);
  shares[0] = pool - rest;
  return shares as Lamports[];
}
