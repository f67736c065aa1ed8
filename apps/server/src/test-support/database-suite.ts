// A database test suite's lifetime in one call: a database nobody else sees, opened before the
// suite and closed after it.
//
//   let database: Database;
//   useDatabase(target, (opened) => (database = opened));
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../adapters/db/connect';
import type { TestDatabase } from './test-databases';

export function useDatabase(target: TestDatabase, opened: (database: Database) => void): void {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await target.open();
    opened(database);
  });
  afterAll(() => database?.close());
}
