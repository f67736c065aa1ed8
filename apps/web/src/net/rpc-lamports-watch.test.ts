// The balance the wallet menu shows follows the chain through a dropped WebSocket: the watch
// dials again, subscribes again and reads the balance again, so a change made while the socket
// was down is shown too. Against the real local chain, its WebSocket behind a relay the test cuts.
import '../test-support/real-websocket';
import { generateKeyPairSigner, lamports } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalChain, startLocalChain } from '../test-support/local-chain';
import { type SocketCutter, startSocketCutter } from '../test-support/socket-cutter';
import { type SolanaChain, readLamports, solanaChain } from './rpc-chain';
import { watchLamports } from './rpc-lamports-watch';

const SOL = 1_000_000_000n;
const WAIT = { timeout: 30_000, interval: 20 };

let local: LocalChain;
let cutter: SocketCutter;
let chain: SolanaChain;
beforeAll(async () => {
  local = await startLocalChain({ blockIntervalMs: 50 });
  cutter = await startSocketCutter(local.wsUrl);
  chain = solanaChain({ rpcUrl: local.rpcUrl, wsUrl: cutter.wsUrl });
});
afterAll(async () => {
  await cutter?.close();
  await local?.stop();
});

async function airdrop(owner: string, amount: bigint): Promise<void> {
  const before = await readLamports(chain, owner);
  await chain.rpc.requestAirdrop(owner as Parameters<SolanaChain['rpc']['requestAirdrop']>[0], lamports(amount)).send();
  await vi.waitFor(async () => expect(await readLamports(chain, owner)).toBe(before + amount), WAIT);
}

describe('the live balance', () => {
  it('reconnects after the WebSocket is dropped and shows the balance that changed meanwhile', async () => {
    const owner = (await generateKeyPairSigner()).address;
    let shown: bigint | null = null;
    const failures: unknown[] = [];
    const stop = watchLamports(chain, owner, (value) => (shown = value), { delaysMs: [20, 50, 100], onError: (error) => failures.push(error) });
    try {
      await vi.waitFor(() => expect(shown).toBe(0n), WAIT);
      await airdrop(owner, SOL);
      await vi.waitFor(() => expect(shown).toBe(SOL), WAIT);

      cutter.cut();
      await vi.waitFor(() => expect(failures.length).toBeGreaterThan(0), WAIT);
      // Changed while no socket can tell the watch: the balance shown is now stale.
      await airdrop(owner, 2n * SOL);
      expect(shown).toBe(SOL);
      const connectionsBefore = cutter.connections;

      cutter.restore();
      await vi.waitFor(() => expect(shown).toBe(3n * SOL), WAIT);
      expect(cutter.connections).toBeGreaterThan(connectionsBefore);
      // Subscribed again, not merely read once: the next change arrives by notification.
      await airdrop(owner, SOL);
      await vi.waitFor(() => expect(shown).toBe(4n * SOL), WAIT);
    } finally {
      stop();
    }
  });

});
