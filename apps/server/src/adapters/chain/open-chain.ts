// Opens the chain the configuration names: first the genesis check (docs/security.md 10) — a server
// never runs against a cluster it was not configured for — then the treasury key
// (treasury-keypair.ts) and the RPC clients (solana-chain.ts). The genesis request has the same
// per-request deadline as every other (rpc-deadline.ts): a node that never answers stops the
// start with one line instead of leaving it hanging.
import { createSolanaRpc } from '@solana/kit';
import type { Config } from '../../config';
import { ChainUnavailable } from '../../modules/ledger';
import { assertGenesis } from './genesis';
import { DEFAULT_RPC_TIMEOUT_MS, rpcCall } from './rpc-deadline';
import { type SolanaChain, type SolanaChainOptions, createSolanaChain } from './solana-chain';
import { loadTreasury } from './treasury-keypair';

export type OpenChainOptions = Pick<SolanaChainOptions, 'pollMs' | 'rpcTimeoutMs'>;

async function genesisHash(rpcUrl: string, timeoutMs: number): Promise<string> {
  try {
    return await rpcCall('getGenesisHash', timeoutMs, (abortSignal) => createSolanaRpc(rpcUrl).getGenesisHash().send({ abortSignal }));
  } catch (error) {
    throw new ChainUnavailable(`${error instanceof Error ? error.message : String(error)} (SOLANA_RPC_URL ${rpcUrl})`, { cause: error });
  }
}

export async function openChain(config: Pick<Config, 'cluster' | 'rpcUrl' | 'wsUrl' | 'treasuryKeypair' | 'dataDir'>, options: OpenChainOptions = {}): Promise<SolanaChain> {
  assertGenesis(config.cluster, config.rpcUrl, await genesisHash(config.rpcUrl, options.rpcTimeoutMs ?? DEFAULT_RPC_TIMEOUT_MS));
  const treasury = await loadTreasury(config);
  return createSolanaChain({ rpcUrl: config.rpcUrl, wsUrl: config.wsUrl, treasury, ...options });
}
