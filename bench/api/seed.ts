// Seeds the API benchmark's database: 100,000 users with stats and 1,000,000 games between them
// (or, with --small, the small database: the same users and 10,000 games, as many per day).
//
//   npm run api:seed -w @duel-dojo/bench              # skipped when already seeded
//   npm run api:seed -w @duel-dojo/bench -- --reseed  # empties the tables and seeds again
//   npm run api:seed -w @duel-dojo/bench -- --small   # dd_bench_small, for the refresh's cost at 10,000 games
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { openDatabase } from '../../apps/server/src/adapters/db/connect';
import { encodeBase58 } from '../../packages/protocol/src/base58';
import { REFERRAL_CODE_ALPHABET } from '../../packages/rules/src/validation';
import { FULL, SMALL, benchDatabase, databaseExists, isSeeded, seconds, seededMark, withClient } from './database';
import { COLLECT_SIDES, FINISH_USERS, INSERT_STATS, NUMBER_PLAYERS, insertGames } from './seed-sql';

const BATCH = 20_000;
const DAY_MS = 86_400_000;

const size = process.argv.includes('--small') ? SMALL : FULL;
const { users: USERS, games: GAMES } = size;
const SEEDED_MARK = seededMark(size);
/** 5 % of the users signed up and never played. */
const PLAYING = Math.floor(USERS * 0.95);
const target = benchDatabase(process.env, size);
const reseed = process.argv.includes('--reseed');

if (!(await databaseExists(target))) {
  await withClient(target.adminUrl, (client) => client.query(`create database "${target.name}"`));
  console.log(`created database ${target.name}`);
}
// The server's own migrations, exactly as it applies them at start.
await (await openDatabase({ databaseUrl: target.url })).close();

await withClient(target.url, async (client) => {
  if (!reseed && (await isSeeded(client, size))) {
    console.log(`${target.name} is already seeded (${SEEDED_MARK}); --reseed to seed again`);
    return;
  }
  const started = performance.now();
  await client.query(`comment on database "${target.name}" is null`);
  await client.query('truncate users, games cascade');
  // Faster bulk writes for a throwaway database: no fsync wait, no foreign-key triggers (the
  // rows are consistent by construction). The latter needs a superuser; without one it is slower.
  await client.query('set synchronous_commit = off');
  await client.query("set maintenance_work_mem = '512MB'");
  await client.query("set work_mem = '256MB'");
  await client.query('set session_replication_role = replica').catch(() => console.log('(not a superuser: foreign keys checked row by row)'));

  await step('users', () => insertUsers(client));
  await client.query(NUMBER_PLAYERS);
  await step('games', () => withoutIndexes(client, 'games', () => client.query(insertGames(GAMES, PLAYING, size.days))));
  await step('user_stats', () => client.query(COLLECT_SIDES + INSERT_STATS));
  await step('levels, referrals', () => client.query(FINISH_USERS));
  // The counters of migration 0012 are kept by triggers, which a replica session does not fire.
  await step('counters', () => client.query('select recount_counters()'));
  await step('vacuum analyze', () => client.query('vacuum analyze users, user_stats, games, wallet_game_counts, leaderboard_totals'));
  await client.query(`comment on database "${target.name}" is '${SEEDED_MARK}'`);
  const summary = await client.query<{ users: string; games: string; day: string; size: string }>(`
    select (select count(*) from users) as users, (select count(*) from games) as games,
      (select count(*) from games where game_over and ended_at >= now() - interval '24 hours') as day,
      pg_size_pretty(pg_database_size(current_database())) as size`);
  const s = summary.rows[0];
  console.log(`seeded ${s?.users} users, ${s?.games} games (${s?.day} ended in the last 24 h) in ${seconds(started)}; database ${s?.size}`);
});

async function step(name: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  console.log(`  ${name.padEnd(18)} ${seconds(started)}`);
}

/**
 * Bulk loads are faster when the plain indexes are built once afterwards. One transaction, so a
 * seed stopped half-way leaves the migrations' indexes in place (DROP INDEX is transactional).
 */
async function withoutIndexes(client: pg.Client, table: string, work: () => Promise<unknown>): Promise<void> {
  await client.query('begin');
  try {
    const plain = await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes i
       where schemaname = 'public' and tablename = $1 and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [table],
    );
    for (const index of plain.rows) await client.query(`drop index "${index.name}"`);
    await work();
    for (const index of plain.rows) await client.query(index.definition);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Random valid wallets, unique usernames and referral codes, joined 366–400 days ago. */
async function insertUsers(client: pg.Client): Promise<void> {
  for (let first = 0; first < USERS; first += BATCH) {
    const count = Math.min(BATCH, USERS - first);
    const columns = { wallets: [] as string[], names: [] as string[], displayNames: [] as (string | null)[], codes: [] as string[], characters: [] as number[], joined: [] as string[] };
    for (let i = first; i < first + count; i += 1) {
      columns.wallets.push(encodeBase58(randomBytes(32)));
      columns.names.push(`fighter_${i}`);
      columns.displayNames.push(i % 5 === 0 ? `Fighter ${i}` : null);
      columns.codes.push(referralCode(i));
      columns.characters.push(1 + (i % 9));
      columns.joined.push(new Date(Date.now() - (366 + Math.random() * 34) * DAY_MS).toISOString());
    }
    await client.query(
      `insert into users (wallet_address, username, display_name, referral_code, character_id, created_at, last_active_at, wallet_type, source)
       select w, n, d, c, ch, j, j, 'Phantom', 'bench'
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[]) as t(w, n, d, c, ch, j)`,
      Object.values(columns),
    );
  }
}

/** A distinct code per user: the index scrambled by an odd multiplier (a bijection mod 32^8), in base 32. */
function referralCode(index: number): string {
  let value = (BigInt(index) * 0x9e3779b1n + 0x5bd1e995n) % 32n ** 8n;
  let code = '';
  for (let digit = 0; digit < 8; digit += 1) {
    code += REFERRAL_CODE_ALPHABET[Number(value % 32n)];
    value /= 32n;
  }
  return code;
}
