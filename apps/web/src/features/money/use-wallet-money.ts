// The signed-in wallet's money, page after page (newest first), as one list with the totals.
// While a movement is pending or being retried the loaded pages are read again every few seconds,
// so a refund on its way turns Confirmed without a reload.
import type { MoneyMovement, WalletMoneyAnswer } from '@duel-dojo/protocol';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchWalletMoney } from '../../net/api-money';
import { isUnsettled } from './movement-labels';

/** Rows per page: a screenful on a phone, a short scroll on a desktop. */
export const MONEY_PAGE_SIZE = 20;
/** How often the pages are read again while something is still on its way. */
export const UNSETTLED_REFRESH_MS = 5_000;

export const walletMoneyKey = (wallet: string) => ['wallet-money', wallet] as const;

/** Every page's movements in order, each id once (a row may move to a later page as new ones arrive). */
export function joinPages(pages: readonly WalletMoneyAnswer[]): MoneyMovement[] {
  const seen = new Set<string>();
  const movements: MoneyMovement[] = [];
  for (const page of pages) {
    for (const movement of page.movements) {
      if (seen.has(movement.id)) continue;
      seen.add(movement.id);
      movements.push(movement);
    }
  }
  return movements;
}

export function useWalletMoney(wallet: string, token: string) {
  const query = useInfiniteQuery({
    queryKey: walletMoneyKey(wallet),
    queryFn: ({ pageParam, signal }) => fetchWalletMoney(wallet, { token, cursor: pageParam, limit: MONEY_PAGE_SIZE, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: (current) => (current.state.data?.pages.some((page) => page.movements.some(isUnsettled)) ? UNSETTLED_REFRESH_MS : false),
  });
  const pages = query.data?.pages;
  const movements = useMemo(() => (pages ? joinPages(pages) : []), [pages]);
  // The totals cover every confirmed movement of the wallet, whichever page carries them.
  const totals = pages?.[0]?.totals ?? null;
  return { query, movements, totals };
}
