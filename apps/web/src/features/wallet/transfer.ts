// One native SOL transfer, built with @solana/kit and signed by the connected wallet: the
// Withdraw form (DESIGN.md departure 3), marketplace purchases and, later, stakes. Loaded on
// demand, so the SDK is never part of the first page.
import { getTransferSolInstruction } from '@solana-program/system';
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import type { SolanaSignAndSendTransactionFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features';
import type { SolanaCluster } from '@duel-dojo/protocol';
import { type SolanaRpc, confirmSignature } from '../../net/rpc';
import { walletChain } from '../config/explorer';
import type { ConnectedWallet } from './wallet-connection';

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
 * Has the wallet sign and send the transaction (solana:signAndSendTransaction), or sign it
 * (solana:signTransaction) and send it through our RPC. Resolves with the signature (base58).
 */
export async function signAndSend(connected: ConnectedWallet, rpc: SolanaRpc, cluster: SolanaCluster, bytes: Uint8Array): Promise<string> {
  const features = connected.wallet.features as Partial<SolanaSignAndSendTransactionFeature & SolanaSignTransactionFeature>;
  const chain = walletChain(cluster);
  const sendFeature = features['solana:signAndSendTransaction'];
  if (sendFeature) {
    const [output] = await sendFeature.signAndSendTransaction({ account: connected.account, transaction: bytes, chain });
    if (!output) throw new Error('No signature received from wallet');
    return getBase58Decoder().decode(output.signature);
  }
  const signFeature = features['solana:signTransaction'];
  if (!signFeature) throw new Error('Wallet does not support signing transactions');
  const [output] = await signFeature.signTransaction({ account: connected.account, transaction: bytes, chain });
  if (!output) throw new Error('No signature received from wallet');
  const signed = getTransactionDecoder().decode(output.signedTransaction);
  return rpc.sendTransaction(getBase64EncodedWireTransaction(signed));
}

/** Builds, signs, sends and confirms one transfer; `onStage` reports progress for the UI. */
export async function sendSol(
  connected: ConnectedWallet,
  rpc: SolanaRpc,
  cluster: SolanaCluster,
  request: TransferRequest,
  onStage: (stage: TransferStage, signature?: string) => void = () => {},
  options: { confirm?: boolean } = {},
): Promise<string> {
  onStage('preparing');
  const bytes = await buildTransfer(rpc, connected.address, request);
  onStage('signing');
  const signature = await signAndSend(connected, rpc, cluster, bytes);
  if (options.confirm !== false) {
    onStage('confirming', signature);
    await confirmSignature(rpc, signature);
  }
  return signature;
}
