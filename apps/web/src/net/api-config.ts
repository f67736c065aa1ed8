// GET /api/config: the cluster, RPC endpoints, treasury, price and early-access target.
import type { ConfigAnswer } from '@duel-dojo/protocol';
import { requestJson } from './http';

// The schema of its answer, loaded where used (net/protocol.ts).
const configArea = () => import('@duel-dojo/protocol/config');

export function fetchConfig(): Promise<ConfigAnswer> {
  return requestJson('/api/config', () => configArea().then((area) => area.configAnswer));
}
