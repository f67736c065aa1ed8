// What every RPC method receives, and the `{ context: { slot, apiVersion }, value }` envelope
// that Solana wraps around most answers.
import type { KeyPairSigner } from '@solana/kit';
import type { Chain } from '../chain';
import { SOLANA_CORE_VERSION } from '../genesis';

export interface RpcContext {
  chain: Chain;
  /** The faucet's signer (requestAirdrop); created once, lazily, because key import is async. */
  faucet: () => Promise<KeyPairSigner>;
}

/** A method takes the request's raw `params` (validated inside) and returns the JSON result. */
export type RpcMethod = (params: unknown, ctx: RpcContext) => unknown;

export type RpcMethodTable = Record<string, RpcMethod>;

export function withContext(ctx: RpcContext, value: unknown): { context: { slot: number; apiVersion: string }; value: unknown } {
  return { context: { slot: ctx.chain.clock.head.slot, apiVersion: SOLANA_CORE_VERSION }, value };
}
