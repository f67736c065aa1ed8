// The treasury's key pair: a solana-keygen file (a JSON array of 64 bytes: the 32-byte secret
// seed, then the public key) named by TREASURY_KEYPAIR. On the local cluster without one, a key
// is generated once into DATA_DIR/treasury.json, readable by its owner only (mode 600).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type KeyPairSigner, createKeyPairSignerFromBytes, createKeyPairSignerFromPrivateKeyBytes, generateKeyPairSigner, getAddressEncoder } from '@solana/kit';

export class TreasuryKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TreasuryKeyError';
  }
}

export async function readKeypairFile(path: string): Promise<KeyPairSigner> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new TreasuryKeyError(`TREASURY_KEYPAIR cannot be read: ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let bytes: unknown;
  try {
    bytes = JSON.parse(text);
  } catch {
    bytes = null;
  }
  if (!Array.isArray(bytes) || bytes.length !== 64 || !bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) {
    throw new TreasuryKeyError(`TREASURY_KEYPAIR must be a solana-keygen file (a JSON array of 64 bytes): ${path}`);
  }
  try {
    // Checks that the public half belongs to the secret half.
    return await createKeyPairSignerFromBytes(Uint8Array.from(bytes as number[]));
  } catch {
    throw new TreasuryKeyError(`TREASURY_KEYPAIR holds a public key that does not match its secret key: ${path}`);
  }
}

/** Writes a new key file in solana-keygen's format; refuses to overwrite an existing file. */
export async function writeNewKeypairFile(path: string): Promise<KeyPairSigner> {
  const seed = new Uint8Array(randomBytes(32));
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
  const bytes = [...seed, ...getAddressEncoder().encode(signer.address)];
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(bytes), { mode: 0o600, flag: 'wx' });
  return signer;
}

export const LOCAL_TREASURY_FILE = 'treasury.json';

/**
 * The configured key, or on the local cluster the one kept in DATA_DIR (made on first start).
 * Public clusters require TREASURY_KEYPAIR: a generated key there would hold real money.
 */
export async function loadTreasury(config: { treasuryKeypair: string | null; cluster: string; dataDir: string }): Promise<KeyPairSigner> {
  if (config.treasuryKeypair) return readKeypairFile(config.treasuryKeypair);
  if (config.cluster !== 'localnet') throw new TreasuryKeyError(`TREASURY_KEYPAIR is required on ${config.cluster}`);
  // In-memory data (tests): a key for this process only.
  if (config.dataDir === 'memory://') return generateKeyPairSigner();
  const path = join(config.dataDir, LOCAL_TREASURY_FILE);
  try {
    return await writeNewKeypairFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeypairFile(path);
  }
}
