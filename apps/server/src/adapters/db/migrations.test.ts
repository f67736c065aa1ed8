// The committed migrations must describe the schema exactly: a schema change without
// `npm run db:generate -w @duel-dojo/server` fails here instead of in production.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, openDatabase, pgliteSnapshot } from './connect';
import { users } from './schema';

const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const DRIZZLE_KIT = join(SERVER_DIR, '..', '..', 'node_modules', 'drizzle-kit', 'bin.cjs');

describe('migrations', () => {
  it('are up to date with the schema', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'dd-migrations-'));
    try {
      await cp(MIGRATIONS_FOLDER, scratch, { recursive: true });
      const before = await readdir(scratch);
      // drizzle-kit takes paths relative to its working directory.
      const result = spawnSync(
        process.execPath,
        [DRIZZLE_KIT, 'generate', '--dialect', 'postgresql', '--schema', './src/adapters/db/schema.ts', '--out', relative(SERVER_DIR, scratch)],
        { cwd: SERVER_DIR, encoding: 'utf8' },
      );
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain('No schema changes');
      expect(await readdir(scratch)).toEqual(before);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('give a snapshot that opens as a migrated, empty database of its own each time', async () => {
    const snapshot = await pgliteSnapshot();
    const [one, two] = [await openDatabase({ pgliteSnapshot: snapshot }), await openDatabase({ pgliteSnapshot: snapshot })];
    try {
      await one.db.insert(users).values({ walletAddress: '11111111111111111111111111111111', username: 'snapshot', referralCode: 'SNAP1' });
      expect(await one.db.select({ id: users.id }).from(users)).toHaveLength(1);
      expect(await two.db.select({ id: users.id }).from(users)).toEqual([]);
      const applied = await two.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((applied.rows[0] as { n: number }).n).toBe((await readdir(MIGRATIONS_FOLDER)).filter((name) => name.endsWith('.sql')).length);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
