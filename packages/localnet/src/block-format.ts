// A block as getBlock shows it, in Agave's shape: previousBlockhash, blockhash, parentSlot, then
// `transactions` (full or accounts-only) or `signatures` or neither, `rewards` unless turned off
// (this chain pays none, so it is empty), blockTime and blockHeight.
import type { BlockInfo } from './block-clock';
import { unsupportedTransactionVersion } from './rpc-errors';
import { formatBlockTransaction, type TransactionEncoding } from './transaction-format';
import type { TransactionRecord } from './transaction-index';

export const TRANSACTION_DETAILS = ['full', 'accounts', 'signatures', 'none'] as const;
export type TransactionDetails = (typeof TRANSACTION_DETAILS)[number];

export interface BlockView {
  encoding: TransactionEncoding;
  details: TransactionDetails;
  showRewards: boolean;
  /** maxSupportedTransactionVersion, or null when the client sent none. */
  maxVersion: number | null;
}

export function formatBlock(block: BlockInfo, transactions: TransactionRecord[], view: BlockView): Record<string, unknown> {
  const { details } = view;
  const withTransactions = details === 'full' || details === 'accounts';
  // Only transaction bodies carry a version: signatures and none answer any block, as Agave does.
  if (withTransactions && view.maxVersion === null && transactions.some((record) => record.message.version !== 'legacy')) {
    throw unsupportedTransactionVersion();
  }
  return {
    previousBlockhash: block.previousBlockhash,
    blockhash: block.blockhash,
    parentSlot: Math.max(block.slot - 1, 0),
    transactions: withTransactions ? transactions.map((record) => formatBlockTransaction(record, view.encoding, details, view.maxVersion !== null, view.showRewards)) : undefined,
    signatures: details === 'signatures' ? transactions.map((record) => record.signature) : undefined,
    rewards: view.showRewards ? [] : undefined,
    blockTime: block.blockTime,
    blockHeight: block.blockHeight,
  };
}
