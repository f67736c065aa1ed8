// Solana clusters and their public endpoints: the defaults behind SOLANA_RPC_URL and
// SOLANA_WS_URL, so `SOLANA_CLUSTER=devnet` alone is a working configuration.

export const SOLANA_CLUSTERS = ['localnet', 'devnet', 'mainnet-beta'] as const;
export type SolanaCluster = (typeof SOLANA_CLUSTERS)[number];

export const DEFAULT_RPC_URLS: Readonly<Record<SolanaCluster, string>> = {
  // packages/localnet listens here.
  localnet: 'http://127.0.0.1:8899',
  devnet: 'https://api.devnet.solana.com',
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
};

/**
 * The PubSub WebSocket beside an RPC URL, by the convention every Solana validator and
 * web3.js follow: same host, ws(s) scheme, and the next port when a port is given
 * (8899 -> 8900); public endpoints serve both on 443.
 */
export function deriveWsUrl(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (url.port !== '') url.port = String(Number(url.port) + 1);
  return url.toString().replace(/\/$/, '');
}
