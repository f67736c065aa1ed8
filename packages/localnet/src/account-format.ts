// Accounts as Solana's RPC shows them (getAccountInfo, getMultipleAccounts, accountNotification).
// jsonParsed falls back to base64, which is what a validator does for an account it has no
// parser for; this chain parses no account types.
import type { Address } from '@solana/kit';
import { getBase58Decoder, getBase64Decoder } from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { invalidParams, invalidRequest } from './rpc-errors';
import { toCount, optionalChoice, type Config } from './validate';

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'jsonParsed';
const ENCODINGS = ['binary', 'base58', 'base64', 'jsonParsed', 'base64+zstd'] as const;

/** Every account on a current cluster is rent-exempt and reports rentEpoch = u64::MAX. */
const RENT_EXEMPT_EPOCH = 2n ** 64n - 1n;
const MAX_BASE58_BYTES = 128;

const base58 = getBase58Decoder();
const base64 = getBase64Decoder();

export interface AccountView {
  encoding: AccountEncoding;
  dataSlice: { offset: number; length: number } | null;
}

/** The encoding and dataSlice of a request's config, validated. */
export function accountView(config: Config, fallback: AccountEncoding): AccountView {
  const encoding = optionalChoice(config, 'encoding', ENCODINGS, fallback);
  if (encoding === 'base64+zstd') throw invalidParams('Invalid params: base64+zstd encoding is not supported by this localnet; use base64');
  const slice = config.dataSlice;
  if (slice === undefined || slice === null) return { encoding, dataSlice: null };
  if (typeof slice !== 'object' || Array.isArray(slice)) throw invalidParams('Invalid params: dataSlice must be { offset, length }');
  const { offset, length } = slice as Config;
  return { encoding, dataSlice: { offset: toCount(offset, 'dataSlice.offset'), length: toCount(length, 'dataSlice.length') } };
}

export interface AccountJson {
  lamports: bigint;
  owner: string;
  data: string | [string, string];
  executable: boolean;
  rentEpoch: bigint;
  space: number;
}

/** One account in the chosen encoding, or null when it does not exist. */
export function readAccount(runtime: LiteSVM, address: string, view: AccountView): AccountJson | null {
  const account = runtime.getAccount(address as Address);
  if (!account.exists) return null;
  return formatAccount({ lamports: BigInt(account.lamports), owner: account.programAddress, executable: account.executable, data: account.data as Uint8Array }, view);
}

export interface AccountState {
  lamports: bigint;
  owner: string;
  executable: boolean;
  data: Uint8Array;
}

export function formatAccount(account: AccountState, view: AccountView): AccountJson {
  let { data } = account;
  if (view.dataSlice) data = data.subarray(view.dataSlice.offset, view.dataSlice.offset + view.dataSlice.length);
  return {
    lamports: account.lamports,
    owner: account.owner,
    data: encodeData(data, view.encoding),
    executable: account.executable,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.data.length,
  };
}

function encodeData(data: Uint8Array, encoding: AccountEncoding): string | [string, string] {
  if ((encoding === 'binary' || encoding === 'base58') && data.length > MAX_BASE58_BYTES) {
    throw invalidRequest('Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
  }
  switch (encoding) {
    case 'binary':
      return base58.decode(data);
    case 'base58':
      return [base58.decode(data), 'base58'];
    default:
      return [base64.decode(data), 'base64'];
  }
}
