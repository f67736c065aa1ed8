// On localnet JWT_SECRET may be left unset: a secret is generated on first start and kept in
// DATA_DIR/jwt-secret, so tokens survive a restart without any setup. Public clusters must set
// JWT_SECRET (config.ts refuses to start otherwise).
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Config, MIN_JWT_SECRET_LENGTH } from './config';

export const JWT_SECRET_FILE = 'jwt-secret';

/** JWT_SECRET when configured, else the one persisted in DATA_DIR (created on first call). */
export async function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const path = join(config.dataDir, JWT_SECRET_FILE);
  const existing = await readSecret(path);
  if (existing) return existing;

  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // Written whole under a private name, then linked into place: link() fails if the file
  // exists, so two starts racing agree on one secret and nobody reads a half-written file.
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${secret}\n`, { mode: 0o600 });
  try {
    await link(draft, path);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readSecret(path);
    if (!winner) throw new Error(`${path} holds no usable secret`, { cause: error });
    return winner;
  } finally {
    await rm(draft, { force: true });
  }
}

async function readSecret(path: string): Promise<string | null> {
  try {
    const text = (await readFile(path, 'utf8')).trim();
    return text.length >= MIN_JWT_SECRET_LENGTH ? text : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
