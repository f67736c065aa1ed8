// The wire contract (packages/protocol) carries zod and every schema: ~34 KB gzip that no page
// needs before its first paint. It is loaded once, on the first call that parses an answer, so
// the home route's initial JS stays within its budget (bench/web-budget.mjs).
import type * as ProtocolModule from '@duel-dojo/protocol';

export type Protocol = typeof ProtocolModule;

let loading: Promise<Protocol> | null = null;

export function loadProtocol(): Promise<Protocol> {
  loading ??= import('@duel-dojo/protocol').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
