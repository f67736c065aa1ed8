// The accounts module's storage on either database. Every multi-row write is one transaction;
// nonces are consumed by a conditional update whose row count decides who won a race.
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ZERO_LAMPORTS } from '@duel-dojo/rules';
import type { AccountsStore, NonceRecord, SessionRecord, UserRecord } from '../../modules/accounts';
import { UniqueViolation } from '../../modules/accounts';
import type { Db, Tx } from './connect';
import { characterOwnership, sessions, signInNonces, tournamentMatches, userStats, users } from './schema';
import { uniqueViolation } from './unique-violation';

/**
 * The columns a UserRecord is made of, and no more: a profile is read on every page, and each
 * column read is parsed and mapped per read (the stats' character plays and profit, the user's
 * awarded achievements and signup source are read by others).
 */
const USER_COLUMNS = {
  id: users.id,
  walletAddress: users.walletAddress,
  username: users.username,
  displayName: users.displayName,
  characterId: users.characterId,
  level: users.level,
  experience: users.experience,
  referralCode: users.referralCode,
  referredBy: users.referredBy,
  totalReferrals: users.totalReferrals,
  preferences: users.preferences,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
};
// The first column is never null in a stats row: drizzle reads the left join's absence from it.
const STATS_COLUMNS = {
  totalMatches: userStats.totalMatches,
  wins: userStats.wins,
  losses: userStats.losses,
  draws: userStats.draws,
  totalEarnings: userStats.totalEarnings,
  totalLosses: userStats.totalLosses,
  biggestWin: userStats.biggestWin,
  biggestLoss: userStats.biggestLoss,
  longestWinStreak: userStats.longestWinStreak,
  currentWinStreak: userStats.currentWinStreak,
  favoriteCharacter: userStats.favoriteCharacter,
  totalRoundsPlayed: userStats.totalRoundsPlayed,
  freeGamesPlayed: userStats.freeGamesPlayed,
  paidGamesPlayed: userStats.paidGamesPlayed,
};
type UserRow = Pick<typeof users.$inferSelect, keyof typeof USER_COLUMNS>;
type StatsRow = Pick<typeof userStats.$inferSelect, keyof typeof STATS_COLUMNS>;

/**
 * Tournament matches the user fought (played to a result or drawn): counted from the bracket's
 * calls on read, which every tournament duel has, rather than kept beside the game stats.
 */
const tournamentMatchesPlayed = sql<number>`(select count(*) from ${tournamentMatches} where (${tournamentMatches.player1Id} = ${users.id} or ${tournamentMatches.player2Id} = ${users.id}) and ${tournamentMatches.state} in ('played', 'draw'))`.mapWith(Number);

function toUser(row: UserRow, stats: StatsRow | null, tournamentMatchesFought = 0): UserRecord {
  return {
    id: row.id,
    walletAddress: row.walletAddress,
    username: row.username,
    displayName: row.displayName,
    characterId: row.characterId,
    level: row.level,
    experience: row.experience,
    referralCode: row.referralCode,
    referredBy: row.referredBy,
    totalReferrals: row.totalReferrals,
    preferences: row.preferences,
    createdAt: row.createdAt,
    lastActiveAt: row.lastActiveAt,
    stats: {
      totalMatches: stats?.totalMatches ?? 0,
      wins: stats?.wins ?? 0,
      losses: stats?.losses ?? 0,
      draws: stats?.draws ?? 0,
      totalEarnings: stats?.totalEarnings ?? ZERO_LAMPORTS,
      totalLosses: stats?.totalLosses ?? ZERO_LAMPORTS,
      biggestWin: stats?.biggestWin ?? ZERO_LAMPORTS,
      biggestLoss: stats?.biggestLoss ?? ZERO_LAMPORTS,
      longestWinStreak: stats?.longestWinStreak ?? 0,
      currentWinStreak: stats?.currentWinStreak ?? 0,
      favoriteCharacter: stats?.favoriteCharacter ?? null,
      totalRoundsPlayed: stats?.totalRoundsPlayed ?? 0,
      freeGamesPlayed: stats?.freeGamesPlayed ?? 0,
      paidGamesPlayed: stats?.paidGamesPlayed ?? 0,
      tournamentMatchesPlayed: tournamentMatchesFought,
    },
  };
}

