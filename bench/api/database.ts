// Where the API benchmark's data lives: BENCH_DATABASE_URL, or a database `dd_bench` of its own on
// the local PostgreSQL server. Seeding truncates and dropping removes it, so only a database whose
// name contains "bench" is ever touched.
import pg from 'pg';

export const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/dd_bench';
export const USERS = 100_000;
export const GAMES = 1_000_000;
/** Written as the database's comment once seeding finished; its absence means "not seeded". */
export const SEEDED_MARK = `duel-dojo bench: ${USERS} users, ${GAMES} games`;

export interface BenchDatabase {
  readonly url: string;
  readonly name: string;
  /** The same server's `postgres` database, for CREATE/DROP DATABASE. */
  readonly adminUrl: string;
}

export function benchDatabase(env: Readonly<Record<string, string | undefined>> = process.env): BenchDatabase {
  const url = env.BENCH_DATABASE_URL?.trim() || DEFAULT_URL;
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

/** Whether a previous seed ran to the end (seed.ts writes the mark last). */
export async function isSeeded(client: pg.Client): Promise<boolean> {
  const mark = await client.query<{ comment: string | null }>('select shobj_description(oid, $1) as comment from pg_database where datname = current_database()', [
    'pg_database',
  ]);
  return mark.rows[0]?.comment === SEEDED_MARK;
}

export function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
