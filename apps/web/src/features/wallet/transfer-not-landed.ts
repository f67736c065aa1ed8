// Transfers that can no longer land on this app's cluster. Nothing moved, and the server will not
// find them either, so the payment flows end on the reason instead of waiting for a verification
// that cannot succeed. Kept free of the Solana SDK so the flows can recognise them without it.

export class TransferNotLandedError extends Error {}

export const BLOCKHASH_EXPIRED_TEXT =
  'The transfer expired before it reached the network: it was approved or sent too long after it was prepared, and the network no longer accepts it. ' +
  'No SOL moved. Try again, and approve the transfer in your wallet within a minute.';

/**
 * The transaction's blockhash expired (the chain passed its last valid block height, or the node
 * no longer knows the blockhash) before it was confirmed: from then on it can never land.
 */
export class BlockhashExpiredError extends TransferNotLandedError {
  constructor(readonly signature: string | null) {
    super(BLOCKHASH_EXPIRED_TEXT);
    this.name = 'BlockhashExpiredError';
  }
}
