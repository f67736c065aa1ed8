import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE, resolveJwtSecret } from './jwt-secret';

describe('resolveJwtSecret', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = join(await mkdtemp(join(tmpdir(), 'dd-jwt-')), 'data');
  });
  afterEach(() => rm(join(dataDir, '..'), { recursive: true, force: true }));

  it('uses JWT_SECRET when it is configured and writes nothing', async () => {
    expect(await resolveJwtSecret({ jwtSecret: 'configured'.repeat(4), dataDir })).toBe('configured'.repeat(4));
    await expect(stat(dataDir)).rejects.toThrow();
  });

  it('generates a secret once, keeps it private in DATA_DIR and returns it on every later start', async () => {
    const first = await resolveJwtSecret({ jwtSecret: null, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(join(dataDir, JWT_SECRET_FILE), 'utf8')).trim()).toBe(first);
    expect((await stat(join(dataDir, JWT_SECRET_FILE))).mode & 0o777).toBe(0o600);
    expect(await resolveJwtSecret({ jwtSecret: null, dataDir })).toBe(first);
  });

  it('agrees with itself when two starts race', async () => {
    const secrets = await Promise.all([1, 2, 3].map(() => resolveJwtSecret({ jwtSecret: null, dataDir })));
    expect(new Set(secrets).size).toBe(1);
  });

  it('refuses a kept secret that is too short instead of silently replacing it', async () => {
    await resolveJwtSecret({ jwtSecret: null, dataDir });
    await writeFile(join(dataDir, JWT_SECRET_FILE), 'short\n');
    await expect(resolveJwtSecret({ jwtSecret: null, dataDir })).rejects.toThrow(/no usable secret/);
  });
});
