// What sendTransaction answers for bytes that kit's decoders read without complaint but a
// validator refuses: these checks are ours (wire-transaction.ts), kit's codecs do the reading.
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
} from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { RpcError } from './rpc-errors';
import { decodeWire } from './submit';
import { transfer } from './test-support/test-chain';

const DESERIALIZE = 'failed to deserialize solana_transaction::versioned::VersionedTransaction: ';
const BLOCKHASH = { blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM' as Blockhash, lastValidBlockHeight: 100n };
/** In the wire bytes: the signature count, one signature, then the message. */
const MESSAGE_START = 1 + 64;

let v0: Uint8Array;
let legacy: Uint8Array;
let signature: string;
beforeAll(async () => {
  const payer = await generateKeyPairSigner();
  const recipient = await generateKeyPairSigner();
  const signed = async (version: 0 | 'legacy') =>
    signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version }),
        (message) => setTransactionMessageFeePayerSigner(payer, message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, message),
        (message) => appendTransactionMessageInstructions([transfer(payer, recipient.address, 1_000_000n)], message),
      ),
    );
  const transaction = await signed(0);
  signature = getSignatureFromTransaction(transaction);
  v0 = new Uint8Array(getTransactionEncoder().encode(transaction));
  legacy = new Uint8Array(getTransactionEncoder().encode(await signed('legacy')));
});

/** sendTransaction's answer to these bytes, sent base64: the error's code and message. */
function answer(bytes: Uint8Array): { code: number; message: string } | 'accepted' {
  try {
    decodeWire(Buffer.from(bytes).toString('base64'), 'base64');
    return 'accepted';
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    return { code: error.code, message: error.message };
  }
}

const splice = (bytes: Uint8Array, at: number, remove: number, ...insert: number[]) => Uint8Array.from([...bytes.subarray(0, at), ...insert, ...bytes.subarray(at + remove)]);

describe('wire transactions kit would read but a validator refuses', () => {
  it('accepts the well-formed ones, and bytes after the message as a validator does', () => {
    expect(answer(v0)).toBe('accepted');
    expect(answer(legacy)).toBe('accepted');
    expect(answer(Uint8Array.from([...v0, 1, 2, 3]))).toBe('accepted');
    expect(decodeWire(Buffer.from(v0).toString('base64'), 'base64').tx.signatures).toEqual([signature]);
  });

  it('refuses a message cut before a list, which kit reads as empty', () => {
    // A v0 message ends with its lookup-table count; a legacy one cut after the blockhash has no instruction count.
    for (const cut of [v0.subarray(0, v0.length - 1), legacy.subarray(0, MESSAGE_START + 3 + 1 + 3 * 32 + 32)]) {
      expect(() => getCompiledTransactionMessageDecoder().decode(cut.subarray(MESSAGE_START))).not.toThrow();
      expect(answer(cut)).toEqual({ code: -32602, message: `${DESERIALIZE}io error: failed to fill whole buffer` });
    }
  });

  it('refuses an overlong compact-u16 length, which kit reads as the shorter one', () => {
    const keyCountAt = MESSAGE_START + 4; // after the version byte and the three header bytes
    const keyCount = v0[keyCountAt] as number;
    const overlong = splice(v0, keyCountAt, 1, keyCount | 0x80, 0);
    expect(getCompiledTransactionMessageDecoder().decode(overlong.subarray(MESSAGE_START)).staticAccounts).toHaveLength(keyCount);
    expect(answer(overlong)).toEqual({ code: -32602, message: `${DESERIALIZE}invalid compact-u16 length` });
    // The signature count too: kit would take a first byte with its top bit set for a v1 envelope.
    expect(answer(splice(v0, 0, 1, 0x81, 0))).toEqual({ code: -32602, message: `${DESERIALIZE}invalid compact-u16 length` });
  });

  it('refuses every message version but legacy and 0 (kit reads version 1)', () => {
    for (const version of [1, 5, 127]) {
      expect(answer(splice(v0, MESSAGE_START, 1, 0x80 | version))).toEqual({ code: -32602, message: `${DESERIALIZE}unsupported transaction version ${version}` });
    }
  });

  it('refuses a signature count that is not the header’s, and a key listed twice', () => {
    const twoSignatures = splice(v0, 0, 1 + 64, 2, ...v0.subarray(1, 65), ...v0.subarray(1, 65));
    expect(answer(twoSignatures)).toEqual({ code: -32602, message: 'invalid transaction: Transaction failed to sanitize accounts offsets correctly' });
    const keysAt = MESSAGE_START + 5;
    const payerTwice = splice(v0, keysAt + 32, 32, ...v0.subarray(keysAt, keysAt + 32));
    expect(answer(payerTwice)).toEqual({ code: -32602, message: 'invalid transaction: Account loaded twice' });
  });

  it('refuses an instruction whose program or account index is out of range', () => {
    // The v0 transfer: 3 static keys, then blockhash, 1 instruction: program index, 2 account indexes.
    const instructionAt = MESSAGE_START + 5 + 3 * 32 + 32 + 1;
    for (const [offset, index] of [[0, 0], [0, 3], [2, 3]] as const) {
      const bad = splice(v0, instructionAt + offset, 1, index);
      expect(answer(bad)).toEqual({ code: -32602, message: 'invalid transaction: Transaction failed to sanitize accounts offsets correctly' });
    }
  });
});
