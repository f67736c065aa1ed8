// The SQL behind each endpoint, timed by PostgreSQL itself (EXPLAIN ANALYZE), so a slow endpoint
// can be told apart from a slow query. The queries are not copied here: the server's own stores
// run once on a drizzle instance whose logger records every statement and its parameters.
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { createAccountsStore } from '../../apps/server/src/adapters/db/accounts-store';
import type { Db } from '../../apps/server/src/adapters/db/connect';
import { createGameRecordsStore } from '../../apps/server/src/adapters/db/game-records-store';
import { createLeaderboardStore } from '../../apps/server/src/adapters/db/leaderboard-store';
import * as schema from '../../apps/server/src/adapters/db/schema';
import { createWalletHistory } from '../../apps/server/src/adapters/db/wallet-history';

export interface ExplainTargets {
  readonly wallet: string;
  readonly busiestWallet: string;
}

interface Statement {
  readonly query: string;
  readonly params: unknown[];
}

const DAY_MS = 86_400_000;
const LIMIT = 20;

/** Prints, per endpoint and statement: planning and execution time, and the plan's top node (every node with `full`). */
export async function explainQueries(pool: pg.Pool, targets: ExplainTargets, full: boolean): Promise<void> {
  const recorded: Statement[] = [];
  const db: Db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => void recorded.push({ query, params }) } });
  const leaderboard = createLeaderboardStore(db);
  const records = { ...createGameRecordsStore(db), listByWallet: createWalletHistory(db) };
  const accounts = createAccountsStore(db);
  const since = new Date(Date.now() - DAY_MS);

  const endpoints: [string, () => Promise<unknown>][] = [
    ['leaderboard all', () => Promise.all([leaderboard.top(LIMIT, null), leaderboard.totals(null)])],
    ['leaderboard 24h', () => Promise.all([leaderboard.top(LIMIT, since), leaderboard.totals(since)])],
    ['games, a wallet', () => records.listByWallet(targets.wallet, LIMIT, 0)],
    ['games, busiest wallet', () => records.listByWallet(targets.busiestWallet, LIMIT, 0)],
    ['profile', () => accounts.findUserByWallet(targets.wallet)],
  ];

  console.log('\nEXPLAIN ANALYZE of the queries behind each endpoint (run once, warm cache):');
  console.log(`${'endpoint'.padEnd(22)} ${'planning'.padStart(9)} ${'execution'.padStart(10)}  query → top plan node`);
  for (const [endpoint, run] of endpoints) {
    recorded.length = 0;
    await run();
    for (const statement of [...recorded]) {
      const answer = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.query}`, statement.params);
      const lines = answer.rows.map((row) => row['QUERY PLAN']);
      const time = (label: string) => lines.find((line) => line.startsWith(label))?.replace(/^.*: ([\d.]+) ms$/, '$1') ?? '?';
      const query = statement.query.replace(/\s+/g, ' ').replace(/"/g, '').slice(0, 70);
      const top = (lines[0] ?? '').replace(/\s+\(cost=.*$/, '');
      console.log(`${endpoint.padEnd(22)} ${`${time('Planning Time')} ms`.padStart(9)} ${`${time('Execution Time')} ms`.padStart(10)}  ${query}… → ${top}`);
      if (full) console.log(lines.map((line) => `    ${line}`).join('\n'));
    }
  }
}
