import { useEffect } from 'react';
import { useAppConfig } from '../config/use-app-config';

/**
 * Registers the dev wallet when /api/config says the cluster is local.
 * Its code, with the Solana SDK it signs with, is only downloaded then.
 */
export function useDevWalletOnLocalnet(): void {
  const config = useAppConfig().data;
  const rpcUrl = config?.cluster === 'localnet' ? config.rpcUrl : null;
  useEffect(() => {
    if (!rpcUrl) return;
    void import('./dev-wallet/register').then((module) => module.registerDevWallet(rpcUrl));
  }, [rpcUrl]);
}
