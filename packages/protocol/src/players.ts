import { z } from 'zod/mini';
import { MAX_ID, MAX_LIST, MAX_TEXT } from './limits';
import { boundedText, characterId, count, isoDateTime, level, walletAddress } from './primitives';
import { achievements, userStats } from './user-stats';

// Player data: profiles and owned characters. Game records and the leaderboard have
// their own files (game-records.ts, leaderboard.ts).

/** The path parameter of GET /api/user/{wallet} and /api/user/{wallet}/characters. */
export const userParams = z.object({ wallet: walletAddress });
export type UserParams = z.input<typeof userParams>;

export const userPreferences = z.object({
  soundEnabled: z.boolean(),
  animationsEnabled: z.boolean(),
  publicProfile: z.boolean(),
  autoReconnect: z.boolean(),
  gameNotifications: z.boolean(),
});
export type UserPreferences = z.infer<typeof userPreferences>;

/** A user profile. */
export const userProfile = z.object({
  username: boundedText(MAX_TEXT),
  displayName: boundedText(MAX_TEXT),
  walletAddress,
  joinedDate: isoDateTime,
  createdAt: isoDateTime,
  lastActiveDate: isoDateTime,
  level,
  experience: count,
  characterId,
  achievements,
  /** The owner's code; the server may send null to anyone else (a public profile hides it). */
  referralCode: z.nullable(boundedText(MAX_ID)),
  totalReferrals: count,
  preferences: userPreferences,
  stats: userStats,
});
export type UserProfile = z.infer<typeof userProfile>;

/** GET /api/user/{wallet}; 404 ErrorBody (USER_NOT_FOUND) for an unknown wallet. */
export const profileAnswer = z.object({
  success: z.literal(true),
  user: userProfile,
});
export type ProfileAnswer = z.infer<typeof profileAnswer>;

export const ownedCharacter = z.object({
  characterId,
  acquiredAt: isoDateTime,
});
export type OwnedCharacter = z.infer<typeof ownedCharacter>;

/** GET /api/user/{wallet}/characters: the bought ones (free characters are always owned). */
export const charactersAnswer = z.object({
  success: z.literal(true),
  charactersOwned: z.array(ownedCharacter).check(z.maxLength(MAX_LIST)),
});
export type CharactersAnswer = z.infer<typeof charactersAnswer>;
