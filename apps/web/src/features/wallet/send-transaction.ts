// The one way a transaction of this app reaches the chain. Wallets announce the chains they
// serve: one that announces this app's cluster signs and sends there itself; one that does not
// (a wallet that only knows devnet and mainnet, facing a local cluster) is asked only for a
// signature, and the signed bytes go through this app's own RPC, so they land on the cluster
// the app verifies against whatever network the wallet is set to.
import {
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  isSolanaError,
  type Rpc,
  type SendTransactionApi,
} from '@solana/kit';
import type { SolanaSignAndSendTransactionFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features';
import type { SolanaCluster } from '@duel-dojo/protocol';
import { walletChain } from '../config/explorer';
import { BlockhashExpiredError } from './transfer-not-landed';
import type { ConnectedWallet } from './wallet-connection';

export interface SentTransaction {
  /** Base58. */
  readonly signature: string;
  /**
   * Who put it on the network: the wallet (on whatever network it is set to, which may not be
   * ours) or this app's RPC (always our cluster).
   */
  readonly sentBy: 'wallet' | 'app';
}

type TransactionFeatures = Partial<SolanaSignAndSendTransactionFeature & SolanaSignTransactionFeature>;

/** The chains the wallet says it serves, for this account and overall. */
export function announcedChains(connected: ConnectedWallet): readonly string[] {
  return [...new Set([...connected.account.chains, ...connected.wallet.chains])];
}

/** The node refuses a transaction whose blockhash it no longer knows: expired, it can never land. */
function refusal(error: unknown): unknown {
  const expired =
    isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE) &&
    isSolanaError(error.cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND);
  return expired ? new BlockhashExpiredError(null) : error;
}

export async function sendWalletTransaction(connected: ConnectedWallet, rpc: Rpc<SendTransactionApi>, cluster: SolanaCluster, bytes: Uint8Array): Promise<SentTransaction> {
  const features = connected.wallet.features as TransactionFeatures;
  const chain = walletChain(cluster);
  const chains = announcedChains(connected);
  const announced = chains.includes(chain);
  const sendFeature = features['solana:signAndSendTransaction'];
  if (announced && sendFeature) {
    // A wallet built on kit (the dev wallet) passes the node's refusal on as it came.
    const [output] = await sendFeature.signAndSendTransaction({ account: connected.account, transaction: bytes, chain }).catch((error: unknown) => {
      throw refusal(error);
    });
    if (!output) throw new Error('No signature received from wallet');
    return { signature: getBase58Decoder().decode(output.signature), sentBy: 'wallet' };
  }
  const signFeature = features['solana:signTransaction'];
  if (!signFeature) {
    const served = chains.length ? chains.join(', ') : 'no chain';
    throw new Error(`${connected.name} cannot pay on ${chain}: it announces ${served} and cannot sign a transaction for this app to send. Use another wallet.`);
  }
  // Naming a chain the wallet never announced makes wallets refuse ("invalid chain"): say none.
  const input = announced ? { account: connected.account, transaction: bytes, chain } : { account: connected.account, transaction: bytes };
  const [output] = await signFeature.signTransaction(input);
  if (!output) throw new Error('No signature received from wallet');
  const wire = getBase64EncodedWireTransaction(getTransactionDecoder().decode(output.signedTransaction));
  try {
    const signature = await rpc.sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' }).send();
    return { signature, sentBy: 'app' };
  } catch (error) {
    throw refusal(error);
  }
}
