import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ConnectedWallet, WalletConnection } from './wallet-connection';

export const WalletConnectionContext = createContext<WalletConnection | null>(null);

export function useWalletConnection(): WalletConnection {
  const connection = useContext(WalletConnectionContext);
  if (!connection) throw new Error('useWalletConnection needs <WalletConnectionContext.Provider>');
  return connection;
}

/** The connected wallet account, re-rendering when it changes. */
export function useConnectedWallet(): ConnectedWallet | null {
  const connection = useWalletConnection();
  return useSyncExternalStore(connection.subscribe, connection.getSnapshot, connection.getSnapshot);
}
