// Signup and its validation and failure messages, driven through the real app: Login -> wallet -> "Complete
// Your Profile" -> submit, against the scripted server (test-support/fake-server.ts).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../features/storage/local-store';
import { exactText } from '../../test-support/exact-text';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { type SignBehaviour, registerTestWallet } from '../../test-support/test-wallet';

let server: FakeServer;
beforeEach(() => {
  server = new FakeServer();
  server.install();
});

async function openSignup(walletName = 'Dev Wallet') {
  const user = userEvent.setup();
  const app = renderApp('/');
  await user.click(await screen.findByRole('button', { name: 'Login' }));
  await user.click(await screen.findByRole('button', { name: new RegExp(walletName) }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Complete Your Profile' }, { timeout: 15_000 });
  return { app, dialog };
}

/** Replaces what a field holds with `text` (nothing typed for an empty one). */
async function retype(field: HTMLElement, text: string) {
  const user = userEvent.setup();
  await user.clear(field);
  if (text) await user.type(field, text);
}

async function submit(dialog: HTMLElement, username: string, referralCode = '') {
  await retype(within(dialog).getByLabelText('Username'), username);
  await retype(within(dialog).getByLabelText('Referral code (optional)'), referralCode);
  await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Create Profile' }));
}

/** The refusal banner, once shown. */
function banner(dialog: HTMLElement): Promise<HTMLElement> {
  return within(dialog).findByRole('alert', {}, { timeout: 15_000 });
}

describe('signup modal', () => {
  it('signs a new player up with a referral code and lands on /profile', async () => {
    server.addUser('11111111111111111111111111111111', 'sensei', 'SENSEIXX');
    const { app, dialog } = await openSignup();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Referral code (optional)'), 'senseixx');
    expect(within(dialog).getByLabelText('Referral code (optional)')).toHaveValue('SENSEIXX');
    await user.type(within(dialog).getByLabelText('Username'), 'new_fighter');
    await user.click(within(dialog).getByRole('button', { name: 'Create Profile' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('heading', { name: 'new_fighter', level: 1 })).toBeInTheDocument();
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
    expect(await banner(dialog)).toHaveTextContent(exactText(message));
    expect(server.calls).not.toContain('POST /api/auth/signup');
  });

  it('clears the error banner once a field is edited, and shows it again for a new refusal', async () => {
    const { dialog } = await openSignup();
    await submit(dialog, 'ab');
    expect(await banner(dialog)).toHaveTextContent(exactText('Username must be at least 3 characters long'));
    await userEvent.setup().type(within(dialog).getByLabelText('Username'), 'c');
    expect(within(dialog).getByLabelText('Username')).toHaveValue('abc');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await submit(dialog, 'ab');
    expect(await banner(dialog)).toHaveTextContent(exactText('Username must be at least 3 characters long'));
    await submit(dialog, 'fighter', 'NOPENOPE');
    expect(await banner(dialog)).toHaveTextContent(exactText('Invalid referral code'));
    await userEvent.setup().clear(within(dialog).getByLabelText('Referral code (optional)'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "Invalid referral code" when the server does not know the code', async () => {
    const { dialog } = await openSignup();
    await submit(dialog, 'fighter', 'NOPENOPE');
    expect(await banner(dialog)).toHaveTextContent(exactText('Invalid referral code'));
  });

  it('says "Failed to validate referral code" when the check cannot reach the server', async () => {
    server.networkDown('GET /api/referral/ZZZZZZZZ');
    const { dialog } = await openSignup();
    await submit(dialog, 'fighter', 'zzzzzzzz');
    expect(await banner(dialog)).toHaveTextContent(exactText('Failed to validate referral code'));
  });

  it('says "Failed to generate authentication message" when generate-message fails', async () => {
    const { dialog } = await openSignup();
    server.networkDown('POST /api/auth/generate-message');
    await submit(dialog, 'fighter');
    expect(await banner(dialog)).toHaveTextContent(exactText('Failed to generate authentication message'));
  });

  it("shows the server's message when signup is refused", async () => {
    server.addUser('11111111111111111111111111111111', 'taken');
    const { dialog } = await openSignup();
    await submit(dialog, 'taken');
    expect(await banner(dialog)).toHaveTextContent(exactText('Username is already taken'));
  });

  it('says "Sign up failed" when the server refuses without a message', async () => {
    server.overrides.set('POST /api/auth/signup', () => new Response('{}', { status: 500 }));
    const { dialog } = await openSignup();
    await submit(dialog, 'fighter');
    expect(await banner(dialog)).toHaveTextContent(exactText('Sign up failed'));
  });

  it('says "Failed to complete authentication" when the answer is not what the protocol says', async () => {
    server.overrides.set('POST /api/auth/signup', () => new Response(JSON.stringify({ success: true, nonsense: 1 }), { status: 200 }));
    const { dialog } = await openSignup();
    await submit(dialog, 'fighter');
    expect(await banner(dialog)).toHaveTextContent(exactText('Failed to complete authentication'));
  });

  it.each<[SignBehaviour, string]>([
    ['refuse', 'Failed to sign message: User rejected the request'],
    ['empty', 'No signature received from wallet'],
    ['unsupported', 'Wallet does not support message signing'],
  ])('with a wallet that answers "%s", says "%s"', async (behaviour, message) => {
    await registerTestWallet(`Test ${behaviour}`, behaviour);
    const { dialog } = await openSignup(`Test ${behaviour}`);
    await submit(dialog, 'fighter');
    expect(await banner(dialog)).toHaveTextContent(exactText(message));
  });

  it('cancel closes the modal, clears its fields and lets the wallet go', async () => {
    const { dialog, app } = await openSignup();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Username'), 'half_typed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Complete Your Profile' })).not.toBeInTheDocument());
    expect(app.wallet.current).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: /Dev Wallet/ }));
    const reopened = await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    expect(within(reopened).getByLabelText('Username')).toHaveValue('');
  });
});
