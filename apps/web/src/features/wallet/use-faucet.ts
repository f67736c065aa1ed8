// The local cluster's faucet: the RPC's requestAirdrop, then the balance refreshes.
import { useCallback, useState } from 'react';
import { confirmSignature, createRpc } from '../../net/rpc';
import { useAppConfig } from '../config/use-app-config';
import { useRefreshBalance } from './use-balance';

export const FAUCET_LAMPORTS = 2_000_000_000n;

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
      const rpc = createRpc(config.rpcUrl);
      await confirmSignature(rpc, await rpc.requestAirdrop(address, FAUCET_LAMPORTS));
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : 'The faucet failed' });
    } finally {
      void refreshBalance();
    }
  }, [config, address, refreshBalance]);

  return { available, state, request };
}
