// The wire contract (packages/protocol) carries zod and the schemas: no page needs them before its
// first paint, and building every schema at once is one long task on a phone (bench/README.md
// "Web app: first load and Lighthouse"). So the contract loads in parts, each where it is used:
// zod first, then for an HTTP answer the one area of the package its schema lives in (a subpath
// module such as `@duel-dojo/protocol/config`, with what that area imports), and for the socket's
// flows the whole contract. All wait for the page's gate (app/start.tsx: until its first screen is
// shown and the browser is idle), so none competes with the route's own chunk on a slow phone.
import type * as ProtocolModule from '@duel-dojo/protocol';

export type Protocol = typeof ProtocolModule;

let loading: Promise<Protocol> | null = null;
let gate: Promise<unknown> = Promise.resolve();

/** Every load of the wire contract waits for `ready` (a failure of `ready` does not block it). */
export function loadProtocolAfter(ready: Promise<unknown>): void {
  gate = ready.catch(() => undefined);
}

let zodReady: Promise<void> | null = null;

/**
 * zod itself (a chunk of its own, vite.config.ts), set up for the server's CSP
 * (packages/protocol/src/no-eval.ts) before any schema is built. It is evaluated in a task of its
 * own and the area's schemas are built in a later one, instead of both in one long task.
 */
function loadZod(): Promise<void> {
  zodReady ??= import('@duel-dojo/protocol/no-eval')
    .then((module) => module.buildSchemasWithoutEval())
    .catch((error: unknown) => {
      zodReady = null;
      throw error;
    });
  return zodReady;
}

/** One area of the wire contract, `load` being its dynamic import, once the gate is open. */
export function loadContractArea<Area>(load: () => Promise<Area>): Promise<Area> {
  return gate.then(loadZod).then(load);
}

/** The whole wire contract, for the flows that use schemas of many areas (the socket's events). */
export function loadProtocol(): Promise<Protocol> {
  loading ??= loadContractArea(() => import('./protocol-module')).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
