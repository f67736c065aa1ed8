import type { SolanaCluster } from '@duel-dojo/protocol';

// Block explorer links: explorer.solana.com with the cluster in ?cluster=,
// and the local node's RPC address for the local cluster.

function clusterQuery(cluster: SolanaCluster, rpcUrl: string): string {
  if (cluster === 'mainnet-beta') return '?cluster=mainnet-beta';
  if (cluster === 'devnet') return '?cluster=devnet';
  return `?cluster=custom&customUrl=${encodeURIComponent(rpcUrl)}`;
}

export function explorerTransactionUrl(signature: string, cluster: SolanaCluster, rpcUrl: string): string {
  return `https://explorer.solana.com/tx/${signature}${clusterQuery(cluster, rpcUrl)}`;
}

export function explorerAddressUrl(address: string, cluster: SolanaCluster, rpcUrl: string): string {
  return `https://explorer.solana.com/address/${address}${clusterQuery(cluster, rpcUrl)}`;
}

/** The Wallet Standard chain id of a cluster ("solana:devnet"). */
export function walletChain(cluster: SolanaCluster): `solana:${string}` {
  return cluster === 'mainnet-beta' ? 'solana:mainnet' : `solana:${cluster}`;
}
