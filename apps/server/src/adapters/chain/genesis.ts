// docs/security.md 10: a server pointed at the wrong chain would accept another cluster's
// transactions as payments (and pay out on it). At start the RPC's genesis hash must be the one
// of the configured cluster; a mismatch stops the start with one line.

/** Public clusters' genesis hashes; localnet's is packages/localnet's fixed GENESIS_HASH
 * (base58 sha256 of "duel-dojo localnet genesis v1", documented in its README). */
export const GENESIS_HASHES: Readonly<Record<'localnet' | 'devnet' | 'mainnet-beta', string>> = {
  localnet: 'HE6WJvhBhMZ5xMjpd2dTsgDhrb5LQBDdXpK5MVzxyZzJ',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  'mainnet-beta': '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
};

export class ClusterMismatch extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClusterMismatch';
  }
}

/** Throws ClusterMismatch (one line) unless `actual` is the cluster's genesis hash. */
export function assertGenesis(cluster: keyof typeof GENESIS_HASHES, rpcUrl: string, actual: string): void {
  const expected = GENESIS_HASHES[cluster];
  if (actual !== expected) {
    throw new ClusterMismatch(`SOLANA_RPC_URL ${rpcUrl} serves genesis ${actual}, not ${cluster} (${expected}): check SOLANA_CLUSTER and SOLANA_RPC_URL`);
  }
}
