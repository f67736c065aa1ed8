// Solana's JSON-RPC error codes (JSON-RPC 2.0's own plus Agave's server errors), so a client
// such as @solana/kit turns each one into the same SolanaError a real validator would cause.

export const RPC_ERROR = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SEND_TRANSACTION_PREFLIGHT_FAILURE: -32002,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE: -32003,
  BLOCK_NOT_AVAILABLE: -32004,
  LONG_TERM_STORAGE_SLOT_SKIPPED: -32009,
  UNSUPPORTED_TRANSACTION_VERSION: -32015,
  MIN_CONTEXT_SLOT_NOT_REACHED: -32016,
} as const;

/** An error answered to the client as `{ code, message, data }`; anything else is -32603. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function invalidParams(message = 'Invalid params'): RpcError {
  return new RpcError(RPC_ERROR.INVALID_PARAMS, message);
}

export function invalidRequest(message = 'Invalid request'): RpcError {
  return new RpcError(RPC_ERROR.INVALID_REQUEST, message);
}

export function methodNotFound(): RpcError {
  return new RpcError(RPC_ERROR.METHOD_NOT_FOUND, 'Method not found');
}

export function minContextSlotNotReached(contextSlot: number): RpcError {
  return new RpcError(RPC_ERROR.MIN_CONTEXT_SLOT_NOT_REACHED, 'Minimum context slot has not been reached', {
    contextSlot,
  });
}

/** A v0 transaction asked for by a client that did not send maxSupportedTransactionVersion. */
export function unsupportedTransactionVersion(): RpcError {
  return new RpcError(
    RPC_ERROR.UNSUPPORTED_TRANSACTION_VERSION,
    'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
  );
}

/** A slot this node has not produced (or, for getBlock, not confirmed) yet. */
export function blockNotAvailable(slot: number): RpcError {
  return new RpcError(RPC_ERROR.BLOCK_NOT_AVAILABLE, `Block not available for slot ${slot}`);
}

/** A slot older than the kept ledger: what a validator answers when its long-term storage lacks it. */
export function slotMissing(slot: number): RpcError {
  return new RpcError(RPC_ERROR.LONG_TERM_STORAGE_SLOT_SKIPPED, `Slot ${slot} was skipped, or missing in long-term storage`);
}
