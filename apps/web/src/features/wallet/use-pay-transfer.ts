// Paying a payment request (a stake, a marketplace purchase, a tournament entry): one SOL
// transfer to the server's recipient carrying the request's reference key, signed and sent by
// the connected wallet through the cluster's RPC. Every balance on screen refreshes after it,
// paid or not (a refused transfer may still have cost a fee).
import { useMemo } from 'react';
import { useAppConfig } from '../config/use-app-config';
import { useRefreshBalance } from './balance-cache';
import { useConnectedWallet } from './wallet-context';

export interface PaymentTransfer {
  readonly recipientWallet: string;
  readonly lamports: bigint;
  readonly reference: string;
}

/** Resolves with the signature once confirmed; `sent` hears it as soon as the wallet has sent it. */
export type PayTransfer = (transfer: PaymentTransfer, sent?: (signature: string) => void) => Promise<string>;

export interface Payer {
  /** The connected account that pays. */
  readonly address: string;
  readonly pay: PayTransfer;
}

/** The connected wallet as a payer; null until /api/config has answered and a wallet is connected. */
export function usePayTransfer(): Payer | null {
  const config = useAppConfig().data;
  const connected = useConnectedWallet();
  const refreshBalance = useRefreshBalance();
  return useMemo(() => {
    if (!config || !connected) return null;
    const pay: PayTransfer = async (transfer, sent) => {
      // The SDK is loaded on demand, so it is never part of the first page.
      const [{ sendSol }, { solanaChain }] = await Promise.all([import('./transfer'), import('../../net/rpc-chain')]);
      try {
        const request = { to: transfer.recipientWallet, lamports: transfer.lamports, reference: transfer.reference };
        return await sendSol(connected, solanaChain(config), config, request, (stage, signature) => {
          if (stage === 'confirming' && signature) sent?.(signature);
        });
      } finally {
        void refreshBalance();
      }
    };
    return { address: connected.address, pay };
  }, [config, connected, refreshBalance]);
}
