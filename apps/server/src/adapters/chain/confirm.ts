// Waiting for a transaction, racing its blockhash's expiry, under an AbortSignal. A
// signatureNotifications subscription answers fast; polling getSignatureStatuses backs it up (a
// dropped WebSocket, a notification sent before we subscribed) and watches the block height.
// Each poll is one RPC request under its own deadline (rpc-deadline.ts) and the wait's signal, so
// a node that stops answering fails the poll instead of freezing the loop.
import { linkSignals } from '../../concurrency/linked-signal';
import type { ConfirmOutcome, SignatureState } from '../../modules/ledger';

export interface ConfirmProbe {
  /** Both polls end when `signal` aborts (and, in solana-chain.ts, at their own deadline). */
  signatureState(signal: AbortSignal): Promise<SignatureState>;
  blockHeight(signal: AbortSignal): Promise<bigint>;
  /** Resolves with meta.err when a confirmed notification arrives; may reject (then polling decides). */
  notified(signal: AbortSignal): Promise<unknown>;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Confirmed (with meta.err), or `expired` once the block height is past `lastValidBlockHeight`
 * and the signature is still unknown (asked again after reading the height). Rejects with the
 * signal's reason when it aborts.
 */
export async function waitForConfirmation(probe: ConfirmProbe, lastValidBlockHeight: bigint, signal: AbortSignal, pollMs: number): Promise<ConfirmOutcome> {
  const done = new AbortController();
  const linked = linkSignals([signal, done.signal]);
  const both = linked.signal;
  try {
    return await new Promise<ConfirmOutcome>((resolve, reject) => {
      // `both` aborts only with the caller's reason until this promise settles (`done` fires after).
      const abort = () => reject(both.reason ?? new Error('aborted'));
      if (both.aborted) return abort();
      both.addEventListener('abort', abort, { once: true });

      probe.notified(both).then(
        (err) => resolve({ kind: 'confirmed', err }),
        () => undefined,
      );
      void (async () => {
        while (!both.aborted) {
          try {
            const state = await probe.signatureState(both);
            if (state.kind === 'confirmed') return resolve({ kind: 'confirmed', err: state.err });
            if (state.kind === 'unknown' && (await probe.blockHeight(both)) > lastValidBlockHeight) {
              const again = await probe.signatureState(both);
              if (again.kind === 'confirmed') return resolve({ kind: 'confirmed', err: again.err });
              if (again.kind === 'unknown') return resolve({ kind: 'expired' });
            }
          } catch {
            // A failed or timed-out poll is retried; the caller's signal bounds the whole wait.
          }
          await pause(pollMs, both);
        }
      })();
    });
  } finally {
    done.abort();
    linked.release();
  }
}
