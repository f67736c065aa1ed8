// A wallet that signs and sends by itself sends to the network it is set to. When that is not
// this app's cluster the transaction never shows up here; the player needs to hear that, and
// how to fix it, rather than wait out a verification timeout. Kept free of the Solana SDK so
// the payment flows can recognise it without loading the SDK.
import type { SolanaCluster } from '@duel-dojo/protocol';
import { TransferNotLandedError } from './transfer-not-landed';

/** How long a transaction the wallet sent may stay unknown to our cluster before we say why. */
export const NOT_FOUND_HINT_MS = 20_000;

export interface PaymentNetwork {
  readonly cluster: SolanaCluster;
  readonly rpcUrl: string;
}

const CLUSTER_NAMES: Readonly<Record<string, string>> = {
  'mainnet-beta': 'Solana Mainnet',
  devnet: 'Solana Devnet',
  testnet: 'Solana Testnet',
};

/** How a player would find the network in the wallet's settings. */
export function networkName(network: PaymentNetwork): string {
  return CLUSTER_NAMES[network.cluster] ?? "this app's local cluster";
}

export function wrongNetworkText(network: PaymentNetwork, afterMs: number): string {
  const name = networkName(network);
  const seconds = Math.round(afterMs / 1000);
  return (
    `Your wallet sent the transaction, but ${name} has not seen it after ${seconds} s: your wallet may be set to another network. ` +
    `No SOL moved on ${name}. Switch your wallet's network to ${name} (RPC ${network.rpcUrl}) and try again.`
  );
}

export class WrongNetworkError extends TransferNotLandedError {
  constructor(
    readonly network: PaymentNetwork,
    readonly signature: string,
    afterMs: number,
  ) {
    super(wrongNetworkText(network, afterMs));
    this.name = 'WrongNetworkError';
  }
}
