// The controller against the scripted server and real Wallet Standard wallets (dev wallet and
// scripted ones), without React.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChainRpc } from '../../net/rpc-chain';
import { FakeServer, RPC_URL } from '../../test-support/fake-server';
import { registerTestWallet } from '../../test-support/test-wallet';
import { DevWallet } from '../wallet/dev-wallet/dev-wallet';
import { registerWallet } from '../wallet/wallet-registry';
import { WalletConnection } from '../wallet/wallet-connection';
import { AuthController } from './auth-controller';
import { httpAuthApi } from './auth-api';
import { type AuthStorage } from './auth-storage';

let server: FakeServer;
let storage: AuthStorage;
let wallet: WalletConnection;
let signedUp: number;
let unregister: () => void;

function memoryStorage(): AuthStorage {
  return { token: null, walletName: null, manualLogout: false };
}

function controller(): AuthController {
  return new AuthController({ api: httpAuthApi, wallet, storage, onSignedUp: () => (signedUp += 1), walletWaitMs: 50 });
}

async function devWalletAddress(): Promise<string> {
  const probe = new WalletConnection();
  const { address } = await probe.connect('Dev Wallet');
  return address;
}

beforeEach(() => {
  server = new FakeServer();
  server.install();
  storage = memoryStorage();
  wallet = new WalletConnection();
  signedUp = 0;
  unregister = registerWallet(new DevWallet(createChainRpc(RPC_URL)));
});
afterEach(() => unregister());

describe('AuthController', () => {
  it('signs a known player in with a signed message, without the signup modal', async () => {
    server.addUser(await devWalletAddress(), 'kenji');
    const auth = controller();
    storage.manualLogout = true;
    await auth.connect('Dev Wallet');
    expect(auth.state).toMatchObject({ status: 'authenticated', walletName: 'Dev Wallet' });
    expect(auth.state.user?.username).toBe('kenji');
    expect(storage.token).toBe(auth.state.token);
    expect(storage.manualLogout).toBe(false);
    expect(server.calls).toEqual(['GET /api/user/' + auth.state.walletAddress, 'POST /api/auth/generate-message', 'POST /api/auth/signin']);
    expect(signedUp).toBe(0);
  });

  it('opens the signup modal, with the reason, when the quick sign-in fails', async () => {
    const refusing = await registerTestWallet('Refusing', 'refuse');
    server.addUser(refusing.address, 'kenji');
    const auth = controller();
    await auth.connect('Refusing');
    expect(auth.state).toMatchObject({ status: 'signup', signupError: 'Failed to sign message: User rejected the request' });
    refusing.unregister();
  });

  it('handles one connection at a time (concurrent-authentication guard)', async () => {
    const auth = controller();
    await Promise.all([auth.connect('Dev Wallet'), auth.connect('Dev Wallet'), auth.connect('Dev Wallet')]);
    expect(server.calls.filter((call) => call.startsWith('GET /api/user/'))).toHaveLength(1);
    expect(auth.state.status).toBe('signup');
  });

  it('a new player who signs up is sent on (to /profile)', async () => {
    const auth = controller();
    await auth.connect('Dev Wallet');
    await auth.submitSignup({ username: 'rookie', referralCode: '' });
    expect(auth.state.status).toBe('authenticated');
    expect(signedUp).toBe(1);
  });

  it('auto-reconnect restores the session, stores the renewed token and reattaches the wallet', async () => {
    const address = await devWalletAddress();
    server.addUser(address, 'kenji');
    storage.token = server.issueToken(address);
    storage.walletName = 'Dev Wallet';
    const previous = storage.token;
    const auth = controller();
    await auth.autoReconnect();
    expect(auth.state).toMatchObject({ status: 'authenticated', walletAddress: address, walletName: 'Dev Wallet' });
    expect(storage.token).not.toBe(previous);
    expect(auth.state.token).toBe(storage.token);
    expect(wallet.current?.address).toBe(address);
  });

  it('starts as restoring when a session is stored, so screens wait instead of redirecting', async () => {
    storage.token = 'stale';
    const auth = controller();
    expect(auth.state.status).toBe('restoring');
    await auth.autoReconnect();
    expect(auth.state.status).toBe('anonymous');
  });

  it('auto-reconnect does nothing after a manual sign-out', async () => {
    storage.token = 'token-x';
    storage.manualLogout = true;
    const auth = controller();
    await auth.autoReconnect();
    expect(auth.state.status).toBe('anonymous');
    expect(server.calls).toEqual([]);
  });

  it('a token the server refuses is cleared silently', async () => {
    storage.token = 'stale';
    const auth = controller();
    await auth.autoReconnect();
    expect(auth.state).toMatchObject({ status: 'anonymous', error: null });
    expect(storage.token).toBeNull();
  });

  it('sign out calls the server, clears the session, sets the manual-logout flag and disconnects', async () => {
    const auth = controller();
    await auth.connect('Dev Wallet');
    await auth.submitSignup({ username: 'rookie', referralCode: '' });
    await auth.signOut();
    expect(auth.state.status).toBe('anonymous');
    expect(storage.token).toBeNull();
    expect(storage.manualLogout).toBe(true);
    expect(wallet.current).toBeNull();
    // The server's logout is sent behind the local sign-out (its failure is ignored), once its answer's schema has loaded.
    await vi.waitFor(() => expect(server.calls).toContain('POST /api/auth/logout'));
  });

  it('the automatic logout is local only', async () => {
    const auth = controller();
    await auth.connect('Dev Wallet');
    await auth.submitSignup({ username: 'rookie', referralCode: '' });
    await auth.autoLogout();
    expect(auth.state.status).toBe('anonymous');
    expect(storage.token).toBeNull();
    expect(storage.manualLogout).toBe(false);
    expect(server.calls).not.toContain('POST /api/auth/logout');
  });

  it('clears session and token when the wallet drops the account', async () => {
    const flaky = await registerTestWallet('Flaky', 'sign');
    const auth = controller();
    await auth.connect('Flaky');
    await auth.submitSignup({ username: 'rookie', referralCode: '' });
    expect(auth.state.status).toBe('authenticated');
    flaky.emitChange([]);
    expect(auth.state.status).toBe('anonymous');
    expect(storage.token).toBeNull();
    flaky.unregister();
  });

  it('a wallet that refuses to connect leaves an error to show', async () => {
    const auth = controller();
    await auth.connect('Not Installed');
    expect(auth.state).toMatchObject({ status: 'anonymous', error: 'Not Installed is not installed' });
  });
});
