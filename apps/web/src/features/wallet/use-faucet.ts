// The local cluster's faucet: the RPC's requestAirdrop, then the balance refreshes.
import { useCallback, useState } from 'react';
import { useAppConfig } from '../config/use-app-config';
import { useRefreshBalance } from './balance-cache';

export const FAUCET_LAMPORTS = 2_000_000_000n;
const AIRDROP_NOT_FOUND_MS = 30_000;

export type FaucetState = { status: 'idle' } | { status: 'pending' } | { status: 'done' } | { status: 'error'; message: string };

export function useFaucet(address: string | null) {
  const config = useAppConfig().data;
  const refreshBalance = useRefreshBalance();
  const [state, setState] = useState<FaucetState>({ status: 'idle' });
  const available = config?.cluster === 'localnet';

  const request = useCallback(async () => {
    if (!config || !address) return;
    setState({ status: 'pending' });
    try {
      // The SDK is loaded on demand, so it is never part of the first page.
      const [{ requestAirdrop, solanaChain }, { confirmTransfer }] = await Promise.all([import('../../net/rpc-chain'), import('./confirm-transfer')]);
      const chain = solanaChain(config);
      const signature = await requestAirdrop(chain, address, FAUCET_LAMPORTS);
      // The faucet's transfer carries no blockhash of ours: a bound on "never seen" ends the wait instead.
      await confirmTransfer(chain, { signature, lastValidBlockHeight: null }, { notFoundMs: AIRDROP_NOT_FOUND_MS });
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : 'The faucet failed' });
    } finally {
      void refreshBalance();
    }
  }, [config, address, refreshBalance]);

  return { available, state, request };
}
