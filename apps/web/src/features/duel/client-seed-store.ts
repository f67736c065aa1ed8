// What this tab knows of each game's fairness from before round 1 (docs/fairness.md): the
// commitment it was shown and the seed it sent with submitClientSeed. Verify later checks the
// revealed server seed against that commitment, not the one the final state carries, and the
// player's own revealed seed against the one sent. Kept in sessionStorage so a reload keeps it
// and never sends a second seed; the player's own typed seed (instead of a random one) too.
import type { Slot } from '@duel-dojo/rules';
import { STORAGE_PREFIX } from '../storage/local-store';
import { readSessionJson, readSessionText, writeSessionJson } from '../storage/session-store';

export const CLIENT_SEEDS_KEY = `${STORAGE_PREFIX}client-seeds`;
export const OWN_SEED_KEY = `${STORAGE_PREFIX}own-client-seed`;
/** The newest games kept; older ones fall off. */
export const CLIENT_SEEDS_KEPT = 20;

/** The seed format the server takes (protocol's clientSeed). */
export const CLIENT_SEED_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;

export interface SeenFairness {
  readonly sessionId: string;
  /** The commitment shown before round 1; null when this tab first saw the game later. */
  readonly commitment: string | null;
  /** The seed sent; null when none was, or the server refused it (then nothing is known). */
  readonly seed: string | null;
  /** The server's refusal code, if any (CLIENT_SEED_TOO_LATE after a reload is harmless). */
  readonly refused: string | null;
  /** The player's seat, to find its seed among the revealed ones. */
  readonly slot: Slot | null;
}

const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

/** For useSyncExternalStore. */
export function subscribeSeeds(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A stable snapshot for useSyncExternalStore: the stored texts. */
export function seedsSnapshot(): string {
  return `${readSessionText(CLIENT_SEEDS_KEY) ?? ''}\n${readSessionText(OWN_SEED_KEY) ?? ''}`;
}

function isSeen(value: unknown): value is SeenFairness {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const nullableText = (field: unknown) => field === null || typeof field === 'string';
  const slot = entry.slot === null || entry.slot === 'player1' || entry.slot === 'player2';
  return typeof entry.sessionId === 'string' && nullableText(entry.commitment) && nullableText(entry.seed) && nullableText(entry.refused) && slot;
}

function readAll(): SeenFairness[] {
  const value = readSessionJson(CLIENT_SEEDS_KEY);
  return Array.isArray(value) ? value.filter(isSeen) : [];
}

export function loadSeen(sessionId: string): SeenFairness | null {
  return readAll().find((entry) => entry.sessionId === sessionId) ?? null;
}

export function saveSeen(entry: SeenFairness): void {
  const others = readAll().filter((stored) => stored.sessionId !== entry.sessionId);
  writeSessionJson(CLIENT_SEEDS_KEY, [entry, ...others].slice(0, CLIENT_SEEDS_KEPT));
  notify();
}

/** The server refused the seed: which one counted is not known any more. */
export function markRefused(sessionId: string, code: string): void {
  const entry = loadSeen(sessionId);
  if (entry) saveSeen({ ...entry, seed: null, refused: code });
}

/** The seed typed by the player, used instead of a random one; null: random. */
export function loadOwnSeed(): string | null {
  const value = readSessionJson(OWN_SEED_KEY);
  return typeof value === 'string' && CLIENT_SEED_PATTERN.test(value) ? value : null;
}

export function saveOwnSeed(seed: string | null): void {
  writeSessionJson(OWN_SEED_KEY, seed);
  notify();
}

/** Why a typed seed is refused, or null when it is fine. */
export function seedProblem(seed: string): string | null {
  if (seed.length === 0) return 'Type a seed, or keep the random one.';
  if (seed.length > 64) return 'A seed is at most 64 characters.';
  if (!CLIENT_SEED_PATTERN.test(seed)) return 'Use only letters, digits, _ and - (no spaces).';
  return null;
}

/** 16 random bytes as hex (crypto.getRandomValues). */
export function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
