// A wallet's battle history, read through the two partial history indexes of tables/games.ts,
// plus the staked games it cancelled while they waited (listed for their refund).
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { toLamports } from '@duel-dojo/rules';
import type { GameRecordRow, GameRecordsStore } from '../../modules/duels';
import type { Db } from './connect';
import { RECORD_COLUMNS, TOURNAMENT_ID, stakePaidBy } from './game-record-columns';
import { games } from './schema';

/**
 * The record's columns, with what the listed wallet paid for its stake (the stake_in row of its
 * payment bound to the game) and the tournament the game was a bracket match of. Written with
 * explicit table names: drizzle leaves columns unqualified inside sql``.
 */
function columnsFor(wallet: string | null) {
  return {
    id: games.id,
    ...RECORD_COLUMNS,
    // No wallet (one game read by its id): nobody's payment is listed.
    stakePaid:
      wallet === null
        ? sql<string | null>`null`
        : stakePaidBy(wallet),
    tournamentId: TOURNAMENT_ID,
  };
}

type Row = { id: string; createdAt: Date };

const recordRow = ({ id: _id, stakePaid, ...row }: { id: string; stakePaid: string | null } & Omit<GameRecordRow, 'stakePaidLamports'>): GameRecordRow => ({
  ...row,
  stakePaidLamports: toLamports(stakePaid ?? 0n),
});

/** Newest first, ties broken by id: the order the history indexes keep. */
const newestFirst = (a: Row, b: Row): number => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function createGameRecordsStore(db: Db): GameRecordsStore {
  // A game that never found an opponent is no battle, unless it held a stake that is given back:
  // one condition per index (tables/games.ts), so each scan reads exactly its index.
  const sides = (wallet: string): SQL[] => [
    and(eq(games.player1Wallet, wallet), isNotNull(games.player2Character)) as SQL,
    and(eq(games.player2Wallet, wallet), isNotNull(games.player2Character)) as SQL,
    and(eq(games.player1Wallet, wallet), isNull(games.player2Character), inArray(games.payoutState, ['refund_due', 'refunded'])) as SQL,
  ];
  const page = (wallet: string, side: SQL, take: number) =>
    db.select(columnsFor(wallet)).from(games).where(side).orderBy(desc(games.createdAt), desc(games.id)).limit(take);
  const total = async (side: SQL) => (await db.select({ n: count() }).from(games).where(side))[0]?.n ?? 0;

  return {
    async listByWallet(wallet, limit, offset) {
      // One index scan per condition, merged here: an OR over the columns would make PostgreSQL
      // read and sort every game of a busy wallet.
      const take = offset + limit;
      const conditions = sides(wallet);
      const [pages, totals] = await Promise.all([Promise.all(conditions.map((side) => page(wallet, side, take))), Promise.all(conditions.map(total))]);
      const rows = pages.flat().sort(newestFirst).slice(offset, take);
      return {
        rows: rows.map(recordRow),
        total: totals.reduce((sum, n) => sum + n, 0),
      };
    },

    async findBySession(sessionId) {
      const [row] = await db.select(columnsFor(null)).from(games).where(eq(games.sessionId, sessionId)).limit(1);
      return row ? recordRow(row) : null;
    },

    // Read through games_running_idx (not over, newest first): started and not cancelled.
    async listLive(limit) {
      const rows = await db
        .select({
          sessionId: games.sessionId,
          createdAt: games.createdAt,
          player1Name: games.player1Name,
          player2Name: games.player2Name,
          player1Character: games.player1Character,
          player2Character: games.player2Character,
          betAmount: games.betAmount,
          currentRound: games.currentRound,
          isBot: games.isBot,
        })
        .from(games)
        .where(and(eq(games.gameOver, false), isNull(games.endedAt), isNotNull(games.player2Character)))
        .orderBy(desc(games.createdAt), desc(games.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, player2Character: row.player2Character ?? 0 }));
    },
  };
}
