// The animations setting beside the sound one, persisted in localStorage, and the system's
// prefers-reduced-motion: the fight moves only when both allow it. A small store rather than a
// provider, so any screen can read it without another wrapper around the app.
import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from '../storage/local-store';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const listeners = new Set<() => void>();

function storedEnabled(): boolean {
  return readItem(STORAGE_KEYS.animations) !== 'false';
}

function subscribeSetting(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function setAnimationsEnabled(enabled: boolean): void {
  writeItem(STORAGE_KEYS.animations, String(enabled));
  for (const listener of listeners) listener();
}

export interface AnimationsSetting {
  readonly enabled: boolean;
  toggle(): void;
}

export function useAnimationsSetting(): AnimationsSetting {
  const enabled = useSyncExternalStore(subscribeSetting, storedEnabled, () => true);
  const toggle = useCallback(() => setAnimationsEnabled(!storedEnabled()), []);
  return { enabled, toggle };
}

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
}

function subscribeReducedMotion(listener: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, () => reducedMotionQuery()?.matches ?? false, () => false);
}

/** Whether the fight may move: the player's setting is on and the system does not ask for less motion. */
export function useMotionAllowed(): boolean {
  const setting = useAnimationsSetting();
  const reduced = usePrefersReducedMotion();
  return setting.enabled && !reduced;
}
