import type { ConfigAnswer } from '@duel-dojo/protocol';
import { useQuery } from '@tanstack/react-query';
import { fetchConfig } from '../../net/api-config';

export type AppConfig = ConfigAnswer;

export const CONFIG_QUERY_KEY = ['config'] as const;

/** GET /api/config, fetched once per visit. */
export function useAppConfig() {
  return useQuery({ queryKey: CONFIG_QUERY_KEY, queryFn: fetchConfig, staleTime: Infinity, retry: 2 });
}
