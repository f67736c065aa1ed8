// The accounts module's records as the wire shows them (packages/protocol): money as lamports
// strings, dates as ISO text, and the owner-only fields left out for everyone else.
import type { SessionUser, UserProfile, UserStats as WireStats } from '@duel-dojo/protocol';
import { computeBadges, defaultDisplayName } from '@duel-dojo/rules';
import type { UserRecord } from './ports';

export function wireStats(user: UserRecord): WireStats {
  const s = user.stats;
  return {
    totalMatches: s.totalMatches,
    wins: s.wins,
    losses: s.losses,
    draws: s.draws,
    totalEarnings: s.totalEarnings.toString(),
    totalLosses: s.totalLosses.toString(),
    biggestWin: s.biggestWin.toString(),
    biggestLoss: s.biggestLoss.toString(),
    longestWinStreak: s.longestWinStreak,
    currentWinStreak: s.currentWinStreak,
    favoriteCharacter: s.favoriteCharacter,
    totalRoundsPlayed: s.totalRoundsPlayed,
    averageRoundsPerGame: s.totalMatches === 0 ? 0 : Math.round((s.totalRoundsPlayed / s.totalMatches) * 10) / 10,
    freeGamesPlayed: s.freeGamesPlayed,
    paidGamesPlayed: s.paidGamesPlayed,
    tournamentMatchesPlayed: s.tournamentMatchesPlayed,
  };
}

/** The badges earned so far, by id (the client computes the same from stats). */
export function achievementsOf(user: UserRecord): string[] {
  return computeBadges({
    totalMatches: user.stats.totalMatches,
    wins: user.stats.wins,
    paidGamesPlayed: user.stats.paidGamesPlayed,
    longestWinStreak: user.stats.longestWinStreak,
    tournamentMatchesPlayed: user.stats.tournamentMatchesPlayed,
    totalEarnings: user.stats.totalEarnings,
    level: user.level,
  })
    .filter((badge) => badge.unlocked)
    .map((badge) => badge.id);
}

export function displayNameOf(user: UserRecord): string {
  return user.displayName ?? defaultDisplayName(user.walletAddress);
}

/** The user the sign-in answer carries. */
export function sessionUserView(user: UserRecord): SessionUser {
  return {
    _id: user.id,
    walletAddress: user.walletAddress,
    username: user.username,
    displayName: displayNameOf(user),
    characterId: user.characterId,
    level: user.level,
    referralCode: user.referralCode,
    stats: wireStats(user),
    achievements: achievementsOf(user),
  };
}

/** A user profile; the referral code only for its owner (a public profile hides it). */
export function profileView(user: UserRecord, isOwner: boolean): UserProfile {
  return {
    username: user.username,
    displayName: displayNameOf(user),
    walletAddress: user.walletAddress,
    joinedDate: user.createdAt.toISOString(),
    createdAt: user.createdAt.toISOString(),
    lastActiveDate: user.lastActiveAt.toISOString(),
    level: user.level,
    experience: user.experience,
    characterId: user.characterId,
    achievements: achievementsOf(user),
    referralCode: isOwner ? user.referralCode : null,
    totalReferrals: user.totalReferrals,
    preferences: user.preferences,
    stats: wireStats(user),
  };
}
