// The databases every database suite runs on: in-memory PGlite always, and PostgreSQL too when
// TEST_DATABASE_URL is set. Each `open()` gives a database nobody else sees: a new PGlite, or a
// new `dd_test_<random>` database on the PostgreSQL server, dropped again by `close()`.
//
//   describe.each(testDatabases())('on $kind', (target) => {
//     let database: Database;
//     beforeAll(async () => { database = await target.open(); });
//     afterAll(() => database.close());
//   });
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, type DatabaseKind, openDatabase } from '../adapters/db/connect';

export interface TestDatabase {
  readonly kind: DatabaseKind;
  /** A fresh, migrated, empty database; its close() also removes it. */
  open(): Promise<Database>;
}

export function testDatabases(env: Readonly<Record<string, string | undefined>> = process.env): TestDatabase[] {
  const targets: TestDatabase[] = [{ kind: 'pglite', open: () => openDatabase({}) }];
  const url = env.TEST_DATABASE_URL?.trim();
  if (url) targets.push({ kind: 'postgres', open: () => openFreshPostgres(url) });
  return targets;
}

async function openFreshPostgres(serverUrl: string): Promise<Database> {
  const name = `dd_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url.toString() });
  } catch (error) {
    await admin(serverUrl, `drop database if exists "${name}" with (force)`);
    throw error;
  }
  return {
    ...database,
    async close() {
      await database.close();
      await admin(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
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
