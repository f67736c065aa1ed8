// A player already signed in before the page loads: the wallet `name` (registered in the page)
// signed up as `username` on the fake server, its session kept in storage as a sign-in leaves it,
// so the app restores it on load.
import { STORAGE_KEYS } from '../features/storage/local-store';
import type { FakeServer } from './fake-server';
import { type TestWalletHandle, registerTestWallet } from './test-wallet';

/** The caller unregisters the wallet after the test. */
export async function storedSession(server: FakeServer, name: string, username: string): Promise<TestWalletHandle> {
  const wallet = await registerTestWallet(name, 'sign');
  server.addUser(wallet.address, username);
  window.localStorage.setItem(STORAGE_KEYS.authToken, server.issueToken(wallet.address));
  window.localStorage.setItem(STORAGE_KEYS.walletName, name);
  return wallet;
}
