// The Solana wire format (legacy and v0 transactions), decoded and sanitized in TypeScript. We
// read every field ourselves rather than hand unchecked bytes to LiteSVM: the RPC must answer a
// malformed transaction with -32602 like a validator, and the history needs the account keys,
// header and instructions to build getTransaction answers.
import { getBase58Decoder } from '@solana/kit';

const base58 = getBase58Decoder();

/** The largest transaction a validator accepts (one UDP packet's payload). */
export const PACKET_DATA_SIZE = 1232;

export interface CompiledInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
}

export interface AddressTableLookup {
  accountKey: string;
  writableIndexes: number[];
  readonlyIndexes: number[];
}

export interface MessageHeader {
  numRequiredSignatures: number;
  numReadonlySignedAccounts: number;
  numReadonlyUnsignedAccounts: number;
}

export interface DecodedMessage {
  version: 'legacy' | 0;
  header: MessageHeader;
  staticKeys: string[];
  recentBlockhash: string;
  instructions: CompiledInstruction[];
  addressTableLookups: AddressTableLookup[];
}

export interface DecodedTransaction {
  signatures: string[];
  message: DecodedMessage;
}

/** The bytes could not be read as a transaction at all ("failed to deserialize"). */
export class DeserializeError extends Error {}
/** The bytes are a transaction whose structure is inconsistent (Agave's sanitize step). */
export class SanitizeError extends Error {}

class Reader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  byte(): number {
    const value = this.bytes[this.offset];
    if (value === undefined) throw new DeserializeError('io error: failed to fill whole buffer');
    this.offset++;
    return value;
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw new DeserializeError('io error: failed to fill whole buffer');
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }

  /** Solana's compact-u16 ("short vec") length prefix: up to three bytes, seven bits each. */
  shortVec(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const b = this.byte();
      value |= (b & 0x7f) << shift;
      if ((b & 0x80) === 0) {
        if (value > 0xffff) break;
        return value;
      }
    }
    throw new DeserializeError('invalid compact-u16 length');
  }

  key(): string {
    return base58.decode(this.take(32));
  }

  byteList(): number[] {
    return Array.from(this.take(this.shortVec()));
  }
}

export function decodeTransaction(bytes: Uint8Array): DecodedTransaction {
  const reader = new Reader(bytes);
  const signatureCount = reader.shortVec();
  const signatures: string[] = [];
  for (let i = 0; i < signatureCount; i++) signatures.push(base58.decode(reader.take(64)));
  const message = readMessage(reader);
  sanitize(message);
  if (signatures.length !== message.header.numRequiredSignatures) {
    throw new SanitizeError('Transaction failed to sanitize accounts offsets correctly');
  }
  return { signatures, message };
}

/** A bare message (getFeeForMessage), decoded and sanitized. */
export function decodeMessage(bytes: Uint8Array): DecodedMessage {
  const message = readMessage(new Reader(bytes));
  sanitize(message);
  return message;
}

/** Where the message starts inside a wire transaction (after the signatures). */
export function messageOffset(bytes: Uint8Array): number {
  const reader = new Reader(bytes);
  reader.take(reader.shortVec() * 64);
  return reader.offset;
}

function readMessage(reader: Reader): DecodedMessage {
  const first = reader.byte();
  let version: 'legacy' | 0 = 'legacy';
  let numRequiredSignatures = first;
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw new DeserializeError(`unsupported transaction version ${first & 0x7f}`);
    version = 0;
    numRequiredSignatures = reader.byte();
  }
  const header = {
    numRequiredSignatures,
    numReadonlySignedAccounts: reader.byte(),
    numReadonlyUnsignedAccounts: reader.byte(),
  };
  const keyCount = reader.shortVec();
  const staticKeys: string[] = [];
  for (let i = 0; i < keyCount; i++) staticKeys.push(reader.key());
  const recentBlockhash = reader.key();
  const instructionCount = reader.shortVec();
  const instructions: CompiledInstruction[] = [];
  for (let i = 0; i < instructionCount; i++) {
    const programIdIndex = reader.byte();
    const accounts = reader.byteList();
    const data = new Uint8Array(reader.take(reader.shortVec()));
    instructions.push({ programIdIndex, accounts, data });
  }
  const addressTableLookups: AddressTableLookup[] = [];
  if (version === 0) {
    const lookupCount = reader.shortVec();
    for (let i = 0; i < lookupCount; i++) {
      addressTableLookups.push({ accountKey: reader.key(), writableIndexes: reader.byteList(), readonlyIndexes: reader.byteList() });
    }
  }
  return { version, header, staticKeys, recentBlockhash, instructions, addressTableLookups };
}

/** Agave's structural checks: counts consistent, every index in range, no key listed twice. */
function sanitize(message: DecodedMessage): void {
  const { header, staticKeys, instructions, addressTableLookups } = message;
  const fail = (): never => {
    throw new SanitizeError('Transaction failed to sanitize accounts offsets correctly');
  };
  if (header.numRequiredSignatures === 0 || header.numReadonlySignedAccounts >= header.numRequiredSignatures) fail();
  if (header.numRequiredSignatures + header.numReadonlyUnsignedAccounts > staticKeys.length) fail();
  const loadedCount = addressTableLookups.reduce((sum, l) => sum + l.writableIndexes.length + l.readonlyIndexes.length, 0);
  for (const lookup of addressTableLookups) {
    if (lookup.writableIndexes.length + lookup.readonlyIndexes.length === 0) fail();
  }
  const totalKeys = staticKeys.length + loadedCount;
  if (totalKeys > 256) fail();
  for (const instruction of instructions) {
    // The fee payer cannot be a program and programs must be static keys.
    if (instruction.programIdIndex === 0 || instruction.programIdIndex >= staticKeys.length) fail();
    if (instruction.accounts.some((index) => index >= totalKeys)) fail();
  }
  if (new Set(staticKeys).size !== staticKeys.length) throw new SanitizeError('Account loaded twice');
}

// Accounts the runtime never lets a transaction write, whatever the header says (Agave demotes
// them to read-only): builtin programs and sysvars.
const RESERVED_KEYS = new Set([
  '11111111111111111111111111111111',
  'ComputeBudget111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'NativeLoader1111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  'Sysvar1111111111111111111111111111111111111',
  'SysvarC1ock11111111111111111111111111111111',
  'SysvarEpochSchedu1e111111111111111111111111',
  'SysvarEpochRewards1111111111111111111111111',
  'SysvarFees111111111111111111111111111111111',
  'Sysvar1nstructions1111111111111111111111111',
  'SysvarLastRestartS1ot1111111111111111111111',
  'SysvarRecentB1ockHashes11111111111111111111',
  'SysvarRent111111111111111111111111111111111',
  'SysvarRewards111111111111111111111111111111',
  'SysvarS1otHashes111111111111111111111111111',
  'SysvarS1otHistory11111111111111111111111111',
  'SysvarStakeHistory1111111111111111111111111',
]);

/** Whether the key at a static index is writable once the runtime's demotions apply. */
export function isStaticWritable(message: DecodedMessage, index: number): boolean {
  const { header, staticKeys, instructions } = message;
  const key = staticKeys[index];
  if (key === undefined || RESERVED_KEYS.has(key)) return false;
  if (instructions.some((instruction) => instruction.programIdIndex === index)) return false;
  if (index < header.numRequiredSignatures) return index < header.numRequiredSignatures - header.numReadonlySignedAccounts;
  return index < staticKeys.length - header.numReadonlyUnsignedAccounts;
}

export function isSigner(message: DecodedMessage, index: number): boolean {
  return index < message.header.numRequiredSignatures;
}
