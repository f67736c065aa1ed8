// sessionStorage (one tab, gone with it) under the product prefix, as tolerant as local-store.ts:
// a failed or unparsable read is "nothing stored", a failed write is skipped. Values are JSON.

/** The stored JSON value of `key`, or null; the caller checks its shape. */
export function readSessionJson(key: string): unknown {
  try {
    return JSON.parse(window.sessionStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** The stored text of `key`, unparsed (a stable snapshot for useSyncExternalStore). */
export function readSessionText(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` as JSON; null removes the key. */
export function writeSessionJson(key: string, value: unknown): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the value only lasts as long as this page.
  }
}
