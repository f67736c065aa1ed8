// The balances in the query cache, apart from the hook that reads them (use-balance.ts): a sign-out
// forgets them from the app's chunk, while the reading hook loads with the signed-in menus.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** The first part of every balance's query key. */
export const BALANCE_KEY = 'balance';

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
