// Where the API benchmark's data lives: BENCH_DATABASE_URL, or a database `dd_bench` of its own on
// the local PostgreSQL server; and the small one beside it (BENCH_SMALL_DATABASE_URL, or
// `dd_bench_small`), which holds 100 times fewer games, for costs that must not grow with them.
// Seeding truncates and dropping removes them, so only a database whose name contains "bench" is
// ever touched.
import pg from 'pg';

export const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/dd_bench';
export const DEFAULT_SMALL_URL = 'postgres://postgres@127.0.0.1:5432/dd_bench_small';

export interface BenchSize {
  readonly users: number;
  readonly games: number;
  /** The games are spread over this many days up to now. */
  readonly days: number;
}

export const FULL: BenchSize = { users: 100_000, games: 1_000_000, days: 365 };
/** The same users and the same games per day (so the same last 24 h), over 100 times fewer days. */
export const SMALL: BenchSize = { users: 100_000, games: 10_000, days: 3.65 };

/** Written as the database's comment once seeding finished; its absence means "not seeded". */
export function seededMark(size: BenchSize): string {
  return `duel-dojo bench: ${size.users} users, ${size.games} games over ${size.days} days`;
}

export interface BenchDatabase {
  readonly url: string;
  readonly name: string;
  /** The same server's `postgres` database, for CREATE/DROP DATABASE. */
  readonly adminUrl: string;
}

export function benchDatabase(env: Readonly<Record<string, string | undefined>> = process.env, size: BenchSize = FULL): BenchDatabase {
  const url = size === FULL ? env.BENCH_DATABASE_URL?.trim() || DEFAULT_URL : env.BENCH_SMALL_DATABASE_URL?.trim() || DEFAULT_SMALL_URL;
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  if (!/^[A-Za-z0-9_]*bench[A-Za-z0-9_]*$/.test(name)) {
    throw new Error(`BENCH_DATABASE_URL must name a database whose name contains "bench" (got "${name}"): the benchmark truncates and drops it`);
  }
  parsed.pathname = '/postgres';
  return { url, name, adminUrl: parsed.toString() };
}

/** One connection, closed after `work`. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(target: BenchDatabase): Promise<boolean> {
  return withClient(target.adminUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [target.name]);
    return found.rowCount === 1;
  });
}

/** Whether a previous seed of `size` ran to the end (seed.ts writes the mark last). */
export async function isSeeded(client: pg.Client, size: BenchSize = FULL): Promise<boolean> {
  const mark = await client.query<{ comment: string | null }>('select shobj_description(oid, $1) as comment from pg_database where datname = current_database()', [
    'pg_database',
  ]);
  return mark.rows[0]?.comment === seededMark(size);
}

export function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
