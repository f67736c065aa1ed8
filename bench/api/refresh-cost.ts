// The leaderboard's background refresh (modules/leaderboard: one timeframe's top 20 and totals,
// as the server recomputes them every 5 s while asked), costed on one database: PostgreSQL's own
// execution time of the refresh's statements and the buffers they touched (EXPLAIN ANALYZE, the
// best of 5 per statement, summed: the buffers do not depend on how busy the machine is), and the
// refresh's wall time in this process. Run at 10,000 and at 1,000,000 games, the
// two tell whether the refresh grows with the number of games.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../apps/server/src/adapters/db/connect';
import { createLeaderboardStore } from '../../apps/server/src/adapters/db/leaderboard-store';
import * as schema from '../../apps/server/src/adapters/db/schema';
import { createLeaderboard } from '../../apps/server/src/modules/leaderboard';

export const TIMEFRAMES = ['all', '24h'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

export interface RefreshCost {
  readonly statements: number;
  /** The statements' execution time in PostgreSQL, summed. */
  readonly postgresMs: number;
  /** The shared buffers (8 kB pages) the statements read, summed. */
  readonly buffers: number;
  /** One refresh as the server runs it (its statements in parallel), mean of `runs`. */
  readonly wallMs: number;
}

export interface DatabaseCosts {
  readonly games: number;
  readonly refresh: Record<Timeframe, RefreshCost>;
  /** What the all-time refresh counted before the counters: `count(*) from games where game_over`. */
  readonly recount: { readonly ms: number; readonly buffers: number };
}

const RUNS = 20;
const LIMIT = 20;

interface Explained {
  readonly ms: number;
  readonly buffers: number;
}

async function explained(pool: pg.Pool, query: string, params: unknown[]): Promise<Explained> {
  let best: Explained = { ms: Number.POSITIVE_INFINITY, buffers: 0 };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const answer = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query}`, params);
    const lines = answer.rows.map((row) => row['QUERY PLAN']);
    const ms = Number(lines.find((text) => text.startsWith('Execution Time'))?.replace(/^.*: ([\d.]+) ms$/, '$1') ?? Number.NaN);
    // The first Buffers line is the top plan node's, which counts its children's.
    const pages = lines.find((text) => text.trim().startsWith('Buffers:')) ?? '';
    const buffers = [...pages.matchAll(/(?:hit|read)=(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    if (ms < best.ms) best = { ms, buffers };
  }
  return best;
}

export async function refreshCosts(url: string): Promise<DatabaseCosts> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const recorded: { query: string; params: unknown[] }[] = [];
  try {
    const db: Db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => void recorded.push({ query, params }) } });
    const leaderboard = createLeaderboard({ store: createLeaderboardStore(db), cacheMs: 0 });
    const refresh = {} as Record<Timeframe, RefreshCost>;
    for (const timeframe of TIMEFRAMES) {
      for (let warm = 0; warm < 3; warm += 1) await leaderboard.get(LIMIT, timeframe);
      recorded.length = 0;
      const started = performance.now();
      for (let run = 0; run < RUNS; run += 1) await leaderboard.get(LIMIT, timeframe);
      const wallMs = (performance.now() - started) / RUNS;
      const statements = recorded.slice(0, recorded.length / RUNS);
      let postgresMs = 0;
      let buffers = 0;
      for (const statement of statements) {
        const cost = await explained(pool, statement.query, statement.params);
        postgresMs += cost.ms;
        buffers += cost.buffers;
      }
      refresh[timeframe] = { statements: statements.length, postgresMs, buffers, wallMs };
    }
    const games = await pool.query<{ n: string }>('select count(*) as n from games');
    const recount = await explained(pool, 'select count(*) from games where game_over = $1', [true]);
    return { games: Number(games.rows[0]?.n ?? 0), refresh, recount };
  } finally {
    await pool.end();
  }
}
