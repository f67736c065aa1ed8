// localStorage under one product prefix, tolerant of browsers where storage
// is disabled or full: a failed read is "nothing stored", a failed write is skipped.

export const STORAGE_PREFIX = 'duel-dojo:';

export const STORAGE_KEYS = {
  authToken: `${STORAGE_PREFIX}auth-token`,
  walletName: `${STORAGE_PREFIX}wallet-name`,
  manualLogout: `${STORAGE_PREFIX}manual-logout`,
  sound: `${STORAGE_PREFIX}sound-enabled`,
  animations: `${STORAGE_PREFIX}animations-enabled`,
  devWalletKeypair: `${STORAGE_PREFIX}dev-wallet-keypair`,
} as const;

export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode, quota): the app keeps working for this visit.
  }
}
