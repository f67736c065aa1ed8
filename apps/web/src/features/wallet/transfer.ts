// One native SOL transfer, built with @solana/kit and signed by the connected wallet: the
// Withdraw form, stakes, marketplace purchases, tournament fees. Loaded on
// demand, so the SDK is never part of the first page.
import { getTransferSolInstruction } from '@solana-program/system';
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import type { SolanaChain } from '../../net/rpc-chain';
import { SignatureNotFoundError, confirmTransfer } from './confirm-transfer';
import { sendWalletTransaction } from './send-transaction';
import type { ConnectedWallet } from './wallet-connection';
import { NOT_FOUND_HINT_MS, type PaymentNetwork, WrongNetworkError } from './wrong-network';

export interface TransferRequest {
  readonly to: string;
  readonly lamports: bigint;
  /** A read-only account added to the transfer so the server can find the payment (Solana Pay style). */
  readonly reference?: string | null;
}

export type TransferStage = 'preparing' | 'signing' | 'confirming';

export interface PreparedTransfer {
  /** Wire bytes, unsigned. */
  readonly bytes: Uint8Array;
  /** Past this block height the transfer's blockhash has expired: it can never land. */
  readonly lastValidBlockHeight: bigint;
}

/** Builds the transfer, paid by the connected account, on the cluster's latest blockhash. */
export async function buildTransfer(chain: Pick<SolanaChain, 'rpc'>, from: string, request: TransferRequest): Promise<PreparedTransfer> {
  const { value: latest } = await chain.rpc.getLatestBlockhash().send();
  const source = createNoopSigner(address(from));
  const transfer = getTransferSolInstruction({ source, destination: address(request.to), amount: lamports(request.lamports) });
  const instruction = request.reference
    ? { ...transfer, accounts: [...transfer.accounts, { address: address(request.reference), role: AccountRole.READONLY }] }
    : transfer;
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(source.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstruction(instruction, m),
  );
  return { bytes: new Uint8Array(getTransactionEncoder().encode(compileTransaction(message))), lastValidBlockHeight: latest.lastValidBlockHeight };
}

/**
 * Builds, signs, sends and confirms one transfer; `onStage` reports progress for the UI. It ends
 * with a BlockhashExpiredError once the chain is past the transfer's last valid block height, and
 * a transfer the wallet sent itself that our cluster has not seen after `notFoundMs` ends in a
 * WrongNetworkError rather than the full confirmation wait.
 */
export async function sendSol(
  connected: ConnectedWallet,
  chain: SolanaChain,
  network: PaymentNetwork,
  request: TransferRequest,
  onStage: (stage: TransferStage, signature?: string) => void = () => {},
  options: { confirm?: boolean; notFoundMs?: number; intervalMs?: number } = {},
): Promise<string> {
  onStage('preparing');
  const { bytes, lastValidBlockHeight } = await buildTransfer(chain, connected.address, request);
  onStage('signing');
  const { signature, sentBy } = await sendWalletTransaction(connected, chain.rpc, network.cluster, bytes);
  if (options.confirm !== false) {
    onStage('confirming', signature);
    const notFoundMs = sentBy === 'wallet' ? (options.notFoundMs ?? NOT_FOUND_HINT_MS) : Infinity;
    try {
      await confirmTransfer(chain, { signature, lastValidBlockHeight }, { notFoundMs, ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }) });
    } catch (error) {
      if (error instanceof SignatureNotFoundError) throw new WrongNetworkError(network, signature, error.afterMs);
      throw error;
    }
  }
  return signature;
}
