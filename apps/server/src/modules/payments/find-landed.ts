// Finding a transaction a player says they sent (SECURITY.md 7): polled until it is visible at
// commitment confirmed, or the budget is spent ("not found, retryable").
import type { ObservedTransfer } from '../ledger';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FindLanded {
  readonly fetchTransfer: (signature: string) => Promise<ObservedTransfer | null>;
  /** How long a transaction that is not visible yet is waited for before "not found". */
  readonly budgetMs: number;
  readonly intervalMs: number;
}

/** Polls until the transaction is visible at commitment confirmed, or the budget is spent. */
export async function findLanded(deps: FindLanded, signature: string): Promise<ObservedTransfer | null> {
  const deadline = Date.now() + deps.budgetMs;
  for (;;) {
    try {
      const landed = await deps.fetchTransfer(signature);
      if (landed) return landed;
    } catch {
      // An RPC hiccup is "not visible yet": the budget bounds the wait either way.
    }
    if (Date.now() + deps.intervalMs > deadline) return null;
    await sleep(deps.intervalMs);
  }
}
