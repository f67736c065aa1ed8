import { z } from 'zod';
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
  favoriteCharacter: characterId.nullable(),
  totalRoundsPlayed: count,
  /** Not money: a plain average, e.g. 4.5. */
  averageRoundsPerGame: z.number().nonnegative().finite(),
  freeGamesPlayed: count,
  paidGamesPlayed: count,
  /** Tournament matches fought to a result or a draw (a forfeit is not a fight). */
  tournamentMatchesPlayed: count,
});
export type UserStats = z.infer<typeof userStats>;

/** Achievement ids a player has earned (badges are computed on the client from stats). */
export const achievements = z.array(boundedText(MAX_TEXT)).max(MAX_LIST);
