// The committed migrations must describe the schema exactly: a schema change without
// `npm run db:generate -w @duel-dojo/server` fails here instead of in production.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './connect';

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
});
