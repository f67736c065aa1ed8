// Finding a transaction a player says they sent (docs/security.md 7): polled until it is visible at
// commitment confirmed, or the budget is spent ("not found, retryable"). Each attempt is raced
// against what is left of the budget: the budget is a promise to the player (and bounds how long
// verification holds the payment's lock), so one RPC call that never answers must not outlast it.
// The attempt left behind ends on its own at the adapter's per-request deadline.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ObservedTransfer } from '../ledger';

export interface FindLanded {
  readonly fetchTransfer: (signature: string) => Promise<ObservedTransfer | null>;
  /** How long a transaction that is not visible yet is waited for before "not found". */
  readonly budgetMs: number;
  readonly intervalMs: number;
}

/** One attempt: the transaction, or null when it is not visible or the node failed to answer. */
async function attempt(deps: FindLanded, signature: string): Promise<ObservedTransfer | null> {
  try {
    return await deps.fetchTransfer(signature);
  } catch {
    // An RPC hiccup is "not visible yet": the budget bounds the wait either way.
    return null;
  }
}

/** `work`, or null once `ms` have passed without its answer. */
async function within<T>(ms: number, work: Promise<T | null>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), Math.max(ms, 0));
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls until the transaction is visible at commitment confirmed, or the budget is spent. */
export async function findLanded(deps: FindLanded, signature: string): Promise<ObservedTransfer | null> {
  const deadline = Date.now() + deps.budgetMs;
  for (;;) {
    const landed = await within(deadline - Date.now(), attempt(deps, signature));
    if (landed) return landed;
    if (Date.now() + deps.intervalMs > deadline) return null;
    await sleep(deps.intervalMs);
  }
}
