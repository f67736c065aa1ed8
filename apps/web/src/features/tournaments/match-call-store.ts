// The tournament calls this tab knows of, for the screens that are not the call's own: the
// waiting popup of a called match names the opponent and the deadline from here, and the toast
// stays away from a call already followed. Fed by the `tournamentMatch` notices (told again on
// every connection) and by the tournament page's own call. A call followed with "Fight now" is
// kept in sessionStorage, so after a reload the tab still knows which match it is waiting in
// before any notice has come back.
import type { TournamentMatchNotice } from '@duel-dojo/protocol';
import { useSyncExternalStore } from 'react';
import { STORAGE_PREFIX } from '../storage/local-store';
import { readSessionText, writeSessionJson } from '../storage/session-store';
import { upsertCall } from './match-calls';

export const FOLLOWED_CALLS_STORAGE = `${STORAGE_PREFIX}followed-calls`;
/** A few calls at most: one per tournament the player is in at the same time. */
const MAX_FOLLOWED = 8;

export interface KnownCalls {
  /** Every call heard of in this page, one per match. */
  readonly calls: readonly TournamentMatchNotice[];
  /** The calls followed with "Fight now" in this tab, the latest last. */
  readonly followed: readonly TournamentMatchNotice[];
}

function isNotice(value: unknown): value is TournamentMatchNotice {
  if (typeof value !== 'object' || value === null) return false;
  const call = value as Record<string, unknown>;
  const opponent = call.opponent as Record<string, unknown> | null | undefined;
  return (
    typeof call.tournamentId === 'string' &&
    typeof call.matchId === 'number' &&
    typeof call.inviteCode === 'string' &&
    (call.deadline === null || typeof call.deadline === 'number') &&
    typeof opponent === 'object' &&
    opponent !== null &&
    typeof opponent.walletAddress === 'string'
  );
}

function parseFollowed(text: string | null): readonly TournamentMatchNotice[] {
  try {
    const stored: unknown = JSON.parse(text ?? 'null');
    return Array.isArray(stored) ? stored.filter(isNotice) : [];
  } catch {
    return [];
  }
}

let snapshot: KnownCalls = { calls: [], followed: [] };
/** The stored text the snapshot's followed calls were read from; undefined: not read yet. */
let followedText: string | null | undefined;
const listeners = new Set<() => void>();

// Read again whenever the stored text changed under it (another part of the app, a test).
function current(): KnownCalls {
  const text = readSessionText(FOLLOWED_CALLS_STORAGE);
  if (text !== followedText) {
    followedText = text;
    snapshot = { ...snapshot, followed: parseFollowed(text) };
  }
  return snapshot;
}

function publish(next: KnownCalls): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** Storage full or disabled: the followed calls last as long as this page. */
function store(followed: readonly TournamentMatchNotice[]): void {
  writeSessionJson(FOLLOWED_CALLS_STORAGE, followed);
  followedText = readSessionText(FOLLOWED_CALLS_STORAGE);
}

const sameMatch = (a: TournamentMatchNotice, b: TournamentMatchNotice) => a.tournamentId === b.tournamentId && a.matchId === b.matchId;

/** A call heard of (a notice, the tournament page); a followed call of the same match is refreshed. */
export function rememberCall(notice: TournamentMatchNotice): void {
  const known = current();
  const stale = known.followed.some((call) => sameMatch(call, notice) && (call.inviteCode !== notice.inviteCode || call.deadline !== notice.deadline));
  const followed = stale ? upsertCall(known.followed, notice) : known.followed;
  if (stale) store(followed);
  publish({ calls: upsertCall(known.calls, notice), followed });
}

/** "Fight now" on this call: the waiting game that follows is this match's. */
export function followCall(notice: TournamentMatchNotice): void {
  const known = current();
  const followed = upsertCall(known.followed, notice).slice(-MAX_FOLLOWED);
  store(followed);
  publish({ calls: upsertCall(known.calls, notice), followed });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useKnownCalls(): KnownCalls {
  return useSyncExternalStore(subscribe, current, current);
}

/**
 * The match a reserved waiting game is most likely for: the latest call followed whose deadline
 * is still ahead, else the one open call heard of that ends first. Null when none is known.
 */
export function callOfWaitingGame(known: KnownCalls, now: number): TournamentMatchNotice | null {
  const open = (call: TournamentMatchNotice) => call.deadline !== null && call.deadline > now;
  const followed = known.followed.filter(open).at(-1);
  if (followed) return followed;
  const heard = known.calls.filter(open).sort((a, b) => (a.deadline ?? 0) - (b.deadline ?? 0));
  return heard[0] ?? null;
}

/** For tests: forget everything, as a new page would. */
export function resetKnownCalls(): void {
  followedText = undefined;
  snapshot = { calls: [], followed: [] };
  for (const listener of listeners) listener();
}
