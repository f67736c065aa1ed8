import { createPublicKey, verify } from 'node:crypto';
import { getBase58Encoder } from '@solana/kit';

const base58 = getBase58Encoder();

/**
 * True when `signature` is the wallet's ed25519 signature of `message`. A Solana address is the
 * base58 of the raw 32-byte public key; anything malformed is simply not a valid signature.
 */
export function isWalletSignature(walletAddress: string, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  let publicKey: Uint8Array;
  try {
    publicKey = new Uint8Array(base58.encode(walletAddress));
  } catch {
    return false;
  }
  if (publicKey.length !== 32) return false;
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' });
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}
