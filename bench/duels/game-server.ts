// The server under test, as a child process of run.ts so its CPU time and memory can be read
// from /proc: the real wiring of main.ts (composeModules + createServer + modules.sockets) on
// PostgreSQL (or PGlite in memory), silent logs, no chain (free games only), with the
// benchmark's short timeline and a message budget that never trips but still runs per message.
// With `redis` in the plan (cluster-run.ts) it is one of several nodes, wired as main.ts does with
// REDIS_URL: the Socket.IO Redis adapter, the shared queue/presence/tier locks, the node bus and
// the rate limits' counters in Redis, under the run's own key prefix.
//
//   started by run.ts: tsx game-server.ts '<TargetPlan as JSON>'
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/adapters/db/connect';
import { composeModules } from '../../apps/server/src/compose';
import { testConfig } from '../../apps/server/src/config';
import { createServer } from '../../apps/server/src/server';
import { type TargetPlan, tell } from './ipc';
import { roundTripSampler, serveProbe } from './target-probe';

const plan = JSON.parse(process.argv[2] ?? '{}') as TargetPlan;
const redis = plan.redis ?? null;
// Several nodes write to the same terminal: each line says which one.
const label = redis ? `game server ${redis.nodeId}:` : 'game server:';

// The server reports failed socket events on stderr: show the first few, count the rest, and
// keep quiet once stopping (joins still queued then fail on the closed pool).
const MAX_SHOWN_ERRORS = 5;
let errorsSeen = 0;
let stopping = false;
const reportError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (stopping) return;
  errorsSeen += 1;
  if (errorsSeen <= MAX_SHOWN_ERRORS) reportError(label, ...args);
};
const databaseUrl = plan.databaseUrl ?? null;

// Thousands of clients share the loopback address: the per-address cap (docs/security.md 23) is off here.
const config = testConfig({ databaseUrl, logLevel: 'silent', socketConnectionsPerAddress: 0, redisUrl: redis?.url ?? null });
const database = await openDatabase({ databaseUrl });
const modules = await composeModules(config, database, {
  gameTimings: plan.timings,
  // The default budget is 100 messages in 20 s per socket; the same ring of 100 arrival times
  // with a 1 ms window costs the same per message and never disconnects a benchmark client.
  socketMessageBudget: { max: 100, windowMs: 1 },
  ...(redis ? { nodeId: redis.nodeId, redisPrefix: redis.prefix } : {}),
});
const server = createServer(config, { database, routes: modules.routes, webDist: '/nonexistent/duel-dojo-bench', rateLimitStore: modules.rateLimitStore });
await modules.sockets(server.io);
const { url } = await server.start();
// The pool behind drizzle (node-postgres); PGlite has none.
const pool = (database.db as unknown as { $client?: { waitingCount?: number } }).$client;
serveProbe(
  () => void stop(),
  roundTripSampler(
    () => database.db.execute(sql`select 1`),
    () => pool?.waitingCount ?? 0,
  ),
  () => errorsSeen,
);

async function stop(): Promise<void> {
  if (stopping) return;
  if (errorsSeen > MAX_SHOWN_ERRORS) reportError(`${label} ${errorsSeen} errors reported in all (${MAX_SHOWN_ERRORS} shown)`);
  stopping = true;
  setTimeout(() => process.exit(1), 15_000).unref();
  await server.stop();
  await modules.stop();
  await database.close();
  process.exit(0);
}

tell({ type: 'ready', url });
