// A landed transaction as Solana's RPC shows it: getTransaction in each encoding, a transaction
// inside getBlock (full or accounts-only), getSignatureStatuses and getSignaturesForAddress entries.
import { getBase58Decoder, getBase58Encoder, getBase64Decoder } from '@solana/kit';
import { parseInstruction, utf8 } from './parse-instruction';
import type { InnerInstructionGroup, TransactionRecord } from './transaction-index';
import { accountIndices, addressTableLookups, instructionData, isSigner, isStaticWritable, type DecodedMessage } from './wire-transaction';

export const TRANSACTION_ENCODINGS = ['json', 'jsonParsed', 'base64', 'base58'] as const;
export type TransactionEncoding = (typeof TRANSACTION_ENCODINGS)[number];

const base58 = getBase58Decoder();
const base58Bytes = getBase58Encoder();
const base64 = getBase64Decoder();
const MEMO_PROGRAMS = new Set(['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']);

/** getTransaction's result. `version` appears only when the client sent maxSupportedTransactionVersion. */
export function formatTransaction(record: TransactionRecord, encoding: TransactionEncoding, withVersion: boolean): Record<string, unknown> {
  const parsed = encoding === 'jsonParsed';
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    transaction: formatBody(record, encoding),
    meta: formatMeta(record, parsed),
    version: withVersion ? record.message.version : undefined,
  };
}

/**
 * One entry of getBlock's `transactions`. "accounts" shows only the signatures and annotated keys,
 * and a meta without instructions, logs or loaded addresses, as Agave does.
 */
export function formatBlockTransaction(record: TransactionRecord, encoding: TransactionEncoding, details: 'full' | 'accounts', withVersion: boolean, showRewards: boolean): Record<string, unknown> {
  const version = withVersion ? record.message.version : undefined;
  if (details === 'full') return { transaction: formatBody(record, encoding), meta: formatMeta(record, encoding === 'jsonParsed', showRewards), version };
  return {
    transaction: { signatures: record.signatures, accountKeys: annotatedKeys(record) },
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      preTokenBalances: [],
      postTokenBalances: [],
      rewards: showRewards ? [] : undefined,
    },
    version,
  };
}

function formatBody(record: TransactionRecord, encoding: TransactionEncoding): unknown {
  if (encoding === 'base64') return [base64.decode(record.wire), 'base64'];
  if (encoding === 'base58') return [base58.decode(record.wire), 'base58'];
  const { message } = record;
  const lookups = lookupsJson(message);
  if (encoding === 'json') {
    const { header } = message;
    return {
      signatures: record.signatures,
      message: {
        header: { numRequiredSignatures: header.numSignerAccounts, numReadonlySignedAccounts: header.numReadonlySignerAccounts, numReadonlyUnsignedAccounts: header.numReadonlyNonSignerAccounts },
        accountKeys: message.staticAccounts,
        recentBlockhash: message.lifetimeToken,
        instructions: message.instructions.map((ix) => ({ programIdIndex: ix.programAddressIndex, accounts: accountIndices(ix), data: base58.decode(instructionData(ix)), stackHeight: null })),
        addressTableLookups: lookups,
      },
    };
  }
  return {
    signatures: record.signatures,
    message: {
      accountKeys: annotatedKeys(record),
      recentBlockhash: message.lifetimeToken,
      instructions: message.instructions.map((ix) => parseAt(record, ix.programAddressIndex, accountIndices(ix), instructionData(ix), null)),
      addressTableLookups: lookups,
    },
  };
}

/** A v0 message's lookups under the RPC's names; a legacy message has none to show. */
function lookupsJson(message: DecodedMessage): unknown[] | undefined {
  if (message.version !== 0) return undefined;
  return addressTableLookups(message).map((lookup) => ({ accountKey: lookup.lookupTableAddress, writableIndexes: lookup.writableIndexes, readonlyIndexes: lookup.readonlyIndexes }));
}

/** jsonParsed's account keys: every key, lookup-table ones included, with its role and source. */
function annotatedKeys(record: TransactionRecord): { pubkey: string; signer: boolean; writable: boolean; source: string }[] {
  const staticCount = record.message.staticAccounts.length;
  return record.accountKeys.map((pubkey, i) => ({
    pubkey,
    signer: isSigner(record.message, i),
    writable: writableAt(record, i),
    source: i < staticCount ? 'transaction' : 'lookupTable',
  }));
}

/** Loaded keys are listed writable first, right after the static keys. */
function writableAt(record: TransactionRecord, index: number): boolean {
  const staticCount = record.message.staticAccounts.length;
  if (index >= staticCount) return index < staticCount + record.loadedAddresses.writable.length;
  return isStaticWritable(record.message, index);
}

function parseAt(record: { accountKeys: string[] }, programIdIndex: number, accounts: readonly number[], data: Uint8Array, stackHeight: number | null) {
  const key = (index: number) => record.accountKeys[index] ?? '';
  return parseInstruction(key(programIdIndex), accounts.map(key), data, stackHeight);
}

/** Inner instructions in jsonParsed form, their program and accounts named by the key list. */
export function parsedInnerInstructions(accountKeys: string[], groups: InnerInstructionGroup[]): unknown[] {
  return groups.map((group) => ({
    index: group.index,
    instructions: group.instructions.map((ix) => parseAt({ accountKeys }, ix.programIdIndex, ix.accounts, new Uint8Array(base58Bytes.encode(ix.data)), ix.stackHeight)),
  }));
}

function formatMeta(record: TransactionRecord, parsed: boolean, showRewards = true): Record<string, unknown> {
  return {
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    innerInstructions: parsed ? parsedInnerInstructions(record.accountKeys, record.innerInstructions) : record.innerInstructions,
    logMessages: record.logs,
    preTokenBalances: [],
    postTokenBalances: [],
    rewards: showRewards ? [] : undefined,
    // jsonParsed shows loaded keys inside accountKeys (source: lookupTable) instead, as Agave does.
    loadedAddresses: parsed ? undefined : record.loadedAddresses,
    returnData: record.returnData ? { programId: record.returnData.programId, data: [record.returnData.data, 'base64'] } : undefined,
    computeUnitsConsumed: record.computeUnitsConsumed,
  };
}

/** One getSignatureStatuses entry: everything that landed here is final (no forks). */
export function formatStatus(record: TransactionRecord): Record<string, unknown> {
  return {
    slot: record.slot,
    confirmations: null,
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    confirmationStatus: 'finalized',
  };
}

/** One getSignaturesForAddress entry. */
export function formatSignatureInfo(record: TransactionRecord): Record<string, unknown> {
  return {
    signature: record.signature,
    slot: record.slot,
    err: record.err,
    memo: memoOf(record),
    blockTime: record.blockTime,
    confirmationStatus: 'finalized',
  };
}

/** Agave's memo field: each memo instruction's text as "[length] text", joined by "; ". */
function memoOf(record: TransactionRecord): string | null {
  const memos: string[] = [];
  for (const ix of record.message.instructions) {
    if (!MEMO_PROGRAMS.has(record.accountKeys[ix.programAddressIndex] ?? '')) continue;
    const data = instructionData(ix);
    const text = utf8(data);
    if (text !== null) memos.push(`[${data.length}] ${text}`);
  }
  return memos.length > 0 ? memos.join('; ') : null;
}
