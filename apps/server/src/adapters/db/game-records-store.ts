// A wallet's battle history, read through the two partial history indexes of tables/games.ts.
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { GameRecordRow, GameRecordsStore } from '../../modules/duels';
import type { Db } from './connect';
import { games } from './schema';

const columns = {
  id: games.id,
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
  rounds: games.rounds,
};

type Row = { id: string; createdAt: Date };
type WalletColumn = typeof games.player1Wallet | typeof games.player2Wallet;

/** Newest first, ties broken by id: the order both history indexes keep. */
const newestFirst = (a: Row, b: Row): number => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function createGameRecordsStore(db: Db): GameRecordsStore {
  // A game that never found an opponent (waiting, cancelled) is no battle; the partial history
  // indexes hold exactly the others.
  const side = (column: WalletColumn, wallet: string) => and(eq(column, wallet), isNotNull(games.player2Character));
  const page = (column: WalletColumn, wallet: string, take: number) =>
    db.select(columns).from(games).where(side(column, wallet)).orderBy(desc(games.createdAt), desc(games.id)).limit(take);
  const total = async (column: WalletColumn, wallet: string) =>
    (await db.select({ n: count() }).from(games).where(side(column, wallet)))[0]?.n ?? 0;

  return {
    async listByWallet(wallet, limit, offset) {
      // Two index scans, one per player column, merged here: an OR over both columns would make
      // PostgreSQL read and sort every game of a busy wallet.
      const take = offset + limit;
      const [asPlayer1, asPlayer2, total1, total2] = await Promise.all([
        page(games.player1Wallet, wallet, take),
        page(games.player2Wallet, wallet, take),
        total(games.player1Wallet, wallet),
        total(games.player2Wallet, wallet),
      ]);
      const rows = [...asPlayer1, ...asPlayer2].sort(newestFirst).slice(offset, take);
      return {
        rows: rows.map(({ id: _id, ...row }): GameRecordRow => ({ ...row, player2Character: row.player2Character ?? 0 })),
        total: total1 + total2,
      };
    },
  };
}
