// An entry fee paid but not yet turned into a seat (the join after the transfer failed, timed out,
// or the page was reloaded in between). It is kept in sessionStorage from the moment the wallet
// has sent the transfer until the join answers for good, so the player can finish joining with
// the same payment (or have it refunded) instead of paying twice.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { STORAGE_PREFIX } from '../storage/local-store';
import { readSessionJson, readSessionText, writeSessionJson } from '../storage/session-store';

export interface PendingEntry {
  readonly tournamentId: string;
  /** The account that paid: another account signed in on this tab cannot use it. */
  readonly walletAddress: string;
  readonly paymentId: string;
  readonly signature: string;
}

const keyOf = (tournamentId: string) => `${STORAGE_PREFIX}tournament-entry:${tournamentId}`;
const listeners = new Set<() => void>();

function isPendingEntry(value: unknown): value is PendingEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return ['tournamentId', 'walletAddress', 'paymentId', 'signature'].every((key) => typeof entry[key] === 'string');
}

export function readPendingEntry(tournamentId: string): PendingEntry | null {
  const value = readSessionJson(keyOf(tournamentId));
  return isPendingEntry(value) && value.tournamentId === tournamentId ? value : null;
}

function changed(): void {
  for (const listener of listeners) listener();
}

export function savePendingEntry(entry: PendingEntry): void {
  writeSessionJson(keyOf(entry.tournamentId), entry);
  changed();
}

export function forgetPendingEntry(tournamentId: string): void {
  writeSessionJson(keyOf(tournamentId), null);
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The tournament's pending entry paid by `walletAddress`, re-rendering when it changes. Once the
 * player is registered it is done with (the join went through though its answer was lost).
 */
export function usePendingEntry(tournament: { readonly tournamentId: string; readonly isRegistered: boolean }, walletAddress: string | null): PendingEntry | null {
  const { tournamentId, isRegistered } = tournament;
  // A snapshot must be stable between changes: compare by the stored text, not a fresh object.
  const read = useCallback(() => readSessionText(keyOf(tournamentId)), [tournamentId]);
  const stored = useSyncExternalStore(subscribe, read, read);
  const entry = stored === null || walletAddress === null ? null : readPendingEntry(tournamentId);
  const mine = entry?.walletAddress === walletAddress ? entry : null;
  const held = mine !== null;
  useEffect(() => {
    if (held && isRegistered) forgetPendingEntry(tournamentId);
  }, [held, isRegistered, tournamentId]);
  return isRegistered ? null : mine;
}
