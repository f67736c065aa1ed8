// A wallet's battle history. The two per-player indexes (games_player{1,2}_wallet_created_at)
// serve `player1_wallet = $1 OR player2_wallet = $1` with a bitmap OR.
import { and, count, desc, eq, isNotNull, or } from 'drizzle-orm';
import type { GameRecordRow, GameRecordsStore } from '../../modules/duels';
import type { Db } from './connect';
import { games } from './schema';

export function createGameRecordsStore(db: Db): GameRecordsStore {
  return {
    async listByWallet(wallet, limit, offset) {
      // A game that never found an opponent (waiting, cancelled) is no battle.
      const where = and(or(eq(games.player1Wallet, wallet), eq(games.player2Wallet, wallet)), isNotNull(games.player2Character));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            sessionId: games.sessionId,
            createdAt: games.createdAt,
            player1Id: games.player1Id,
            player2Id: games.player2Id,
            player1Wallet: games.player1Wallet,
            player2Wallet: games.player2Wallet,
            player1Name: games.player1Name,
            player2Name: games.player2Name,
            player1Character: games.player1Character,
            player2Character: games.player2Character,
            betAmount: games.betAmount,
            stakeLamports: games.stakeLamports,
            winner: games.winner,
            gameOver: games.gameOver,
            currentRound: games.currentRound,
            rewardClaimed: games.rewardClaimed,
            isBot: games.isBot,
            fairnessCommitment: games.fairnessCommitment,
            serverSeed: games.serverSeed,
          })
          .from(games)
          .where(where)
          .orderBy(desc(games.createdAt), desc(games.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(games).where(where),
      ]);
      return {
        rows: rows.map((row): GameRecordRow => ({ ...row, player2Character: row.player2Character ?? 0 })),
        total: total?.total ?? 0,
      };
    },
  };
}
