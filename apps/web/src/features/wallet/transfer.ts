// One native SOL transfer, built with @solana/kit and signed by the connected wallet: the
// Withdraw form (DESIGN.md departure 3), stakes, marketplace purchases, tournament fees. Loaded on
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
import { type SolanaRpc, SignatureNotFoundError, confirmSignature } from '../../net/rpc';
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

/** Builds the transfer as wire bytes, unsigned, paid by the connected account. */
export async function buildTransfer(rpc: SolanaRpc, from: string, request: TransferRequest): Promise<Uint8Array> {
  const { blockhash, lastValidBlockHeight } = await rpc.getLatestBlockhash();
  const source = createNoopSigner(address(from));
  const transfer = getTransferSolInstruction({ source, destination: address(request.to), amount: lamports(request.lamports) });
  const instruction = request.reference
    ? { ...transfer, accounts: [...transfer.accounts, { address: address(request.reference), role: AccountRole.READONLY }] }
    : transfer;
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(source.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0]['blockhash'], lastValidBlockHeight }, m),
    (m) => appendTransactionMessageInstruction(instruction, m),
  );
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
}

/**
 * Builds, signs, sends and confirms one transfer; `onStage` reports progress for the UI. A
 * transfer the wallet sent itself that our cluster has not seen after `notFoundMs` ends in a
 * WrongNetworkError rather than the full confirmation wait.
 */
export async function sendSol(
  connected: ConnectedWallet,
  rpc: SolanaRpc,
  network: PaymentNetwork,
  request: TransferRequest,
  onStage: (stage: TransferStage, signature?: string) => void = () => {},
  options: { confirm?: boolean; notFoundMs?: number; intervalMs?: number } = {},
): Promise<string> {
  onStage('preparing');
  const bytes = await buildTransfer(rpc, connected.address, request);
  onStage('signing');
  const { signature, sentBy } = await sendWalletTransaction(connected, rpc, network.cluster, bytes);
  if (options.confirm !== false) {
    onStage('confirming', signature);
    const notFoundMs = sentBy === 'wallet' ? (options.notFoundMs ?? NOT_FOUND_HINT_MS) : Infinity;
    try {
      await confirmSignature(rpc, signature, undefined, options.intervalMs, notFoundMs);
    } catch (error) {
      if (error instanceof SignatureNotFoundError) throw new WrongNetworkError(network, signature, error.afterMs);
      throw error;
    }
  }
  return signature;
}
