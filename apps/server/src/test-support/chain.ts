// The money tests' chain: packages/localnet in-process on free ports, fast blocks, and players
// with real ed25519 keys that both sign in (TestWallet) and sign SOL transfers (KeyPairSigner);
// the client side is chain-client.ts, shared with the chain run as a process (chain-process.ts).
//
//   const chain = await startTestChain();
//   const alice = await chain.player(2_000_000_000n);
//   const signature = await chain.send(alice.signer, [transferWithReferences(alice.signer, treasury, 1000n, [reference])]);
import { type Localnet, type LocalnetOptions, startLocalnet } from '@duel-dojo/localnet';
import { type ChainClient, createChainClient } from './chain-client';

export { type ChainClient, type ChainPlayer, transferWithReferences } from './chain-client';

export interface TestChain extends ChainClient {
  readonly localnet: Localnet;
  stop(): Promise<void>;
}

export async function startTestChain(options: LocalnetOptions = {}): Promise<TestChain> {
  const localnet = await startLocalnet({ port: 0, dataDir: null, blockIntervalMs: 50, ...options });
  const client = await createChainClient(localnet);
  return { ...client, localnet, stop: () => localnet.stop() };
}
