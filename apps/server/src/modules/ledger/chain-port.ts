// What the money modules need from the chain. adapters/chain implements it on Solana JSON-RPC
// (@solana/kit); nothing else in the server talks to the chain. Amounts are integer lamports.
import { AppError } from '../../errors';

/** One system-program transfer found in a transaction (top level or inner instruction). */
export interface SystemTransfer {
  readonly source: string;
  readonly destination: string;
  readonly lamports: bigint;
}

/** A landed transaction, reduced to what payment verification and fee accounting read. */
export interface ObservedTransfer {
  readonly signature: string;
  readonly slot: bigint;
  /** Unix seconds; null when the node does not know it. */
  readonly blockTime: number | null;
  /** meta.err: null when the transaction succeeded. */
  readonly err: unknown;
  /** What the fee payer paid, in lamports. */
  readonly fee: bigint;
  /** Every account of the message, static keys then lookup-table keys (pre/post balances align). */
  readonly accountKeys: readonly string[];
  readonly preBalances: readonly bigint[];
  readonly postBalances: readonly bigint[];
  readonly systemTransfers: readonly SystemTransfer[];
}

/** A transfer out of the treasury, signed but perhaps not sent. */
export interface SignedTransfer {
  readonly signature: string;
  /** The wire transaction, base64: what is stored and (re-)sent byte for byte. */
  readonly wireTransaction: string;
  /** The transaction can land only while the block height is at most this. */
  readonly lastValidBlockHeight: bigint;
}

/**
 * Where a signature stands. `unknown`: the node has no record of it (not landed, dropped, or
 * not visible yet); `processed`: landed but not yet confirmed; `confirmed`: confirmed or
 * finalized, with meta.err.
 */
export type SignatureState = { readonly kind: 'unknown' } | { readonly kind: 'processed' } | { readonly kind: 'confirmed'; readonly err: unknown };

/** `expired`: the block height passed lastValidBlockHeight and the signature is still unknown. */
export type ConfirmOutcome = { readonly kind: 'confirmed'; readonly err: unknown } | { readonly kind: 'expired' };

/**
 * The chain went wrong in a way a retry may fix (RPC down, timeout, refused at preflight). Its
 * message is the detail for the log; a player is shown the code's text (retry later).
 */
export class ChainUnavailable extends AppError<'CHAIN_UNAVAILABLE'> {
  constructor(detail: string, options?: { cause?: unknown }) {
    super('CHAIN_UNAVAILABLE', {}, { detail, cause: options?.cause });
    this.name = 'ChainUnavailable';
  }
}

export interface TreasuryChain {
  /** The treasury's address: where payments go and what payouts are paid from. */
  readonly treasury: string;
  balance(address: string): Promise<bigint>;
  /** The block height at commitment confirmed. */
  blockHeight(): Promise<bigint>;
  /**
   * Signs a transfer from the treasury with the latest blockhash. `reference` (the ledger's
   * idempotency key) is turned into a read-only account of the transfer: it makes two otherwise
   * identical transfers distinct transactions and ties the on-chain one to its ledger row.
   */
  signTransfer(input: { destination: string; lamports: bigint; reference: string }): Promise<SignedTransfer>;
  /** Sends stored wire bytes. Throws ChainUnavailable when the node refuses or cannot be reached. */
  send(wireTransaction: string): Promise<void>;
  signatureState(signature: string): Promise<SignatureState>;
  /** Waits for confirmation, racing the blockhash's expiry; rejects when `signal` aborts. */
  confirm(signature: string, lastValidBlockHeight: bigint, signal: AbortSignal): Promise<ConfirmOutcome>;
  /** The transaction at commitment confirmed, or null when the node does not have it (yet). */
  fetchTransfer(signature: string): Promise<ObservedTransfer | null>;
  /** Test clusters only: the faucet sends lamports to the treasury; answers the signature. */
  requestAirdrop(lamports: bigint): Promise<string>;
  /** Every signature that touched the treasury, newest first (for reconciliation). */
  treasurySignatures(options?: { until?: string }): Promise<string[]>;
  /**
   * Signatures of the transactions (succeeded or failed) that name `address` among their
   * accounts, at commitment confirmed, newest first, at most `limit` (default 1,000). A payment's
   * reference key is named only by the transactions made for it: this finds a payment that
   * landed but was never verified.
   */
  signaturesForAddress(address: string, options?: { limit?: number }): Promise<string[]>;
}
