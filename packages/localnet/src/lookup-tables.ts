// A v0 transaction may name accounts through address lookup tables. The history needs the full
// key list (pre/post balances, getSignaturesForAddress), so the tables are read from the runtime
// here: the table account's data is a 56-byte header followed by 32-byte addresses.
import type { LiteSVM } from 'litesvm';
import { getAddressDecoder } from '@solana/kit';
import type { TransactionErrorJson } from './transaction-errors';
import { addressTableLookups, isStaticWritable, type DecodedMessage } from './wire-transaction';

const LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
const LOOKUP_TABLE_META_SIZE = 56;
const addressDecoder = getAddressDecoder();

export interface ResolvedKeys {
  /** Static keys, then loaded writable keys, then loaded read-only keys. */
  all: string[];
  writable: boolean[];
  loaded: { writable: string[]; readonly: string[] };
}

export function resolveAccountKeys(runtime: LiteSVM, message: DecodedMessage): ResolvedKeys | { err: TransactionErrorJson } {
  const loaded = { writable: [] as string[], readonly: [] as string[] };
  for (const lookup of addressTableLookups(message)) {
    const table = runtime.getAccount(lookup.lookupTableAddress);
    if (!table.exists) return { err: 'AddressLookupTableNotFound' };
    if (table.programAddress !== LOOKUP_TABLE_PROGRAM) return { err: 'InvalidAddressLookupTableOwner' };
    const data = table.data as Uint8Array;
    if (data.length < LOOKUP_TABLE_META_SIZE || (data.length - LOOKUP_TABLE_META_SIZE) % 32 !== 0) return { err: 'InvalidAddressLookupTableData' };
    const addressAt = (index: number): string | null => {
      const start = LOOKUP_TABLE_META_SIZE + index * 32;
      return start + 32 <= data.length ? addressDecoder.decode(data, start) : null;
    };
    for (const [indexes, target] of [[lookup.writableIndexes, loaded.writable], [lookup.readonlyIndexes, loaded.readonly]] as const) {
      for (const index of indexes) {
        const address = addressAt(index);
        if (address === null) return { err: 'InvalidAddressLookupTableIndex' };
        target.push(address);
      }
    }
  }
  const staticWritable = message.staticAccounts.map((_, i) => isStaticWritable(message, i));
  return {
    all: [...message.staticAccounts, ...loaded.writable, ...loaded.readonly],
    writable: [...staticWritable, ...loaded.writable.map(() => true), ...loaded.readonly.map(() => false)],
    loaded,
  };
}
