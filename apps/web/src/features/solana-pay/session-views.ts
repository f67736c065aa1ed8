// The live payment sessions by reference key, for the popups: a flow opens its session here and
// the Solana Pay panel of the same request reads its state (the wallet's prompt, the notice) and
// its actions, whichever screen shows it. A flow closes its session when it ends.
import { useCallback, useSyncExternalStore } from 'react';
import { type PaymentSession, type PaymentSessionDeps, type SessionView, openPaymentSession } from './payment-session';

export interface LiveSession {
  readonly view: SessionView;
  retryWallet(): void;
  cancel(): void;
}

const live = new Map<string, LiveSession>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface TrackedSession extends PaymentSession {
  /** Stops asking the server and forgets the session's state. */
  close(): void;
}

/** A payment session whose state the panel of `reference` shows. */
export function openTrackedSession(reference: string, deps: PaymentSessionDeps): TrackedSession {
  const publish = (view: SessionView) => {
    live.set(reference, { view, retryWallet: () => void session.retryWallet(), cancel: () => session.cancel() });
    changed();
  };
  const session = openPaymentSession({
    ...deps,
    onChange: (view) => {
      deps.onChange?.(view);
      if (live.has(reference)) publish(view);
    },
  });
  publish(session.view());
  return {
    ...session,
    close() {
      session.stop();
      if (live.delete(reference)) changed();
    },
  };
}

/** The session paying `reference` now, outside React (tests, scripts); null when none is open. */
export function liveSession(reference: string): LiveSession | null {
  return live.get(reference) ?? null;
}

/** The session paying `reference`, re-rendering as it changes; null when none is open. */
export function useLiveSession(reference: string | null): LiveSession | null {
  const read = useCallback(() => (reference === null ? null : (live.get(reference) ?? null)), [reference]);
  return useSyncExternalStore(subscribe, read, read);
}

export const WAITING_FOR_PHONE_TEXT = 'Waiting for a payment from your phone…';

/** The progress line of a request being paid: the phone's once the wallet's prompt was closed. */
export function useProgressLabel(reference: string | null, walletLabel: string): string {
  const wallet = useLiveSession(reference)?.view.wallet;
  return wallet === 'closed' || wallet === 'checking' ? WAITING_FOR_PHONE_TEXT : walletLabel;
}
