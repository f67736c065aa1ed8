import { z } from 'zod/mini';
import { MAX_LIST, MAX_TEXT } from './limits';
import { boundedText, characterId, count, lamportsString } from './primitives';

// A player's stats, shared by the sign-in user and the profile. Money
// fields are lamports strings; the client shows SOL with rules' formatSol.

export const userStats = z.object({
  totalMatches: count,
  wins: count,
  losses: count,
  draws: count,
  totalEarnings: lamportsString,
  totalLosses: lamportsString,
  biggestWin: lamportsString,
  biggestLoss: lamportsString,
  longestWinStreak: count,
  currentWinStreak: count,
  /** The character played most; null before the first game. */
  favoriteCharacter: z.nullable(characterId),
  totalRoundsPlayed: count,
  /** Not money: a plain average, e.g. 4.5. */
  // No finite check: zod 4's z.number() already refuses Infinity and NaN (classic .finite() was a no-op).
  averageRoundsPerGame: z.number().check(z.nonnegative()),
  freeGamesPlayed: count,
  paidGamesPlayed: count,
  /** Tournament matches fought to a result or a draw (a forfeit is not a fight). */
  tournamentMatchesPlayed: count,
});
export type UserStats = z.infer<typeof userStats>;

/** Achievement ids a player has earned (badges are computed on the client from stats). */
export const achievements = z.array(boundedText(MAX_TEXT)).check(z.maxLength(MAX_LIST));
