// The dev wallet's key: an Ed25519 key pair made with WebCrypto and kept in localStorage as 64
// bytes (seed then public key), the Solana CLI's keypair format, so a developer can import it
// with `solana-keygen` or paste one in. Local cluster only: this key is not protected.
import { createKeyPairFromBytes, getAddressFromPublicKey } from '@solana/kit';
import { STORAGE_KEYS, readItem, writeItem } from '../../storage/local-store';

export interface DevKeyPair {
  readonly keyPair: CryptoKeyPair;
  readonly address: string;
  readonly publicKey: Uint8Array;
}

function parseStored(text: string | null): Uint8Array | null {
  if (!text) return null;
  try {
    const values: unknown = JSON.parse(text);
    if (!Array.isArray(values) || values.length !== 64) return null;
    if (!values.every((value) => Number.isInteger(value) && value >= 0 && value <= 255)) return null;
    return Uint8Array.from(values as number[]);
  } catch {
    return null;
  }
}

async function generateBytes(): Promise<Uint8Array> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  // An Ed25519 PKCS#8 document ends with the 32-byte seed.
  const bytes = new Uint8Array(64);
  bytes.set(pkcs8.slice(-32), 0);
  bytes.set(publicKey, 32);
  return bytes;
}

/** The stored key pair, or a new one stored for the next visit. */
export async function loadOrCreateDevKeyPair(): Promise<DevKeyPair> {
  let bytes = parseStored(readItem(STORAGE_KEYS.devWalletKeypair));
  if (!bytes) {
    bytes = await generateBytes();
    writeItem(STORAGE_KEYS.devWalletKeypair, JSON.stringify(Array.from(bytes)));
  }
  const keyPair = await createKeyPairFromBytes(bytes);
  return { keyPair, address: await getAddressFromPublicKey(keyPair.publicKey), publicKey: bytes.slice(32) };
}
