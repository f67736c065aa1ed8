// GET /api/config: the cluster, RPC endpoints, treasury, price and early-access target.
import type { ConfigAnswer } from '@duel-dojo/protocol';
import { requestJson } from './http';

export function fetchConfig(): Promise<ConfigAnswer> {
  return requestJson('/api/config', (p) => p.configAnswer);
}
