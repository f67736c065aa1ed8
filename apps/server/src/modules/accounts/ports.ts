// What the accounts module needs from storage. adapters/db implements it on PGlite and
// PostgreSQL alike; the module never sees SQL.

import type { Lamports } from '@duel-dojo/rules';

export interface Preferences {
  soundEnabled: boolean;
  animationsEnabled: boolean;
  publicProfile: boolean;
  autoReconnect: boolean;
  gameNotifications: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  soundEnabled: true,
  animationsEnabled: true,
  publicProfile: true,
  autoReconnect: true,
  gameNotifications: true,
};

/** Money in lamports (rules' branded bigint); everything else whole counts. */
export interface UserStats {
  totalMatches: number;
  wins: number;
  losses: number;
  draws: number;
  totalEarnings: Lamports;
  totalLosses: Lamports;
  biggestWin: Lamports;
  biggestLoss: Lamports;
  longestWinStreak: number;
  currentWinStreak: number;
  favoriteCharacter: number | null;
  totalRoundsPlayed: number;
  freeGamesPlayed: number;
  paidGamesPlayed: number;
  /** Tournament matches fought (not forfeited): what the Tournament Fighter badge counts. */
  tournamentMatchesPlayed: number;
}

export interface UserRecord {
  id: string;
  walletAddress: string;
  username: string;
  displayName: string | null;
  characterId: number;
  level: number;
  experience: number;
  referralCode: string;
  referredBy: string | null;
  totalReferrals: number;
  preferences: Preferences;
  createdAt: Date;
  lastActiveAt: Date;
  stats: UserStats;
}

export interface NonceRecord {
  nonce: string;
  walletAddress: string;
  message: string;
  issuedAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
}

export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export interface NewUser {
  walletAddress: string;
  username: string;
  displayName: string;
  referralCode: string;
  referredBy: string | null;
  walletType: string;
  source: string;
}

/** Thrown by the store when a unique rule refuses a new user. */
export class UniqueViolation extends Error {
  constructor(readonly field: 'username' | 'walletAddress' | 'referralCode') {
    super(`${field} is already taken`);
    this.name = 'UniqueViolation';
  }
}

/**
 * Told when a session ends before its time (logout), so that everything still holding it ends
 * too: compose.ts wires it to the socket layer, which closes that session's sockets on every node
 * (docs/security.md 21). Called after the revocation is stored; it must not throw.
 */
export interface SessionRevocationListener {
  sessionRevoked(sessionId: string): void;
}

export interface AccountsStore {
  insertNonce(row: NonceRecord): Promise<void>;
  findNonce(nonce: string): Promise<NonceRecord | null>;
  /**
   * In one transaction: consume the nonce (only if unconsumed and unexpired), create the user,
   * count the referral and open the session. 'nonce-used' when the nonce was consumed meanwhile;
   * throws UniqueViolation (and consumes nothing) when a unique rule refuses the user.
   */
  signUp(input: { user: NewUser; nonce: string; sessionId: string; now: Date; sessionExpiresAt: Date }): Promise<UserRecord | 'nonce-used'>;
  /** In one transaction: consume the nonce and open the session; false when already consumed. */
  signIn(input: { userId: string; nonce: string; sessionId: string; now: Date; sessionExpiresAt: Date }): Promise<boolean>;
  insertSession(row: SessionRecord): Promise<void>;
  findSession(id: string): Promise<SessionRecord | null>;
  revokeSession(id: string, now: Date): Promise<void>;
  findUserById(id: string): Promise<UserRecord | null>;
  findUserByWallet(walletAddress: string): Promise<UserRecord | null>;
  findUserByReferralCode(code: string): Promise<UserRecord | null>;
  touchUser(id: string, now: Date): Promise<void>;
  /** Marketplace characters the user owns, oldest first. */
  ownedCharacters(userId: string): Promise<{ characterId: number; acquiredAt: Date }[]>;
}
