// Sign-in from a listed origin that is not the canonical one, with a wallet that offers only
// solana:signIn: the server runs with PUBLIC_ORIGIN=http://localhost:PORT,http://127.0.0.1:PORT
// (support/global-setup.ts) and the page is opened at http://127.0.0.1:PORT. The wallet, like
// Phantom, refuses a message whose domain is not the page's host, so the sign-up and the sign-in
// only work if the server named the page's own origin.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { unique } from '../support/api';
import { type Browser, launchBrowser } from '../support/browser';
import { collectConsoleErrors } from '../support/console';
import { screenshot } from '../support/pages';
import { SIGN_IN_WALLET_NAME, installSignInWallet, signedByWallet } from '../support/sign-in-wallet';

const baseUrl = inject('baseUrl');
const page127 = new URL(baseUrl);
let browser: Browser;
let address: string;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
  address = await installSignInWallet(browser.context);
});
afterAll(async () => browser?.close());

describe('sign-in from a second listed origin with solana:signIn', () => {
  it('the canonical origin is localhost, and the page is at 127.0.0.1', async () => {
    expect(page127.hostname).toBe('127.0.0.1');
    const document = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as { servers: { url: string }[] };
    expect(document.servers).toEqual([{ url: `http://localhost:${page127.port}` }]);
  });

  it('signs up, signs out and signs back in; the wallet signs messages for the page origin', async () => {
    const page = await browser.newPage();
    const errors = collectConsoleErrors(page);
    const username = unique('siws');
    await page.goto('/');

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: new RegExp(SIGN_IN_WALLET_NAME) }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByRole('button', { name: 'Create Profile' }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('heading', { level: 1, name: username }).waitFor();

    const [signedUp] = await signedByWallet(page);
    expect(signedUp?.split('\n').slice(0, 2)).toEqual([`${page127.host} wants you to sign in with your Solana account:`, address]);
    expect(signedUp).toContain(`\nURI: ${baseUrl}\n`);

    await page.getByRole('button', { name: `Player menu: ${username}` }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();

    // Quick sign-in (a known wallet): solana:signIn again, no signup modal.
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: new RegExp(SIGN_IN_WALLET_NAME) }).click();
    await page.getByRole('button', { name: `Player menu: ${username}` }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Complete Your Profile' }).count()).toBe(0);
    const signed = await signedByWallet(page);
    expect(signed).toHaveLength(2);
    expect(signed[1]?.startsWith(`${page127.host} wants you to sign in`)).toBe(true);

    // A reload restores the session and reconnects the same wallet account.
    await page.reload();
    await page.getByRole('button', { name: `Player menu: ${username}` }).waitFor();
    const profile = (await (await fetch(`${baseUrl}/api/user/${address}`)).json()) as { user: { username: string } };
    expect(profile.user.username).toBe(username);
    await screenshot(page, 'desktop-sign-in-second-origin');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses a generate-message from an origin PUBLIC_ORIGIN does not list', async () => {
    const response = await fetch(`${baseUrl}/api/auth/generate-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      body: JSON.stringify({ walletAddress: address }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false, code: 'ORIGIN_NOT_ALLOWED' });
  });
});