const UNIQUE_FIELDS: Record<string, 'username' | 'walletAddress' | 'referralCode'> = {
  users_username_lower_key: 'username',
  users_wallet_address_unique: 'walletAddress',
  users_referral_code_unique: 'referralCode',
};

/** Consumes an unconsumed, unexpired nonce; true for exactly one of any number of racers. */
async function consumeNonce(tx: Tx, nonce: string, now: Date): Promise<boolean> {
  const consumed = await tx
    .update(signInNonces)
    .set({ consumedAt: now })
    .where(and(eq(signInNonces.nonce, nonce), isNull(signInNonces.consumedAt), gt(signInNonces.expiresAt, now)))
    .returning({ nonce: signInNonces.nonce });
  return consumed.length === 1;
}

export function createAccountsStore(db: Db): AccountsStore {
  // Prepared once per key (a profile is read on every page): no query is built per request, and
  // PostgreSQL parses each statement once per connection.
  const key = sql.placeholder('key');
  const userBy = (column: typeof users.id | typeof users.walletAddress | typeof users.referralCode, name: string) => {
    const query = db
      .select({ users: USER_COLUMNS, user_stats: STATS_COLUMNS, tournamentMatchesPlayed })
      .from(users)
      .leftJoin(userStats, eq(userStats.userId, users.id))
      .where(eq(column, key))
      .limit(1)
      .prepare(name);
    return async (value: string): Promise<UserRecord | null> => {
      const [row] = await query.execute({ key: value });
      return row ? toUser(row.users, row.user_stats, row.tournamentMatchesPlayed) : null;
    };
  };
  const userById = userBy(users.id, 'accounts_user_by_id');
  const userByWallet = userBy(users.walletAddress, 'accounts_user_by_wallet');
  const userByReferralCode = userBy(users.referralCode, 'accounts_user_by_referral_code');

  return {
    async insertNonce(row: NonceRecord) {
      await db.insert(signInNonces).values(row);
      // Keep the table small: nonces expired for an hour can never be used again.
      await db.delete(signInNonces).where(lt(signInNonces.expiresAt, new Date(row.issuedAt.getTime() - 3_600_000)));
    },

    async findNonce(nonce) {
      const [row] = await db.select().from(signInNonces).where(eq(signInNonces.nonce, nonce)).limit(1);
      return row ?? null;
    },

    async signUp({ user, nonce, sessionId, now, sessionExpiresAt }) {
      try {
        return await db.transaction(async (tx) => {
          if (!(await consumeNonce(tx, nonce, now))) return 'nonce-used' as const;
          const [created] = await tx
            .insert(users)
            .values({ ...user, createdAt: now, lastActiveAt: now })
            .returning();
          if (!created) throw new Error('insert returned no user');
          await tx.insert(userStats).values({ userId: created.id });
          if (user.referredBy) {
            await tx.update(users).set({ totalReferrals: sql`${users.totalReferrals} + 1` }).where(eq(users.id, user.referredBy));
          }
          await tx.insert(sessions).values({ id: sessionId, userId: created.id, createdAt: now, expiresAt: sessionExpiresAt });
          return toUser(created, null);
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        const field = constraint === null ? undefined : UNIQUE_FIELDS[constraint];
        if (field) throw new UniqueViolation(field);
        throw error;
      }
    },

    async signIn({ userId, nonce, sessionId, now, sessionExpiresAt }) {
      return db.transaction(async (tx) => {
        if (!(await consumeNonce(tx, nonce, now))) return false;
        await tx.insert(sessions).values({ id: sessionId, userId, createdAt: now, expiresAt: sessionExpiresAt });
        await tx.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
        return true;
      });
    },

    async insertSession(row: SessionRecord) {
      await db.insert(sessions).values(row);
    },

    async findSession(id) {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return row ?? null;
    },

    async revokeSession(id, now) {
      await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    findUserById: userById,
    findUserByWallet: userByWallet,
    findUserByReferralCode: userByReferralCode,

    async touchUser(id, now) {
      await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, id));
    },

    async ownedCharacters(userId) {
      return db
        .select({ characterId: characterOwnership.characterId, acquiredAt: characterOwnership.acquiredAt })
        .from(characterOwnership)
        .where(eq(characterOwnership.userId, userId))
        .orderBy(asc(characterOwnership.acquiredAt));
    },
  };
}
