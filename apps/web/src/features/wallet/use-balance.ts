// The connected wallet's balance in lamports, kept live: an account subscription on the
// cluster's WebSocket, a slow refetch as a safety net, and refreshBalance() after every
// transaction the app sends.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { type SolanaRpc, createRpc } from '../../net/rpc';
import { subscribeToLamports } from '../../net/rpc-subscriptions';
import { useAppConfig } from '../config/use-app-config';

const BALANCE_KEY = 'balance';
/** The subscription carries changes; this only corrects a missed notification. */
export const BALANCE_REFETCH_MS = 30_000;

/** The JSON-RPC client of the configured cluster; null until /api/config has answered. */
export function useRpc(): SolanaRpc | null {
  const rpcUrl = useAppConfig().data?.rpcUrl;
  return useMemo(() => (rpcUrl ? createRpc(rpcUrl) : null), [rpcUrl]);
}

export function useBalance(address: string | null | undefined) {
  const config = useAppConfig().data;
  const rpc = useRpc();
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => [BALANCE_KEY, address ?? null, config?.rpcUrl ?? null] as const, [address, config?.rpcUrl]);

  const query = useQuery({
    queryKey,
    queryFn: () => (rpc && address ? rpc.getBalance(address) : Promise.resolve(0n)),
    enabled: Boolean(rpc && address),
    refetchInterval: BALANCE_REFETCH_MS,
  });

  const wsUrl = config?.wsUrl;
  useEffect(() => {
    if (!wsUrl || !address) return undefined;
    return subscribeToLamports(wsUrl, address, (lamports) => queryClient.setQueryData(queryKey, lamports));
  }, [wsUrl, address, queryClient, queryKey]);

  return query;
}

/** Refetches every balance on screen: call it after each transaction. */
export function useRefreshBalance(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [BALANCE_KEY] }), [queryClient]);
}

/** Forgets every balance (on disconnect or sign-out). */
export function useClearBalance(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.removeQueries({ queryKey: [BALANCE_KEY] }), [queryClient]);
}
