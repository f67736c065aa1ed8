// Prints the leaderboard refresh's cost (refresh-cost.ts) on the small database (10,000 games)
// and the full one (1,000,000), and their ratio: the target is the same cost at both, taken as
// the same buffers within 1.5× (PostgreSQL's time is shown too, but a tenth of a millisecond
// moves by more than that on a shared machine).
import { openDatabase } from '../../apps/server/src/adapters/db/connect';
import { type BenchDatabase, SMALL, isSeeded, withClient } from './database';
import { type DatabaseCosts, TIMEFRAMES, refreshCosts } from './refresh-cost';

const SAME_COST = 1.5;
const LABELS = { all: 'all time', '24h': 'last 24 hours' } as const;

const msText = (value: number) => `${value.toFixed(3)} ms`;

export async function printRefreshCosts(small: BenchDatabase, full: BenchDatabase): Promise<void> {
  const smallSeeded = await withClient(small.url, (client) => isSeeded(client, SMALL)).catch(() => false);
  console.log('\nLeaderboard refresh (top 20 and totals of one timeframe, as the server recomputes them every 5 s): its');
  console.log("statements' PostgreSQL execution time and the 8 kB buffers they read (EXPLAIN ANALYZE, best of 5 each, summed), and its");
  console.log('wall time in this process (mean of 20). The target, the same cost at both sizes: buffers within 1.5×.');
  if (!smallSeeded) console.log(`(${small.name} is not seeded, so no figure at 10,000 games: npm run api:seed -w @duel-dojo/bench -- --small)`);
  // The server's migrations, as run.ts's server applied them to the full one: both sizes compared on one schema.
  if (smallSeeded) await (await openDatabase({ databaseUrl: small.url })).close();
  const few: DatabaseCosts | null = smallSeeded ? await refreshCosts(small.url) : null;
  const many: DatabaseCosts | null = await refreshCosts(full.url);
  const head = (c: DatabaseCosts | null, name: string) => (c ? `${c.games.toLocaleString('en-US')} games (${name})` : `(${name} not seeded)`);
  const width = 50;
  console.log(`${'timeframe'.padEnd(24)} ${head(few, small.name).padEnd(width)} ${head(many, full.name).padEnd(width)} ratio: time, buffers`);
  const cell = (c: DatabaseCosts | null, timeframe: (typeof TIMEFRAMES)[number]) => {
    const r = c?.refresh[timeframe];
    return (r ? `${msText(r.postgresMs)}, ${r.buffers} buf. (${r.statements} st.); ${msText(r.wallMs)} wall` : '').padEnd(width);
  };
  for (const timeframe of TIMEFRAMES) {
    const a = few?.refresh[timeframe];
    const b = many?.refresh[timeframe];
    const ratio = a && b ? b.buffers / Math.max(1, a.buffers) : null;
    const verdict = a && b && ratio !== null ? `${(b.postgresMs / a.postgresMs).toFixed(2)}×, ${ratio.toFixed(2)}× (${ratio <= SAME_COST ? 'met' : 'NOT met'})` : '';
    console.log(`${LABELS[timeframe].padEnd(24)} ${cell(few, timeframe)} ${cell(many, timeframe)} ${verdict}`);
  }
  const recount = (c: DatabaseCosts | null) => (c ? `${msText(c.recount.ms)}, ${c.recount.buffers} buf.` : '').padEnd(width);
  const grew = few && many ? `${(many.recount.ms / few.recount.ms).toFixed(1)}×, ${(many.recount.buffers / Math.max(1, few.recount.buffers)).toFixed(1)}×` : '';
  console.log(`${'before: count of games'.padEnd(24)} ${recount(few)} ${recount(many)} ${grew}`);
}
