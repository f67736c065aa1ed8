// Writes game records and stats straight into a test database, for the read side's tests
// (history, profile, leaderboard) until the duels module writes them through real games.
import { type Lamports, ZERO_LAMPORTS } from '@duel-dojo/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../adapters/db/connect';
import { games, userStats, users } from '../adapters/db/schema';

export interface SeedGame {
  sessionId: string;
  player1: { id: string | null; wallet: string | null; name?: string };
  player2: { id: string | null; wallet: string | null; name?: string } | null;
  betAmount?: string;
  stakeLamports?: Lamports;
  /** A wallet, a slot or 'draw'; absent while running. */
  winner?: string;
  createdAt?: Date;
  endedAt?: Date;
  rounds?: number;
  rewardClaimed?: boolean;
  isBot?: boolean;
  commitment?: string;
  serverSeed?: string;
}

/** The lease of a seeded running game: held by a node that stays alive for the whole test. */
export const SEEDED_LEASE = { ownerNode: 'seeded-node', leaseEpoch: 1, leaseExpiresAt: new Date(Date.now() + 24 * 3_600_000) };

export async function seedGame(db: Db, game: SeedGame): Promise<void> {
  const over = game.winner !== undefined;
  const created = game.createdAt ?? new Date();
  await db.insert(games).values({
    sessionId: game.sessionId,
    createdAt: created,
    endedAt: over ? (game.endedAt ?? created) : null,
    player1Id: game.player1.id,
    player2Id: game.player2?.id ?? null,
    player1Wallet: game.player1.wallet,
    player2Wallet: game.player2?.wallet ?? null,
    player1Name: game.player1.name ?? null,
    player2Name: game.player2?.name ?? null,
    player1Character: 7,
    player2Character: game.player2 ? 4 : null,
    betAmount: game.betAmount ?? 'Free!',
    stakeLamports: game.stakeLamports ?? ZERO_LAMPORTS,
    winner: game.winner ?? null,
    gameOver: over,
    currentRound: game.rounds ?? 0,
    rewardClaimed: game.rewardClaimed ?? false,
    isBot: game.isBot ?? false,
    fairnessCommitment: game.commitment ?? null,
    serverSeed: game.serverSeed ?? null,
    // A running one is another live node's (docs/durable-games.md): nobody settles it meanwhile.
    ...(over ? {} : SEEDED_LEASE),
  });
}

export type SeedStats = Partial<typeof userStats.$inferInsert>;

export async function seedStats(db: Db, userId: string, stats: SeedStats, level?: number): Promise<void> {
  await db.update(userStats).set(stats).where(eq(userStats.userId, userId));
  if (level !== undefined) await db.update(users).set({ level }).where(eq(users.id, userId));
}
