// Spec §4 signup and §5/§8 messages, driven through the real app: Login -> wallet -> "Complete
// Your Profile" -> submit, against the scripted server (test-support/fake-server.ts).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../features/storage/local-store';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { type SignBehaviour, registerTestWallet } from '../../test-support/test-wallet';

let server: FakeServer;
beforeEach(() => {
  server = new FakeServer();
  server.install();
});

async function openSignup(walletName = 'Dev Wallet') {
  const app = renderApp('/');
  fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(walletName) }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Complete Your Profile' }, { timeout: 15_000 });
  return { app, dialog };
}

async function submit(dialog: HTMLElement, username: string, referralCode = '') {
  fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(within(dialog).getByLabelText('Referral code (optional)'), { target: { value: referralCode } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Profile' }));
}

async function bannerText(dialog: HTMLElement): Promise<string> {
  return (await within(dialog).findByRole('alert', {}, { timeout: 15_000 })).textContent ?? '';
}

describe('signup modal', () => {
  it('signs a new player up with a referral code and lands on /profile', async () => {
    server.addUser('11111111111111111111111111111111', 'sensei', 'SENSEIXX');
    const { app, dialog } = await openSignup();
    fireEvent.change(within(dialog).getByLabelText('Referral code (optional)'), { target: { value: 'senseixx' } });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Referral code (optional)').value).toBe('SENSEIXX');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'new_fighter' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Profile' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('heading', { name: 'new_fighter', level: 1 })).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toMatch(/^token-/);
    expect(window.localStorage.getItem(STORAGE_KEYS.walletName)).toBe('Dev Wallet');
    expect(server.calls).toContain('GET /api/referral/SENSEIXX');
    expect(screen.queryByRole('dialog', { name: 'Complete Your Profile' })).toBeNull();
  });

  it.each([
    ['', 'Username is required'],
    ['ab', 'Username must be at least 3 characters long'],
    ['a'.repeat(21), 'Username must not exceed 20 characters'],
    ['bad name!', 'Username can only contain letters, numbers, underscores, and hyphens'],
  ])('rejects the username %j with "%s"', async (username, message) => {
    const { dialog } = await openSignup();
    await submit(dialog, username);
    expect(await bannerText(dialog)).toBe(message);
    expect(server.calls).not.toContain('POST /api/auth/signup');
  });

  it('clears the error banner once a field is edited, and shows it again for a new refusal', async () => {
    const { dialog } = await openSignup();
    await submit(dialog, 'ab');
    expect(await bannerText(dialog)).toBe('Username must be at least 3 characters long');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'abc' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await submit(dialog, 'ab');
    expect(await bannerText(dialog)).toBe('Username must be at least 3 characters long');
    await submit(dialog, 'fighter', 'NOPENOPE');
    expect(await bannerText(dialog)).toBe('Invalid referral code');
    fireEvent.change(within(dialog).getByLabelText('Referral code (optional)'), { target: { value: '' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('says "Invalid referral code" when the server does not know the code', async () => {
    const { dialog } = await openSignup();
    await submit(dialog, 'fighter', 'NOPENOPE');
    expect(await bannerText(dialog)).toBe('Invalid referral code');
  });

  it('says "Failed to validate referral code" when the check cannot reach the server', async () => {
    server.networkDown('GET /api/referral/ZZZZZZZZ');
    const { dialog } = await openSignup();
    await submit(dialog, 'fighter', 'zzzzzzzz');
    expect(await bannerText(dialog)).toBe('Failed to validate referral code');
  });

  it('says "Failed to generate authentication message" when generate-message fails', async () => {
    const { dialog } = await openSignup();
    server.networkDown('POST /api/auth/generate-message');
    await submit(dialog, 'fighter');
    expect(await bannerText(dialog)).toBe('Failed to generate authentication message');
  });

  it("shows the server's message when signup is refused", async () => {
    server.addUser('11111111111111111111111111111111', 'taken');
    const { dialog } = await openSignup();
    await submit(dialog, 'taken');
    expect(await bannerText(dialog)).toBe('Username is already taken');
  });

  it('says "Sign up failed" when the server refuses without a message', async () => {
    server.overrides.set('POST /api/auth/signup', () => new Response('{}', { status: 500 }));
    const { dialog } = await openSignup();
    await submit(dialog, 'fighter');
    expect(await bannerText(dialog)).toBe('Sign up failed');
  });

  it('says "Failed to complete authentication" when the answer is not what the protocol says', async () => {
    server.overrides.set('POST /api/auth/signup', () => new Response(JSON.stringify({ success: true, nonsense: 1 }), { status: 200 }));
    const { dialog } = await openSignup();
    await submit(dialog, 'fighter');
    expect(await bannerText(dialog)).toBe('Failed to complete authentication');
  });

  it.each<[SignBehaviour, string]>([
    ['refuse', 'Failed to sign message: User rejected the request'],
    ['empty', 'No signature received from wallet'],
    ['unsupported', 'Wallet does not support message signing'],
  ])('with a wallet that answers "%s", says "%s"', async (behaviour, message) => {
    await registerTestWallet(`Test ${behaviour}`, behaviour);
    const { dialog } = await openSignup(`Test ${behaviour}`);
    await submit(dialog, 'fighter');
    expect(await bannerText(dialog)).toBe(message);
  });

  it('cancel closes the modal, clears its fields and lets the wallet go', async () => {
    const { dialog, app } = await openSignup();
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'half_typed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Complete Your Profile' })).toBeNull());
    expect(app.wallet.current).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    fireEvent.click(await screen.findByRole('button', { name: /Dev Wallet/ }));
    const reopened = await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    expect(within(reopened).getByLabelText<HTMLInputElement>('Username').value).toBe('');
  });
});
