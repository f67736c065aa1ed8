// A wallet's battle history (GET /api/games?wallet=) in one prepared statement: the page read
// through the three partial history indexes of tables/games.ts (one ordered, limited scan per
// condition, merged by PostgreSQL over at most 3 × (offset + limit) index entries), and the total
// from the wallet's counter (tables/counters.ts) rather than counted. The same conditions as
// game-records-store.ts, which still serves one game by its id and the live games.
import { type SQL, and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Lamports, ZERO_LAMPORTS, toLamports } from '@duel-dojo/rules';
import type { GameRecordRow, GameRecordsStore } from '../../modules/duels';
import type { Db } from './connect';
import { RECORD_COLUMNS, TOURNAMENT_ID, stakePaidBy } from './game-record-columns';
import { games, walletGameCounts } from './schema';

const wallet = sql.placeholder('wallet');
const take = sql.placeholder('take');
const limit = sql.placeholder('limit');
const offset = sql.placeholder('offset');

/**
 * One condition per history index: the wallet as player1 or as player2 of a game that found an
 * opponent, and its staked waits that were cancelled (listed for their refund).
 */
const SIDES: SQL[] = [
  and(eq(games.player1Wallet, wallet), isNotNull(games.player2Character)) as SQL,
  and(eq(games.player2Wallet, wallet), isNotNull(games.player2Character)) as SQL,
  and(eq(games.player1Wallet, wallet), isNull(games.player2Character), sql`${games.payoutState} in ('refund_due', 'refunded')`) as SQL,
];

// Spelled with the table's name: drizzle writes columns unqualified inside sql``, which a
// subquery would read as its own.
const branch = (side: SQL) => sql`(select "games"."id", "games"."created_at" from "games" where ${side} order by "games"."created_at" desc, "games"."id" desc limit ${take})`;
const pageIds = sql`(select listed.id from (${branch(SIDES[0] as SQL)} union all ${branch(SIDES[1] as SQL)} union all ${branch(SIDES[2] as SQL)}) as listed
  order by listed.created_at desc, listed.id desc limit ${limit} offset ${offset})`;

/**
 * The record's columns, with what the listed wallet paid for its stake (null when nothing) and the
 * game's tournament, under GameRecordRow's names: the rows are handed on as drizzle maps them, with
 * no copy per row (bench/README.md, "API latency").
 */
const columns = {
  ...RECORD_COLUMNS,
  stakePaidLamports: stakePaidBy(wallet).mapWith((amount: string): Lamports | null => toLamports(amount)),
  tournamentId: TOURNAMENT_ID,
  total: sql<number>`(select ${walletGameCounts.games} from ${walletGameCounts} where ${walletGameCounts.wallet} = ${wallet})`.mapWith(Number),
};

export function createWalletHistory(db: Db): GameRecordsStore['listByWallet'] {
  // Prepared once: no query is built per request, and PostgreSQL parses each once per connection.
  const page = db.select(columns).from(games).where(sql`${games.id} in ${pageIds}`).orderBy(desc(games.createdAt), desc(games.id)).prepare('wallet_history_page');
  const total = db.select({ games: walletGameCounts.games }).from(walletGameCounts).where(eq(walletGameCounts.wallet, wallet)).prepare('wallet_history_total');

  return async (listed, pageSize, skip) => {
    const rows = await page.execute({ wallet: listed, take: skip + pageSize, limit: pageSize, offset: skip });
    // Past the last page no row carries the total: read it alone.
    const count = rows[0]?.total ?? (await total.execute({ wallet: listed }))[0]?.games ?? 0;
    // Each row also carries `total`, which no reader of a GameRecordRow looks at.
    for (const row of rows) row.stakePaidLamports ??= ZERO_LAMPORTS;
    return { rows: rows as GameRecordRow[], total: count };
  };
}
