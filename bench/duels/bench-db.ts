// The game server's database for the duels benchmarks (run.ts, cluster-run.ts): a fresh
// PostgreSQL database whose name must contain "bench" (it is dropped and created again, so a
// typo can never wipe real data), and the PostgreSQL backends serving it, whose CPU is the
// database's share of a run.
import pg from 'pg';

export interface BenchDb {
  /** Null: PGlite in memory (one process only). */
  readonly url: string | null;
  readonly name: string | null;
  readonly adminUrl: string | null;
}

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432';

export async function admin(url: string, statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/**
 * Drops and creates the database of BENCH_DUELS_DATABASE_URL (default `defaultName` on the local
 * server). Without `required`, an unreachable PostgreSQL falls back to PGlite (unless
 * BENCH_DB=postgres); several nodes need PostgreSQL, so cluster-run.ts requires it.
 */
export async function prepareDatabase(defaultName: string, required = false): Promise<BenchDb> {
  if (process.env.BENCH_DB === 'pglite' && !required) return { url: null, name: null, adminUrl: null };
  const url = process.env.BENCH_DUELS_DATABASE_URL?.trim() || `${DEFAULT_SERVER}/${defaultName}`;
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  if (!/^[A-Za-z0-9_]*bench[A-Za-z0-9_]*$/.test(name)) throw new Error(`BENCH_DUELS_DATABASE_URL must name a database containing "bench" (got "${name}"): it is dropped`);
  parsed.pathname = '/postgres';
  const adminUrl = parsed.toString();
  try {
    await admin(adminUrl, `drop database if exists "${name}" with (force)`);
    await admin(adminUrl, `create database "${name}"`);
  } catch (error) {
    if (required || process.env.BENCH_DB === 'postgres') throw error;
    console.log(`PostgreSQL not reachable (${error instanceof Error ? error.message : String(error)}): the game server runs on PGlite in memory`);
    return { url: null, name: null, adminUrl: null };
  }
  return { url, name, adminUrl };
}

export async function dropDatabase(db: BenchDb): Promise<void> {
  if (db.adminUrl && db.name) await admin(db.adminUrl, `drop database if exists "${db.name}" with (force)`).catch(() => undefined);
}

/** The PostgreSQL backends serving the bench database (their CPU is the database's share). */
export async function backendPids(db: BenchDb): Promise<number[]> {
  if (!db.adminUrl) return [];
  const found = await admin(db.adminUrl, 'select pid from pg_stat_activity where datname = $1', [db.name]).catch(() => null);
  return found ? found.rows.map((row: { pid: number }) => row.pid) : [];
}
