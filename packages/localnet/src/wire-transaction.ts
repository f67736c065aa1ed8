// The Solana wire format (legacy and v0 transactions), read with @solana/kit's codecs. Kit's
// decoders are built for trusted input and let through what a validator refuses, so the checks
// that make a transaction acceptable are ours: the bytes must be exactly what the decoded message
// encodes back to (kit reads a missing list as empty and takes overlong compact-u16 lengths), no
// version but legacy and 0, and Agave's sanitize step. The RPC answers a malformed transaction
// with -32602 like a validator, and nothing malformed reaches LiteSVM's native code.
import {
  containsBytes,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getShortU16Decoder,
  getTransactionDecoder,
  getTransactionVersionDecoder,
  isSolanaError,
  SOLANA_ERROR__CODECS__INVALID_BYTE_LENGTH,
  SOLANA_ERROR__CODECS__NUMBER_OUT_OF_RANGE,
  SOLANA_ERROR__TRANSACTION__VERSION_NUMBER_NOT_SUPPORTED,
  type CompiledTransactionMessageWithLifetime,
  type LegacyCompiledTransactionMessage,
  type Transaction,
  type V0CompiledTransactionMessage,
} from '@solana/kit';

/** The largest transaction a validator accepts (one UDP packet's payload). */
export const PACKET_DATA_SIZE = 1232;

/** A legacy or v0 message as kit decodes it; `lifetimeToken` is the recent blockhash. */
export type DecodedMessage = (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) & CompiledTransactionMessageWithLifetime;
export type CompiledInstruction = DecodedMessage['instructions'][number];
export type AddressTableLookup = NonNullable<V0CompiledTransactionMessage['addressTableLookups']>[number];

export interface DecodedTransaction {
  /** Base58, one per signer key in order (an all-zero signature stays as sent). */
  signatures: string[];
  message: DecodedMessage;
  /** Kit's transaction, what LiteSVM runs: the message bytes as sent and each signer's signature. */
  transaction: Transaction;
}

/** The bytes could not be read as a transaction at all ("failed to deserialize"). */
export class DeserializeError extends Error {}
/** The bytes are a transaction whose structure is inconsistent (Agave's sanitize step). */
export class SanitizeError extends Error {}

const FILL_BUFFER = 'io error: failed to fill whole buffer';
const BAD_COMPACT_U16 = 'invalid compact-u16 length';
const BAD_OFFSETS = 'Transaction failed to sanitize accounts offsets correctly';
const ZERO_SIGNATURE = new Uint8Array(64);

const base58 = getBase58Decoder();
const compactU16 = getShortU16Decoder();
const versionDecoder = getTransactionVersionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const messageEncoder = getCompiledTransactionMessageEncoder();
const transactionDecoder = getTransactionDecoder();

export function decodeTransaction(wire: Uint8Array): DecodedTransaction {
  const [signatureCount, countEnd] = readWith(() => compactU16.read(wire, 0));
  const messageStart = countEnd + 64 * signatureCount;
  if (messageStart > wire.length) throw new DeserializeError(FILL_BUFFER);
  // Kit reads a first byte with its top bit set as a v1 envelope (message first); on this wire it
  // is a count of 128 signatures or more, which no packet holds, or an overlong encoding.
  if (countEnd !== 1) throw new DeserializeError(signatureCount < 0x80 ? BAD_COMPACT_U16 : FILL_BUFFER);
  const message = decodeMessage(wire.subarray(messageStart));
  if (signatureCount !== message.header.numSignerAccounts) throw new SanitizeError(BAD_OFFSETS);
  const transaction = readWith(() => transactionDecoder.decode(wire));
  // Signer keys are distinct (sanitized above), so kit's map by signer loses nothing.
  const signers = message.staticAccounts.slice(0, signatureCount);
  const signatures = signers.map((signer) => base58.decode(transaction.signatures[signer] ?? ZERO_SIGNATURE));
  return { signatures, message, transaction };
}

