// The wire contract (packages/protocol) carries zod and every schema: ~34 KB gzip that no page
// needs before its first paint. It is loaded once, on the first call that parses an answer, so
// the home route's initial JS stays within its budget (bench/web-budget.mjs). The page can hold
// that download back further (app/start.tsx: until its first screen is shown and the browser is idle),
// so it does not compete with the route's own chunk for the bandwidth of a slow phone.
import type * as ProtocolModule from '@duel-dojo/protocol';

export type Protocol = typeof ProtocolModule;

let loading: Promise<Protocol> | null = null;
let gate: Promise<unknown> = Promise.resolve();

/** The first load of the wire contract waits for `ready` (a failure of `ready` does not block it). */
export function loadProtocolAfter(ready: Promise<unknown>): void {
  gate = ready.catch(() => undefined);
}

export function loadProtocol(): Promise<Protocol> {
  loading ??= gate
    .then(() => import('./protocol-module'))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
