// An account's lamports, live: kit's accountNotifications over the cluster's WebSocket. Kit does
// not reconnect a dropped subscription by itself, and a change made while the socket was down is
// never notified, so each (re)subscription is followed by a fresh read of the balance, and a
// dropped socket is dialled again after a pause that grows with each failure in a row.
import { address } from '@solana/kit';
import { readLamports, type SolanaChain } from './rpc-chain';
import { pause } from './pause';

/** Pauses before the 1st, 2nd… attempt in a row that follows a failure; the last one repeats. */
export const RESUBSCRIBE_DELAYS_MS: readonly number[] = [250, 1_000, 2_000, 5_000, 10_000, 30_000];

export interface LamportsWatchOptions {
  readonly delaysMs?: readonly number[];
  /** Hears every failed attempt (the socket dropped or could not connect, the read failed). */
  readonly onError?: (error: unknown) => void;
}

/** Calls `onLamports` with the balance now and at every change; returns the function that stops it. */
export function watchLamports(chain: SolanaChain, owner: string, onLamports: (lamports: bigint) => void, options: LamportsWatchOptions = {}): () => void {
  const delays = options.delaysMs ?? RESUBSCRIBE_DELAYS_MS;
  const stop = new AbortController();
  const account = address(owner);

  async function attempt(): Promise<boolean> {
    const current = new AbortController();
    const abort = () => current.abort();
    stop.signal.addEventListener('abort', abort, { once: true });
    let subscribed = false;
    try {
      const notifications = await chain.rpcSubscriptions
        .accountNotifications(account, { commitment: 'confirmed', encoding: 'base64' })
        .subscribe({ abortSignal: current.signal });
      // Subscribed first, read second: a change between the two arrives as a notification.
      const lamports = await readLamports(chain, owner, current.signal);
      if (stop.signal.aborted) return true;
      onLamports(lamports);
      subscribed = true;
      for await (const notification of notifications) onLamports(notification.value.lamports);
    } catch (error) {
      if (!stop.signal.aborted) options.onError?.(error);
    } finally {
      // Releases kit's coalesced subscription, so the next attempt opens a fresh one.
      current.abort();
      stop.signal.removeEventListener('abort', abort);
    }
    return subscribed;
  }

  void (async () => {
    let failures = 0;
    while (!stop.signal.aborted) {
      const subscribed = await attempt();
      failures = subscribed ? 0 : failures + 1;
      if (stop.signal.aborted) return;
      await pause(delays[Math.min(failures, delays.length - 1)] ?? 0, stop.signal);
    }
  })();
  return () => stop.abort();
}