/** A bare message (getFeeForMessage, or a transaction's after its signatures), decoded and sanitized. */
export function decodeMessage(bytes: Uint8Array): DecodedMessage {
  const version = readWith(() => versionDecoder.decode(bytes));
  if (version !== 'legacy' && version !== 0) throw new DeserializeError(`unsupported transaction version ${version}`);
  const [message, end] = readWith(() => messageDecoder.read(bytes, 0));
  const canonical = messageEncoder.encode(message);
  if (canonical.length !== end || !containsBytes(bytes, canonical, 0)) throw new DeserializeError(canonical.length > end ? FILL_BUFFER : BAD_COMPACT_U16);
  const decoded = message as DecodedMessage;
  sanitize(decoded);
  return decoded;
}

/** Kit's codec errors as the validator words them. */
function readWith<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (isSolanaError(error, SOLANA_ERROR__TRANSACTION__VERSION_NUMBER_NOT_SUPPORTED)) {
      throw new DeserializeError(`unsupported transaction version ${error.context.unsupportedVersion}`);
    }
    if (isSolanaError(error, SOLANA_ERROR__CODECS__NUMBER_OUT_OF_RANGE)) throw new DeserializeError(BAD_COMPACT_U16);
    // A compact-u16 whose third byte still says "more" is reported as one byte too many.
    if (isSolanaError(error, SOLANA_ERROR__CODECS__INVALID_BYTE_LENGTH) && error.context.bytesLength > error.context.expected) {
      throw new DeserializeError(BAD_COMPACT_U16);
    }
    if (isSolanaError(error)) throw new DeserializeError(FILL_BUFFER);
    throw error;
  }
}

export function addressTableLookups(message: DecodedMessage): readonly AddressTableLookup[] {
  return message.version === 0 ? (message.addressTableLookups ?? []) : [];
}

/** Kit leaves out an instruction's empty account list and empty data. */
export function accountIndices(instruction: CompiledInstruction): readonly number[] {
  return instruction.accountIndices ?? [];
}

export function instructionData(instruction: CompiledInstruction): Uint8Array {
  return (instruction.data ?? new Uint8Array(0)) as Uint8Array;
}

/** Agave's structural checks: counts consistent, every index in range, no key listed twice. */
function sanitize(message: DecodedMessage): void {
  const { header, staticAccounts, instructions } = message;
  const lookups = addressTableLookups(message);
  const fail = (): never => {
    throw new SanitizeError(BAD_OFFSETS);
  };
  if (header.numSignerAccounts === 0 || header.numReadonlySignerAccounts >= header.numSignerAccounts) fail();
  if (header.numSignerAccounts + header.numReadonlyNonSignerAccounts > staticAccounts.length) fail();
  const loadedCount = lookups.reduce((sum, l) => sum + l.writableIndexes.length + l.readonlyIndexes.length, 0);
  for (const lookup of lookups) {
    if (lookup.writableIndexes.length + lookup.readonlyIndexes.length === 0) fail();
  }
  const totalKeys = staticAccounts.length + loadedCount;
  if (totalKeys > 256) fail();
  for (const instruction of instructions) {
    // The fee payer cannot be a program and programs must be static keys.
    if (instruction.programAddressIndex === 0 || instruction.programAddressIndex >= staticAccounts.length) fail();
    if (accountIndices(instruction).some((index) => index >= totalKeys)) fail();
  }
  if (new Set(staticAccounts).size !== staticAccounts.length) throw new SanitizeError('Account loaded twice');
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
  const { header, staticAccounts, instructions } = message;
  const key = staticAccounts[index];
  if (key === undefined || RESERVED_KEYS.has(key)) return false;
  if (instructions.some((instruction) => instruction.programAddressIndex === index)) return false;
  if (index < header.numSignerAccounts) return index < header.numSignerAccounts - header.numReadonlySignerAccounts;
  return index < staticAccounts.length - header.numReadonlyNonSignerAccounts;
}

export function isSigner(message: DecodedMessage, index: number): boolean {
  return index < message.header.numSignerAccounts;
}
