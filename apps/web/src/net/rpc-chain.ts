// The cluster's Solana JSON-RPC and PubSub, through @solana/kit (commitment `confirmed`, kit's
// default). Only ever imported on demand, when a wallet is used: kit is not part of the first page.
import {
  address,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  lamports,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
} from '@solana/kit';

export interface ChainUrls {
  readonly rpcUrl: string;
  readonly wsUrl: string;
}

export interface SolanaChain {
  readonly rpc: Rpc<SolanaRpcApi>;
  readonly rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>;
}

/** A plain URL types as "any cluster"; ours may be the local one, which has requestAirdrop. */
export function createChainRpc(rpcUrl: string): Rpc<SolanaRpcApi> {
  return createSolanaRpc(rpcUrl) as Rpc<SolanaRpcApi>;
}

const chains = new Map<string, SolanaChain>();

/**
 * One pair of clients per cluster for the whole page, so every balance and confirmation shares
 * kit's pooled WebSocket and identical subscriptions are coalesced.
 */
export function solanaChain(urls: ChainUrls): SolanaChain {
  const key = `${urls.rpcUrl} ${urls.wsUrl}`;
  let chain = chains.get(key);
  if (!chain) {
    chain = {
      rpc: createChainRpc(urls.rpcUrl),
      rpcSubscriptions: createSolanaRpcSubscriptions(urls.wsUrl) as RpcSubscriptions<SolanaRpcSubscriptionsApi>,
    };
    chains.set(key, chain);
  }
  return chain;
}

/** The local cluster's faucet; resolves with the airdrop's signature. */
export function requestAirdrop(chain: Pick<SolanaChain, 'rpc'>, owner: string, amount: bigint): Promise<string> {
  return chain.rpc.requestAirdrop(address(owner), lamports(amount)).send();
}

export async function readLamports(chain: Pick<SolanaChain, 'rpc'>, owner: string, abortSignal?: AbortSignal): Promise<bigint> {
  const { value } = await chain.rpc.getBalance(address(owner)).send(abortSignal ? { abortSignal } : undefined);
  return value;
}
