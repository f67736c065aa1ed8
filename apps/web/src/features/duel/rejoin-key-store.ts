// A guest's rejoin key (gameState.rejoinKey). A guest has no token, so this secret is the only way
// to take its seat back after a reload or a reconnect. It lives in sessionStorage: per tab (two
// tabs are two players) and gone with the tab, and it is forgotten once its game is over.
import type { ClientEventPayload } from '@duel-dojo/protocol';
import { STORAGE_PREFIX } from '../storage/local-store';
import { readSessionJson, writeSessionJson } from '../storage/session-store';

export const REJOIN_KEY_STORAGE = `${STORAGE_PREFIX}guest-rejoin`;

export interface StoredRejoinKey {
  readonly sessionId: string;
  readonly rejoinKey: string;
}

function isStored(value: unknown): value is StoredRejoinKey {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.sessionId === 'string' && typeof entry.rejoinKey === 'string';
}

export function readRejoinKey(): StoredRejoinKey | null {
  const value = readSessionJson(REJOIN_KEY_STORAGE);
  return isStored(value) ? { sessionId: value.sessionId, rejoinKey: value.rejoinKey } : null;
}

/** One key per tab: a new game's key replaces the last one. */
export function saveRejoinKey(entry: StoredRejoinKey): void {
  const stored = readRejoinKey();
  if (stored?.sessionId === entry.sessionId && stored.rejoinKey === entry.rejoinKey) return;
  // Storage full or disabled: a reload loses the game, as it did before keys.
  writeSessionJson(REJOIN_KEY_STORAGE, { sessionId: entry.sessionId, rejoinKey: entry.rejoinKey });
}

/** Forgets the key of game `sessionId` (a newer game's key stays). */
export function forgetRejoinKey(sessionId: string): void {
  if (readRejoinKey()?.sessionId !== sessionId) return;
  writeSessionJson(REJOIN_KEY_STORAGE, null);
}

/**
 * What checkActiveGame(s) sends: a signed-in player its wallet (the protocol's payload); a guest the
 * key of its game, if it has one (without one the server still finds this socket's own seat).
 */
export function activeGamePayload(wallet: string | null): ClientEventPayload<'checkActiveGame'> {
  if (wallet) return { walletAddress: wallet };
  const stored = readRejoinKey();
  return stored ? { rejoinKey: stored.rejoinKey } : {};
}
