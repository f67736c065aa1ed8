// Taking a transaction from the wire to the chain the way Agave's sendTransaction does: decode
// and sanitize (-32602 when malformed), then — unless skipPreflight — refuse what would not land
// (-32003 for a bad signature, -32002 with data.err and data.logs otherwise), then execute. With
// skipPreflight a transaction that cannot land is still answered with its signature and then
// silently dropped, as a validator drops it; one that fails after paying its fee lands with
// meta.err set.
import { getBase58Encoder } from '@solana/kit';
import type { Chain, ExecutionReport } from './chain';
import { RPC_ERROR, RpcError, invalidParams } from './rpc-errors';
import { transactionErrorText, type TransactionErrorJson } from './transaction-errors';
import { decodeTransaction, DeserializeError, PACKET_DATA_SIZE, SanitizeError, type DecodedTransaction } from './wire-transaction';

export type WireEncoding = 'base58' | 'base64';

const TYPE_NAME = 'solana_transaction::versioned::VersionedTransaction';
const MAX_BASE64_SIZE = Math.ceil(PACKET_DATA_SIZE / 3) * 4;
const MAX_BASE58_SIZE = 1683;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const base58 = getBase58Encoder();

export interface WireTransaction {
  wire: Uint8Array;
  tx: DecodedTransaction;
}

/** The encoded transaction of a request, decoded and sanitized, or -32602. */
export function decodeWire(encoded: unknown, encoding: WireEncoding): WireTransaction {
  if (typeof encoded !== 'string') throw invalidParams('Invalid params: the transaction must be an encoded string');
  const maxSize = encoding === 'base64' ? MAX_BASE64_SIZE : MAX_BASE58_SIZE;
  if (encoded.length > maxSize) {
    throw invalidParams(`${encoding} encoded ${TYPE_NAME} too large: ${encoded.length} bytes (max: encoded/raw ${maxSize}/${PACKET_DATA_SIZE})`);
  }
  let wire: Uint8Array;
  try {
    if (encoding === 'base64') {
      if (!BASE64.test(encoded)) throw new Error('invalid character');
      wire = new Uint8Array(Buffer.from(encoded, 'base64'));
    } else {
      wire = new Uint8Array(base58.encode(encoded));
    }
  } catch {
    throw invalidParams(`invalid ${encoding} encoding`);
  }
  if (wire.length > PACKET_DATA_SIZE) {
    throw invalidParams(`decoded ${TYPE_NAME} too large: ${wire.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`);
  }
  try {
    return { wire, tx: decodeTransaction(wire) };
  } catch (error) {
    if (error instanceof SanitizeError) throw invalidParams(`invalid transaction: ${error.message}`);
    if (error instanceof DeserializeError) throw invalidParams(`failed to deserialize ${TYPE_NAME}: ${error.message}`);
    throw error;
  }
}

/** sendTransaction's core: returns the signature or throws the error a validator would answer. */
export function sendWire(chain: Chain, { wire, tx }: WireTransaction, skipPreflight: boolean): string {
  if (!skipPreflight) {
    const refused = chain.admissionError(tx);
    if (refused) throw preflightFailure({ err: refused, logs: [], unitsConsumed: 0n });
    const report = chain.simulate(tx, true);
    if (report.err === 'SignatureFailure') {
      throw new RpcError(RPC_ERROR.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
    }
    if (report.err !== null) throw preflightFailure(report);
  }
  chain.execute(tx, wire);
  return tx.signatures[0] as string;
}

function preflightFailure(report: Pick<ExecutionReport, 'logs' | 'unitsConsumed'> & { err: TransactionErrorJson | null }): RpcError {
  const err = report.err as TransactionErrorJson;
  return new RpcError(RPC_ERROR.SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${transactionErrorText(err)}`, {
    accounts: null,
    err,
    innerInstructions: null,
    logs: report.logs,
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed: report.unitsConsumed,
  });
}
