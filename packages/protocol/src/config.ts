import { z } from 'zod/mini';
import { walletAddress } from './primitives';

// GET /api/config: what the web app, and any other client, needs to
// know about the deployment before it talks to the chain: which cluster, which RPC endpoints,
// where payments go, the SOL/USD price stakes are converted with, and the early-access target.

export const SOLANA_CLUSTERS = ['localnet', 'devnet', 'mainnet-beta'] as const;
export const solanaCluster = z.enum(SOLANA_CLUSTERS);
export type SolanaCluster = z.infer<typeof solanaCluster>;

const url = (protocols: RegExp) => z.url({ protocol: protocols, error: 'Must be a URL' }).check(z.maxLength(2000));

export const configAnswer = z.object({
  cluster: solanaCluster,
  /** Solana JSON-RPC over HTTP(S). */
  rpcUrl: url(/^https?$/),
  /** Solana PubSub over WebSocket (signature and account subscriptions). */
  wsUrl: url(/^wss?$/),
  /** The treasury's address: the recipient of stakes and purchases; null until one is configured. */
  treasuryAddress: z.nullable(walletAddress),
  /** USD per SOL as decimal text ("150"): stake labels in $ become lamports with it, never via floats. */
  solUsdPrice: z.string().check(z.maxLength(32), z.regex(/^\d{1,12}(\.\d{1,9})?$/, { error: 'Must be a decimal number' })),
  /**
   * ISO date-time of the early-access countdown's end. Without a zone ("2025-08-14T00:00:00")
   * it is the player's local time, as the original fixed target was.
   */
  earlyAccessTarget: z.iso.datetime({ local: true, offset: true, error: 'Must be an ISO date-time' }),
  /** How long an opponent must have been away before the victory can be claimed (ms). */
  claimVictoryAfterMs: z.int().check(z.positive(), z.lte(600_000)),
});
export type ConfigAnswer = z.infer<typeof configAnswer>;
