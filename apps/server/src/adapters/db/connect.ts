// Opens the database the configuration names: PostgreSQL through a `pg` pool when DATABASE_URL
// is set, otherwise PGlite (PostgreSQL compiled to WebAssembly, in-process) under DATA_DIR/db.
// Both speak the same dialect, so one schema, one set of migrations and one set of
// repositories serve both; migrations are applied before anything else touches the tables.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { createLogger } from '../../logger';

/**
 * What `db.execute(sql…)` returns on both drivers: pg's QueryResult and PGlite's Results both
 * carry `rows`. Narrower than drizzle's PgQueryResultHKT (`unknown`), so raw queries stay typed.
 */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}
export interface QueryRows<Row> {
  rows: Row[];
}

/** The drizzle database both drivers provide: what repositories take. */
export type Db = PgDatabase<RowsResultHKT, typeof schema>;
/** A transaction inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  readonly db: Db;
  readonly kind: DatabaseKind;
  /**
   * Runs `task` while no other process sharing this database runs a task of the same `lock`
   * (a PostgreSQL advisory lock; PGlite has one process, which runs it at once).
   */
  exclusive<T>(lock: DatabaseLock, task: () => Promise<T>): Promise<T>;
  /** Closes the pool or PGlite; the handle is unusable afterwards. */
  close(): Promise<void>;
}

/** The work that one process at a time may do, when several server nodes start at once. */
export const DATABASE_LOCKS = { migrations: 7_171_001, treasuryFunding: 7_171_002 } as const;
export type DatabaseLock = keyof typeof DATABASE_LOCKS;

export interface DatabaseOptions {
  /** PostgreSQL URL; null or absent selects PGlite. */
  readonly databaseUrl?: string | null;
  /** PGlite's files go in `${dataDir}/db`; absent or 'memory://' keeps them in memory (tests). */
  readonly dataDir?: string;
  /** Errors of idle pooled connections (a restarted server…): reported, never a crash. */
  readonly onPoolError?: (error: Error) => void;
  /**
   * An in-memory PGlite starts from this data directory (pgliteSnapshot()) instead of a new
   * cluster: initdb takes seconds, loading a snapshot a fraction of that (tests open many).
   */
  readonly pgliteSnapshot?: Blob;
  /** PostgreSQL pool connections (DATABASE_POOL_SIZE); PGlite ignores it. */
  readonly poolSize?: number;
}

/**
 * Every game's writes behind its events and every API read share the pool; pg's own default (10)
 * made queries wait for a connection at 2,000 duels (bench/README.md). config.ts has the same default.
 */
export const DEFAULT_POOL_SIZE = 20;

export const MEMORY_DATA_DIR = 'memory://';
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));
// Any fixed number: every node of one deployment agrees on it.
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_POOL_SIZE, options.onPoolError) : openPglite(options.dataDir, options.pgliteSnapshot);
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  const inMemory = dataDir === undefined || dataDir === MEMORY_DATA_DIR;
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const client = inMemory ? new PGlite(snapshot ? { loadDataDir: snapshot } : {}) : new PGlite(join(dataDir, 'db'));
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, kind: 'pglite', exclusive: (_lock, task) => task(), close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/** A migrated, empty in-memory database as a data-directory tarball, for openDatabase's pgliteSnapshot. */
export async function pgliteSnapshot(): Promise<Blob> {
  const client = new PGlite();
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPostgres(url: string, poolSize: number, onPoolError: DatabaseOptions['onPoolError']): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', (error) => (onPoolError ?? defaultPoolError)(error));
  try {
    await underLock(pool, 'migrations', (client) => migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }));
    return { db: drizzlePg({ client: pool, schema }), kind: 'postgres', exclusive: (lock, task) => underLock(pool, lock, () => task()), close: () => pool.end() };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

/** Several server nodes may start at once: a session advisory lock, held on one pooled connection. */
async function underLock<T>(pool: pg.Pool, lock: DatabaseLock, task: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [DATABASE_LOCKS[lock]]);
    try {
      return await task(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [DATABASE_LOCKS[lock]]);
    }
  } finally {
    client.release();
  }
}

const poolLog = createLogger('error').child({ module: 'database' });

function defaultPoolError(error: Error): void {
  poolLog.error({ err: error }, 'database pool error');
}
