// Every value taken from a request is checked here before it goes anywhere near LiteSVM: the
// native code expects well-formed 32-byte keys and 64-byte signatures, and a malformed one can
// abort the whole process instead of failing one request. A bad value is -32602 Invalid params.
import { getBase58Encoder } from '@solana/kit';
import { invalidParams, minContextSlotNotReached } from './rpc-errors';

const base58 = getBase58Encoder();
const BASE58_ALPHABET = /^[1-9A-HJ-NP-Za-km-z]+$/;
const U64_MAX = 2n ** 64n - 1n;

export type Config = Record<string, unknown>;

/** Base58 text that decodes to exactly `length` bytes, or null. */
export function decodeBase58Exact(value: unknown, length: number): Uint8Array | null {
  // Base58 needs at most ~1.37 characters per byte: longer text cannot be a key, so it is
  // refused before decoding (no big-number work on a hostile megabyte string).
  if (typeof value !== 'string' || value.length === 0 || value.length > Math.ceil(length * 1.37) + 1) return null;
  if (!BASE58_ALPHABET.test(value)) return null;
  try {
    const bytes = base58.encode(value);
    return bytes.length === length ? new Uint8Array(bytes) : null;
  } catch {
    return null;
  }
}

export function isAddressText(value: unknown): value is string {
  return decodeBase58Exact(value, 32) !== null;
}

export function requireAddress(value: unknown): string {
  if (!isAddressText(value)) throw invalidParams('Invalid param: Invalid public key (expected 32 bytes in base58)');
  return value;
}

export function requireSignature(value: unknown): string {
  if (decodeBase58Exact(value, 64) === null) {
    throw invalidParams('Invalid param: Invalid signature (expected 64 bytes in base58)');
  }
  return value as string;
}

export function requireBlockhash(value: unknown): string {
  if (!isAddressText(value)) throw invalidParams('Invalid param: Invalid hash (expected 32 bytes in base58)');
  return value;
}

/** The positional params array (Solana's methods take no named params). */
export function paramsArray(params: unknown, maxLength: number): unknown[] {
  if (params === undefined || params === null) return [];
  if (!Array.isArray(params)) throw invalidParams('Invalid params: expected an array of positional parameters');
  if (params.length > maxLength) throw invalidParams(`Invalid params: expected at most ${maxLength} parameters`);
  return params;
}

export function configAt(params: unknown[], index: number): Config {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('Invalid params: expected a configuration object');
  const config = value as Config;
  const { commitment } = config;
  if (commitment !== undefined && commitment !== null && !['processed', 'confirmed', 'finalized'].includes(commitment as string)) {
    throw invalidParams('Invalid params: commitment must be processed, confirmed or finalized');
  }
  return config;
}

/** History methods (getTransaction, getBlock, ...) refuse "processed", as on a validator. */
export function requireConfirmedCommitment(config: Config): void {
  if (config.commitment === 'processed') throw invalidParams('Method does not support commitment below `confirmed`');
}

/** maxSupportedTransactionVersion, when sent (it may be only 0 here: there is no later version). */
export function maxSupportedVersion(config: Config): number | null {
  const value = config.maxSupportedTransactionVersion;
  return value === undefined || value === null ? null : toCount(value, 'maxSupportedTransactionVersion', 255);
}

/** minContextSlot: the node must have reached this slot, as on a real validator. */
export function checkMinContextSlot(config: Config, currentSlot: number): void {
  const { minContextSlot } = config;
  if (minContextSlot === undefined || minContextSlot === null) return;
  if (toU64(minContextSlot, 'minContextSlot') > BigInt(currentSlot)) throw minContextSlotNotReached(currentSlot);
}

export function toU64(value: unknown, name: string): bigint {
  if (typeof value === 'bigint' && value >= 0n && value <= U64_MAX) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw invalidParams(`Invalid params: ${name} must be an unsigned 64-bit integer`);
}

/** A small non-negative integer (lengths, limits, slots): refuses what cannot fit a JS number. */
export function toCount(value: unknown, name: string, max = Number.MAX_SAFE_INTEGER): number {
  const big = toU64(value, name);
  if (big > BigInt(max)) throw invalidParams(`Invalid params: ${name} must be at most ${max}`);
  return Number(big);
}

export function optionalBoolean(config: Config, key: string, fallback: boolean): boolean {
  const value = config[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw invalidParams(`Invalid params: ${key} must be a boolean`);
  return value;
}

export function optionalChoice<T extends string>(config: Config, key: string, allowed: readonly T[], fallback: T): T {
  const value = config[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalidParams(`Invalid params: ${key} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}
