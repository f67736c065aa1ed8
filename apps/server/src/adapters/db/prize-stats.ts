// A tournament prize counts in its player's stats like a duel's winnings: earnings, profit (so
// the all-time leaderboard and its "Highest winnings") and the biggest win. Added when the
// prize's transfer is confirmed, in the same transaction that settles its ledger row, so a prize
// counts exactly once and only once it is paid. The 24-hour leaderboard reads the settled prize
// rows themselves (leaderboard-store.ts). Migration 0008 added the prizes paid before this.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from './connect';
import { userStats, users } from './schema';

export async function addPrizeToStats(tx: Tx, wallet: string, amount: bigint): Promise<void> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.walletAddress, wallet)).limit(1);
  // The account may be gone since it placed: the money still went to the wallet.
  if (!user) return;
  const lamports = sql`${amount.toString()}::bigint`;
  await tx
    .update(userStats)
    .set({
      totalEarnings: sql`${userStats.totalEarnings} + ${lamports}`,
      totalProfit: sql`${userStats.totalProfit} + ${lamports}`,
      biggestWin: sql`greatest(${userStats.biggestWin}, ${lamports})`,
      updatedAt: new Date(),
    })
    .where(eq(userStats.userId, user.id));
}
