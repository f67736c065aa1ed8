// Paid tournaments as the screens word them: the fee, the Join button, the prize pool.
// Percentages come from the rules (PAYOUT_PERCENT, PRIZE_SPLIT_PERCENT), so the texts follow them.
import type { Tournament } from '@duel-dojo/protocol';
import { type Lamports, PAYOUT_PERCENT, PRIZE_SPLIT_PERCENT, prizePlaces, prizePoolLamports, prizeShares, solText, toLamports, ZERO_LAMPORTS } from '@duel-dojo/rules';

type Fee = Pick<Tournament, 'entryFee' | 'entryFeeLamports'>;

/** The fee each entrant pays, in lamports (0 when free). */
export function entryFeeLamports(tournament: Pick<Tournament, 'entryFeeLamports'>): Lamports {
  return /^\d+$/.test(tournament.entryFeeLamports) ? toLamports(tournament.entryFeeLamports) : ZERO_LAMPORTS;
}

export function isPaidTournament(tournament: Pick<Tournament, 'entryFeeLamports'>): boolean {
  return entryFeeLamports(tournament) > 0n;
}

/** "0.05 SOL", or the typed text of a free tournament ("Free" by default). */
export function entryFeeLabel(tournament: Fee): string {
  const lamports = entryFeeLamports(tournament);
  return lamports > 0n ? solText(lamports) : tournament.entryFee.trim() || 'Free';
}

/** The Join button; a paid tournament's adds its fee: "Join Tournament · 0.05 SOL". */
export const JOIN_LABEL = 'Join Tournament';

/** The podium's places, best first. */
export const PLACE_LABELS = ['1st', '2nd', '3rd'] as const;

/** "97% of the entry fees: 1st 60%, 2nd 30%, 3rd 10%". */
export function poolSplitText(): string {
  const split = PRIZE_SPLIT_PERCENT.map((percent, index) => `${PLACE_LABELS[index]} ${percent}%`).join(', ');
  return `${PAYOUT_PERCENT}% of the entry fees: ${split}`;
}

/** The pool so far ("0.097 SOL"), or null for a free tournament. */
export function poolTotalText(tournament: Pick<Tournament, 'prizePool'>): string | null {
  return tournament.prizePool ? solText(BigInt(tournament.prizePool.totalLamports)) : null;
}

/** Under an upcoming paid tournament's prizes: the pool grows until the start. */
export function growingPoolText(tournament: Pick<Tournament, 'prizePool' | 'status' | 'currentParticipants'>): string | null {
  const total = poolTotalText(tournament);
  if (total === null || tournament.status !== 'upcoming') return null;
  if (tournament.currentParticipants === 0) return 'No entries yet: the pool grows with each entry.';
  const entries = tournament.currentParticipants === 1 ? '1 entry' : `${tournament.currentParticipants} entries`;
  return `Pool ${total} from ${entries} so far: it grows with each entry.`;
}

/** The most that can come back to one entrant: 1st prize once every seat is paid for. */
export function topPrizeText(tournament: Pick<Tournament, 'entryFeeLamports' | 'maxParticipants'>): string {
  const pool = prizePoolLamports(entryFeeLamports(tournament), tournament.maxParticipants);
  return solText(prizeShares(pool, prizePlaces(tournament.maxParticipants))[0] ?? 0n);
}

/** The entry in one sentence: the fee, where it goes, and the pool so far. */
export function entrySummary(tournament: Pick<Tournament, 'entryFee' | 'entryFeeLamports' | 'prizePool' | 'currentParticipants'>): string {
  const pool = tournament.currentParticipants > 0 ? poolTotalText(tournament) : null;
  const sofar = pool ? ` So far: ${pool}.` : '';
  return `Entry ${entryFeeLabel(tournament)} — the prize pool is ${poolSplitText()}, paid automatically when the tournament ends.${sofar}`;
}

/** Refusals after paying and a tournament cancelled for want of players are refunded by the server. */
export const ENTRY_REFUND_NOTE = 'If your seat is refused after paying (full or closed), or the tournament is cancelled for want of players, the fee is refunded to your wallet.';
