// The one query client of the app, with one retry policy for every query: an answer of 4xx
// (a 404 "not found", a refusal) is an answer, not a reason to ask again; anything else (the
// network, a 5xx, the chain's RPC) is asked twice more.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../net/http';

function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, refetchOnWindowFocus: false, retry: retryUnlessClientError } } });
}
