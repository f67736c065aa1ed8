// programSubscribe's filters, as Agave takes them: at most four of { dataSize: n } and
// { memcmp: { offset, bytes, encoding: "base58" (default) | "base64" } }. An account is notified
// only when it passes all of them.
import { getBase58Encoder } from '@solana/kit';
import { invalidParams } from './rpc-errors';
import { toCount } from './validate';

export type AccountFilter = { dataSize: number } | { offset: number; bytes: Uint8Array };

const MAX_FILTERS = 4;
/** Agave's limits on memcmp bytes: 128 bytes, i.e. 175 base58 or 172 base64 characters. */
const MAX_BASE58_LENGTH = 175;
const MAX_BASE64_LENGTH = 172;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const base58 = getBase58Encoder();

export function parseFilters(value: unknown): AccountFilter[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidParams('Invalid params: filters must be an array');
  if (value.length > MAX_FILTERS) throw invalidParams(`Too many filters provided; max ${MAX_FILTERS}`);
  return value.map(parseFilter);
}

function parseFilter(value: unknown): AccountFilter {
  const filter = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if ('dataSize' in filter) return { dataSize: toCount(filter.dataSize, 'dataSize') };
  const memcmp = filter.memcmp as Record<string, unknown> | undefined;
  if (typeof memcmp !== 'object' || memcmp === null) throw invalidParams('Invalid params: a filter must be { dataSize } or { memcmp: { offset, bytes } }');
  const { bytes, encoding } = memcmp;
  const offset = toCount(memcmp.offset, 'memcmp.offset');
  if (typeof bytes !== 'string') throw invalidParams('Invalid params: memcmp.bytes must be a string');
  if (encoding === undefined || encoding === null || encoding === 'base58') {
    if (bytes.length > MAX_BASE58_LENGTH) throw invalidParams('Invalid param: DataTooLarge');
    try {
      return { offset, bytes: new Uint8Array(base58.encode(bytes)) };
    } catch {
      throw invalidParams('Invalid param: Base58DecodeError');
    }
  }
  if (encoding !== 'base64') throw invalidParams('Invalid params: memcmp.encoding must be base58 or base64');
  if (bytes.length > MAX_BASE64_LENGTH) throw invalidParams('Invalid param: DataTooLarge');
  if (!BASE64.test(bytes)) throw invalidParams('Invalid param: Base64DecodeError');
  return { offset, bytes: new Uint8Array(Buffer.from(bytes, 'base64')) };
}

export function matchesFilters(data: Uint8Array, filters: readonly AccountFilter[]): boolean {
  return filters.every((filter) => {
    if ('dataSize' in filter) return data.length === filter.dataSize;
    const { offset, bytes } = filter;
    if (offset + bytes.length > data.length) return false;
    return bytes.every((byte, i) => data[offset + i] === byte);
  });
}
