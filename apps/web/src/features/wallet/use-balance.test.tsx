// The balance on screen is the chain's, through a dropped WebSocket: useBalance against the real
// local chain, its WebSocket behind a relay the test cuts while the balance changes.
import '../../test-support/real-websocket';
import { generateKeyPairSigner } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readLamports, requestAirdrop, solanaChain } from '../../net/rpc-chain';
import { type LocalChain, startLocalChain } from '../../test-support/local-chain';
import { type SocketCutter, startSocketCutter } from '../../test-support/socket-cutter';
import { type AppConfig, CONFIG_QUERY_KEY } from '../config/use-app-config';
import { BALANCE_REFETCH_MS, useBalance } from './use-balance';

const SOL = 1_000_000_000n;
// Well inside the safety-net refetch, so what shows the balance is the watch, not the refetch.
const SHOWN = { timeout: BALANCE_REFETCH_MS * 0.6 };

let local: LocalChain;
let cutter: SocketCutter;
beforeAll(async () => {
  local = await startLocalChain({ blockIntervalMs: 50 });
  cutter = await startSocketCutter(local.wsUrl);
});
afterAll(async () => {
  await cutter?.close();
  await local?.stop();
});

function Balance({ address }: { address: string }) {
  const balance = useBalance(address);
  return <output aria-label="balance">{balance.data === undefined ? 'unknown' : `${balance.data} lamports`}</output>;
}

describe('useBalance', () => {
  it('shows the balance that changed while the WebSocket was down, once it is back', async () => {
    const owner = (await generateKeyPairSigner()).address;
    const chain = solanaChain({ rpcUrl: local.rpcUrl, wsUrl: local.wsUrl });
    const airdrop = async (amount: bigint) => {
      const before = await readLamports(chain, owner);
      await requestAirdrop(chain, owner, amount);
      await vi.waitFor(async () => expect(await readLamports(chain, owner)).toBe(before + amount), { timeout: 30_000 });
    };
    const config: AppConfig = {
      cluster: 'localnet',
      rpcUrl: local.rpcUrl,
      wsUrl: cutter.wsUrl,
      treasuryAddress: null,
      solUsdPrice: '150',
      earlyAccessTarget: '2025-08-14T00:00:00',
      claimVictoryAfterMs: 30_000,
    };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
    queryClient.setQueryData(CONFIG_QUERY_KEY, config);
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Balance address={owner} />
      </QueryClientProvider>,
    );
    const shown = () => screen.getByRole('status', { name: 'balance' }).textContent;
    await vi.waitFor(() => expect(shown()).toBe('0 lamports'), SHOWN);
    // Only a notification can tell it this soon: the subscription is up.
    await airdrop(SOL);
    await vi.waitFor(() => expect(shown()).toBe(`${SOL} lamports`), SHOWN);
    const connections = cutter.connections;

    cutter.cut();
    await airdrop(2n * SOL);
    expect(shown()).toBe(`${SOL} lamports`);
    cutter.restore();
    await vi.waitFor(() => expect(shown()).toBe(`${3n * SOL} lamports`), SHOWN);
    expect(cutter.connections).toBeGreaterThan(connections);
    view.unmount();
  });
});
