// The connected wallet's balance in lamports, kept live: an account subscription on the
// cluster's WebSocket that reconnects and re-reads after a drop (net/rpc-lamports-watch.ts), a
// slow refetch as a safety net, and refreshBalance() after every transaction the app sends. The
// chain clients (kit) are loaded only once there is an address to watch, never for the first page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useAppConfig } from '../config/use-app-config';
import { BALANCE_KEY } from './balance-cache';

/** The subscription carries changes; this only corrects a missed notification. */
export const BALANCE_REFETCH_MS = 30_000;

export function useBalance(address: string | null | undefined) {
  const config = useAppConfig().data;
  const queryClient = useQueryClient();
  const rpcUrl = config?.rpcUrl;
  const wsUrl = config?.wsUrl;
  const queryKey = useMemo(() => [BALANCE_KEY, address ?? null, rpcUrl ?? null] as const, [address, rpcUrl]);

  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      if (!rpcUrl || !wsUrl || !address) return 0n;
      const { readLamports, solanaChain } = await import('../../net/rpc-chain');
      return readLamports(solanaChain({ rpcUrl, wsUrl }), address, signal);
    },
    enabled: Boolean(rpcUrl && wsUrl && address),
    refetchInterval: BALANCE_REFETCH_MS,
  });

  useEffect(() => {
    if (!rpcUrl || !wsUrl || !address) return undefined;
    let stop: (() => void) | null = null;
    let unmounted = false;
    void Promise.all([import('../../net/rpc-chain'), import('../../net/rpc-lamports-watch')]).then(([{ solanaChain }, { watchLamports }]) => {
      if (unmounted) return;
      stop = watchLamports(solanaChain({ rpcUrl, wsUrl }), address, (lamports) => queryClient.setQueryData(queryKey, lamports));
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [rpcUrl, wsUrl, address, queryClient, queryKey]);

  return query;
}
