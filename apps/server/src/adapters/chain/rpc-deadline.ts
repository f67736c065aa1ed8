// Every RPC request carries a deadline of its own (docs/security.md 7, 16): a node that accepts the
// connection and never answers (stopped, overloaded, a proxy holding the socket) must not hold a
// verification, a payment's lock, a reconciliation or a recovery pass past its budget. A budget
// checked only between calls is not enough: one call that never returns never reaches the check.
import { linkSignals } from '../../concurrency/linked-signal';
import { ChainUnavailable } from '../../modules/ledger';

/** How long one RPC request may take before it counts as "chain unavailable, retry later". */
export const DEFAULT_RPC_TIMEOUT_MS = 5_000;

function reasonText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

/**
 * Runs one RPC request under `timeoutMs` and the `stops` given (the caller's own deadline,
 * shutdown). The request gets the signal (kit's `.send({ abortSignal })`), and its answer is raced
 * against it too, so even a transport that ignored the signal cannot hang the caller. Every
 * failure, the deadline included, becomes ChainUnavailable.
 */
export async function rpcCall<T>(what: string, timeoutMs: number, request: (abortSignal: AbortSignal) => Promise<T>, stops: readonly (AbortSignal | undefined)[] = []): Promise<T> {
  const linked = linkSignals(stops, timeoutMs);
  const { signal } = linked;
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  try {
    return await Promise.race([request(signal), aborted]);
  } catch (error) {
    const detail = linked.timedOut ? `no answer within ${timeoutMs} ms` : signal.aborted ? `aborted (${reasonText(signal.reason)})` : reasonText(error);
    throw new ChainUnavailable(`${what}: ${detail}`, { cause: error });
  } finally {
    linked.release();
  }
}
