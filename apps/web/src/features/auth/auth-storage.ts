// What the session keeps between visits: the token, the wallet's name and
// the manual-logout flag, under the product's prefix.
import { STORAGE_KEYS, readItem, writeItem } from '../storage/local-store';

export interface AuthStorage {
  token: string | null;
  walletName: string | null;
  /** Set by Sign Out; while set, auto-reconnect does not run. Login clears it. */
  manualLogout: boolean;
}

export const browserAuthStorage: AuthStorage = {
  get token() {
    return readItem(STORAGE_KEYS.authToken);
  },
  set token(value) {
    writeItem(STORAGE_KEYS.authToken, value);
  },
  get walletName() {
    return readItem(STORAGE_KEYS.walletName);
  },
  set walletName(value) {
    writeItem(STORAGE_KEYS.walletName, value);
  },
  get manualLogout() {
    return readItem(STORAGE_KEYS.manualLogout) === 'true';
  },
  set manualLogout(value) {
    writeItem(STORAGE_KEYS.manualLogout, value ? 'true' : null);
  },
};
