// The databases every database suite runs on: in-memory PGlite always, and PostgreSQL too when
// TEST_DATABASE_URL is set. Each `open()` gives a database nobody else sees: a new PGlite, or a
// new `dd_test_<random>` database on the PostgreSQL server, dropped again by `close()`.
//
//   describe.each(testDatabases())('on $kind', (target) => {
//     let database: Database;
//     beforeAll(async () => { database = await target.open(); });
//     afterAll(() => database.close());
//   });
import { createHash, randomBytes } from 'node:crypto';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, type DatabaseKind, MIGRATIONS_FOLDER, openDatabase, pgliteSnapshot } from '../adapters/db/connect';

export interface TestDatabase {
  readonly kind: DatabaseKind;
  /** A fresh, migrated, empty database; its close() also removes it. */
  open(): Promise<Database>;
}

export function testDatabases(env: Readonly<Record<string, string | undefined>> = process.env): TestDatabase[] {
  const targets: TestDatabase[] = [{ kind: 'pglite', open: async () => openDatabase({ pgliteSnapshot: await migratedSnapshot() }) }];
  const url = env.TEST_DATABASE_URL?.trim();
  if (url) targets.push({ kind: 'postgres', open: () => openFreshPostgres(url) });
  return targets;
}

/**
 * The migrated empty PGlite every test database starts from, made once per set of migrations and
 * shared by every test process through a file (written whole, then renamed into place).
 */
let snapshot: Promise<Blob> | null = null;
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const hash = createHash('sha256');
    for (const name of (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort()) {
      hash.update(name);
      if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(await readFile(join(MIGRATIONS_FOLDER, name)));
    }
    const file = join(tmpdir(), `duel-dojo-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
    const saved = await readFile(file).catch(() => null);
    if (saved) return new Blob([saved]);
    const made = await pgliteSnapshot();
    const partial = `${file}.${randomBytes(6).toString('hex')}`;
    await writeFile(partial, Buffer.from(await made.arrayBuffer()));
    await rename(partial, file);
    return made;
  })();
  return snapshot;
}

async function openFreshPostgres(serverUrl: string): Promise<Database> {
  const fresh = await createFreshPostgres(serverUrl);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: fresh.databaseUrl });
  } catch (error) {
    await fresh.drop();
    throw error;
  }
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

export interface FreshPostgres {
  /** The server's URL with the new database's name as its path. */
  readonly databaseUrl: string;
  /** Drops it even while connections to it are open (WITH (FORCE)). */
  drop(): Promise<void>;
}

/**
 * A new empty `dd_test_<random>` database on the PostgreSQL server at `serverUrl`, not migrated:
 * for whoever opens it by URL (a node process) rather than through `testDatabases()`.
 */
export async function createFreshPostgres(serverUrl: string): Promise<FreshPostgres> {
  const name = `dd_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `create database "${name}"`);
  return { databaseUrl: withPath(serverUrl, name), drop: () => admin(serverUrl, `drop database if exists "${name}" with (force)`) };
}

/** `serverUrl` naming another database on the same server (a PostgreSQL name, a Redis number). */
export function withPath(serverUrl: string, path: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${path}`;
  return url.toString();
}

/** CREATE/DROP DATABASE cannot run in a transaction or on the database itself: a connection of its own. */
async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
