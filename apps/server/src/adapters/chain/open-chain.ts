// Opens the chain the configuration names: first the genesis check (SECURITY.md 10) — a server
// never runs against a cluster it was not configured for — then the treasury key
// (treasury-keypair.ts) and the RPC clients (solana-chain.ts).
import { createSolanaRpc } from '@solana/kit';
import type { Config } from '../../config';
import { ChainUnavailable } from '../../modules/ledger';
import { assertGenesis } from './genesis';
import { type SolanaChain, createSolanaChain } from './solana-chain';
import { loadTreasury } from './treasury-keypair';

async function genesisHash(rpcUrl: string): Promise<string> {
  try {
    return await createSolanaRpc(rpcUrl).getGenesisHash().send();
  } catch (error) {
    throw new ChainUnavailable(`getGenesisHash: ${error instanceof Error ? error.message : String(error)} (SOLANA_RPC_URL ${rpcUrl})`, { cause: error });
  }
}

export async function openChain(config: Pick<Config, 'cluster' | 'rpcUrl' | 'wsUrl' | 'treasuryKeypair' | 'dataDir'>, options: { pollMs?: number } = {}): Promise<SolanaChain> {
  assertGenesis(config.cluster, config.rpcUrl, await genesisHash(config.rpcUrl));
  const treasury = await loadTreasury(config);
  return createSolanaChain({ rpcUrl: config.rpcUrl, wsUrl: config.wsUrl, treasury, ...options });
}
