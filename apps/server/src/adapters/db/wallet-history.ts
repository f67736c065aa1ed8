// A wallet's battle history (GET /api/games?wallet=) in one prepared statement: the page read
// through the three partial history indexes of tables/games.ts (one ordered, limited scan per
// condition, merged by PostgreSQL over at most 3 × (offset + limit) index entries), and the total
// from the wallet's counter (tables/counters.ts) rather than counted. Each game comes as its record
// text (`games.record_wire`, one field instead of 22: docs/wallet-history.md). The same conditions
// as game-records-store.ts, which still serves one game by its id and the live games.
import { type SQL, and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ZERO_LAMPORTS, toLamports } from '@duel-dojo/rules';
import type { GameRecordRow, GameRecordsStore } from '../../modules/duels';
import type { Db } from './connect';
import { TOURNAMENT_ID, stakePaidBy } from './game-record-columns';
import { games, walletGameCounts } from './schema';

const wallet = sql.placeholder('wallet');
const take = sql.placeholder('take');
const limit = sql.placeholder('limit');
const offset = sql.placeholder('offset');

/**
 * Pages starting before this offset read their games' rows in the index scans themselves (each
 * row fetched once, no second lookup by id); deeper pages pick their ids from the indexes alone
 * first and then fetch only those rows, rather than reading every skipped game's row.
 */
const ROWS_IN_SCANS_BELOW_OFFSET = 100;

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
// subquery would read as its own. Newest first, ties broken by id: the order the indexes keep.
const NEWEST_FIRST = sql.raw('"games"."created_at" desc, "games"."id" desc');
const merged = (columns: string) => {
  const branch = (side: SQL) => sql`(select ${sql.raw(columns)} from "games" where ${side} order by ${NEWEST_FIRST} limit ${take})`;
  return sql`(${branch(SIDES[0] as SQL)} union all ${branch(SIDES[1] as SQL)} union all ${branch(SIDES[2] as SQL)})`;
};
/** The page's games, rows and all, under the table's own name for the columns below. */
const pageRows = sql`${merged('"games"."id", "games"."created_at", "games"."session_id", "games"."record_wire", "games"."rounds"')} as "games"`;
const pageIds = sql`(select listed.id from ${merged('"games"."id", "games"."created_at"')} as listed
  order by listed.created_at desc, listed.id desc limit ${limit} offset ${offset})`;

/**
 * The record's text and round log, what the listed wallet paid for its stake (null when nothing)
 * and the game's tournament. Written as "games"."…" so that both statements read them, from the
 * table or from the page's rows.
 */
const columns = {
  wire: sql<string>`"games"."record_wire"`,
  rounds: sql`"games"."rounds"`.mapWith(games.rounds),
  stakePaid: stakePaidBy(wallet),
  tournamentId: TOURNAMENT_ID,
  total: sql<number>`(select ${walletGameCounts.games} from ${walletGameCounts} where ${walletGameCounts.wallet} = ${wallet})`.mapWith(Number),
};

/** game_record_wire's array (migration 0013_games_record_wire.sql), in its order. */
type RecordWire = [
  createdAtMs: number,
  sessionId: string,
  player1Id: string | null,
  player2Id: string | null,
  player1Wallet: string | null,
  player2Wallet: string | null,
  player1Name: string | null,
  player2Name: string | null,
  player1Character: number,
  player2Character: number | null,
  betAmount: string,
  stakeLamports: string,
  winner: string | null,
  gameOver: boolean,
  endReason: GameRecordRow['endReason'],
  currentRound: number,
  rewardClaimed: boolean,
  isBot: boolean,
  fairnessCommitment: string | null,
  serverSeed: string | null,
  clientSeeds: GameRecordRow['clientSeeds'],
  payoutState: GameRecordRow['payoutState'],
];
const WIRE_FIELDS = 22;

interface PageRow {
  wire: string;
  rounds: GameRecordRow['rounds'];
  stakePaid: string | null;
  tournamentId: string | null;
}

function recordRow({ wire, rounds, stakePaid, tournamentId }: PageRow): GameRecordRow {
  const w = JSON.parse(wire) as RecordWire;
  if (w.length !== WIRE_FIELDS) throw new Error(`games.record_wire holds ${w.length} fields, not ${WIRE_FIELDS}: migrations and wallet-history.ts disagree`);
  return {
    sessionId: w[1],
    createdAt: new Date(w[0]),
    player1Id: w[2],
    player2Id: w[3],
    player1Wallet: w[4],
    player2Wallet: w[5],
    player1Name: w[6],
    player2Name: w[7],
    player1Character: w[8],
    player2Character: w[9],
    betAmount: w[10],
    stakeLamports: toLamports(w[11]),
    winner: w[12],
    gameOver: w[13],
    endReason: w[14],
    currentRound: w[15],
    rewardClaimed: w[16],
    isBot: w[17],
    fairnessCommitment: w[18],
    serverSeed: w[19],
    clientSeeds: w[20],
    rounds,
    payoutState: w[21],
    stakePaidLamports: stakePaid === null ? ZERO_LAMPORTS : toLamports(stakePaid),
    tournamentId,
  };
}

/** `rowsInScansBelowOffset`: which statement serves a page (its tests try both). */
export function createWalletHistory(db: Db, { rowsInScansBelowOffset = ROWS_IN_SCANS_BELOW_OFFSET } = {}): GameRecordsStore['listByWallet'] {
  // Prepared once: no query is built per request, and PostgreSQL parses each once per connection.
  const firstPages = db.select(columns).from(pageRows).orderBy(NEWEST_FIRST).limit(limit).offset(offset).prepare('wallet_history_page');
  const deepPages = db.select(columns).from(games).where(sql`${games.id} in ${pageIds}`).orderBy(NEWEST_FIRST).prepare('wallet_history_deep_page');
  const total = db.select({ games: walletGameCounts.games }).from(walletGameCounts).where(eq(walletGameCounts.wallet, wallet)).prepare('wallet_history_total');

  return async (listed, pageSize, skip) => {
    const page = skip < rowsInScansBelowOffset ? firstPages : deepPages;
    const rows = await page.execute({ wallet: listed, take: skip + pageSize, limit: pageSize, offset: skip });
    // Past the last page no row carries the total: read it alone.
    const count = rows[0]?.total ?? (await total.execute({ wallet: listed }))[0]?.games ?? 0;
    return { rows: rows.map(recordRow), total: count };
  };
}
