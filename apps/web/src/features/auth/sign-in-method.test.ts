// Sign In With Solana when the wallet offers it, solana:signMessage otherwise: the choice, and
// the whole sign-in through the controller against the scripted server (which verifies each
// Ed25519 signature over the message it issued) with scripted Wallet Standard wallets.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeServer } from '../../test-support/fake-server';
import { type SignBehaviour, type SigningFeatures, type TestWalletHandle, registerTestWallet } from '../../test-support/test-wallet';
import { WalletConnection } from '../wallet/wallet-connection';
import { AuthController } from './auth-controller';
import { httpAuthApi } from './auth-api';
import { signInMethodOf } from './sign-in-method';

describe('signInMethodOf', () => {
  const feature = { version: '1.0.0' };

  it('prefers solana:signIn, falls back to solana:signMessage, and has nothing for a wallet without either', () => {
    expect(signInMethodOf({ 'solana:signIn': feature, 'solana:signMessage': feature })).toBe('solana:signIn');
    expect(signInMethodOf({ 'standard:connect': feature, 'solana:signIn': feature })).toBe('solana:signIn');
    expect(signInMethodOf({ 'standard:connect': feature, 'solana:signMessage': feature })).toBe('solana:signMessage');
    expect(signInMethodOf({ 'standard:connect': feature, 'solana:signTransaction': feature })).toBeNull();
  });
});

describe('signing in through each feature', () => {
  let server: FakeServer;
  let wallet: WalletConnection;
  const registered: TestWalletHandle[] = [];

  beforeEach(() => {
    server = new FakeServer();
    server.install();
    wallet = new WalletConnection();
  });
  afterEach(() => {
    for (const handle of registered.splice(0)) handle.unregister();
  });

  async function testWallet(name: string, behaviour: SignBehaviour, signing: SigningFeatures, known = true): Promise<TestWalletHandle> {
    const handle = await registerTestWallet(name, behaviour, signing);
    registered.push(handle);
    if (known) server.addUser(handle.address, 'kenji');
    return handle;
  }

  function controller(): AuthController {
    return new AuthController({ api: httpAuthApi, wallet, storage: { token: null, walletName: null, manualLogout: false } });
  }

  it('signs in with solana:signIn, giving the wallet the fields the server issued', async () => {
    const only = await testWallet('Sign-in Only', 'sign', 'signIn');
    const auth = controller();
    await auth.connect('Sign-in Only');
    expect(auth.state).toMatchObject({ status: 'authenticated', walletAddress: only.address });
    expect(only.calls).toEqual(['solana:signIn']);
    expect(only.signInInputs[0]).toMatchObject({ domain: 'localhost', uri: 'http://localhost', address: only.address, chainId: 'localnet', nonce: 'nonce1' });
    expect(server.calls).toEqual([`GET /api/user/${only.address}`, 'POST /api/auth/generate-message', 'POST /api/auth/signin']);
  });

  it('uses solana:signIn for sign-up too', async () => {
    const only = await testWallet('Sign-in Only', 'sign', 'signIn', false);
    const auth = controller();
    await auth.connect('Sign-in Only');
    await auth.submitSignup({ username: 'rookie', referralCode: '' });
    expect(auth.state.status).toBe('authenticated');
    expect(only.calls).toEqual(['solana:signIn']);
  });

  it('prefers solana:signIn when the wallet offers both', async () => {
    const both = await testWallet('Both', 'sign', 'both');
    const auth = controller();
    await auth.connect('Both');
    expect(auth.state.status).toBe('authenticated');
    expect(both.calls).toEqual(['solana:signIn']);
  });

  it('falls back to solana:signMessage', async () => {
    const plain = await testWallet('Plain', 'sign', 'signMessage');
    const auth = controller();
    await auth.connect('Plain');
    expect(auth.state.status).toBe('authenticated');
    expect(plain.calls).toEqual(['solana:signMessage']);
  });

  it('a wallet with neither cannot sign in, and no message is asked for', async () => {
    await testWallet('Neither', 'unsupported', 'both');
    const auth = controller();
    await auth.connect('Neither');
    expect(auth.state).toMatchObject({ status: 'signup', signupError: 'Wallet does not support message signing' });
    expect(server.calls).not.toContain('POST /api/auth/generate-message');
  });

  it.each([
    ['refuse', 'Failed to sign message: User rejected the request'],
    ['empty', 'No signature received from wallet'],
    ['other-account', 'Failed to sign message: The wallet signed in with another account than the one connected'],
  ] as const)('solana:signIn that answers %s: "%s", and nothing is sent', async (behaviour, text) => {
    await testWallet('Sign-in Only', behaviour, 'signIn');
    const auth = controller();
    await auth.connect('Sign-in Only');
    expect(auth.state).toMatchObject({ status: 'signup', signupError: text });
    expect(server.calls).not.toContain('POST /api/auth/signin');
  });

  it("shows the server's words when it refuses the page's origin", async () => {
    await testWallet('Sign-in Only', 'sign', 'signIn');
    const refusal = 'Sign-in is not allowed from http://localhost. Open the game at its own address (the server lists its addresses in PUBLIC_ORIGIN).';
    server.overrides.set('POST /api/auth/generate-message', () =>
      new Response(JSON.stringify({ success: false, code: 'ORIGIN_NOT_ALLOWED', message: refusal }), { status: 403, headers: { 'content-type': 'application/json' } }),
    );
    const auth = controller();
    await auth.connect('Sign-in Only');
    expect(auth.state).toMatchObject({ status: 'signup', signupError: refusal });
  });

  it('any other generate-message failure keeps the catalogue text', async () => {
    await testWallet('Sign-in Only', 'sign', 'signIn');
    server.networkDown('POST /api/auth/generate-message');
    const auth = controller();
    await auth.connect('Sign-in Only');
    expect(auth.state).toMatchObject({ status: 'signup', signupError: 'Failed to generate authentication message' });
  });
});
