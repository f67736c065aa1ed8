// Withdraw: a real transfer from the connected wallet, with its progress
// and, at the end, the signature and an explorer link.
import { useCallback, useState } from 'react';
import { useAppConfig } from '../config/use-app-config';
import { explorerTransactionUrl } from '../config/explorer';
import type { TransferStage } from './transfer';
import { useRefreshBalance } from './balance-cache';
import { useConnectedWallet } from './wallet-context';

export type WithdrawProgress =
  | { stage: 'idle' }
  | { stage: TransferStage; signature?: string }
  | { stage: 'done'; signature: string; explorerUrl: string }
  | { stage: 'error'; message: string };

export const WITHDRAW_STAGE_TEXT: Readonly<Record<TransferStage, string>> = {
  preparing: 'Preparing the transfer…',
  signing: 'Approve the transfer in your wallet…',
  confirming: 'Waiting for confirmation…',
};

export function useWithdraw() {
  const [progress, setProgress] = useState<WithdrawProgress>({ stage: 'idle' });
  const config = useAppConfig().data;
  const connected = useConnectedWallet();
  const refreshBalance = useRefreshBalance();

  const send = useCallback(
    async (to: string, lamports: bigint) => {
      if (!config || !connected) {
        setProgress({ stage: 'error', message: 'Connect your wallet to withdraw' });
        return;
      }
      try {
        // The SDK is loaded on demand, so it is never part of the first page.
        const [{ sendSol }, { solanaChain }] = await Promise.all([import('./transfer'), import('../../net/rpc-chain')]);
        const signature = await sendSol(connected, solanaChain(config), config, { to, lamports }, (stage, sig) => setProgress({ stage, signature: sig }));
        setProgress({ stage: 'done', signature, explorerUrl: explorerTransactionUrl(signature, config.cluster, config.rpcUrl) });
      } catch (error) {
        setProgress({ stage: 'error', message: error instanceof Error ? error.message : 'The transfer failed' });
      } finally {
        void refreshBalance();
      }
    },
    [config, connected, refreshBalance],
  );

  const reset = useCallback(() => setProgress({ stage: 'idle' }), []);
  return { progress, send, reset, canSign: Boolean(connected) };
}
