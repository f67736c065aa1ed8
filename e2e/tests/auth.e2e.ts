// A new player connects the dev wallet, signs up with a referral code, lands on
// /profile, signs out and back in — in Chromium against the real server.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiPlayer, signUpOverHttp, unique } from '../support/api';
import { type Browser, launchBrowser } from '../support/browser';
import { collectConsoleErrors } from '../support/console';
import { expectAccessible, screenshot } from '../support/pages';

const baseUrl = inject('baseUrl');
let browser: Browser;
let referrer: ApiPlayer;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
  referrer = await signUpOverHttp(baseUrl, unique('sensei'));
});
afterAll(async () => browser?.close());

describe('sign-up and sign-in', () => {
  it('signs up with a referral code, lands on /profile, signs out and back in', async () => {
    const page = await browser.newPage();
    const errors = collectConsoleErrors(page);
    const username = unique('rookie');
    await page.goto('/');

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: /Dev Wallet/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Referral code (optional)').pressSequentially(referrer.referralCode.toLowerCase());
    expect(await dialog.getByLabel('Referral code (optional)').inputValue()).toBe(referrer.referralCode);
    await screenshot(page, 'desktop-signup-modal');
    await expectAccessible(page, 'signup modal');
    await dialog.getByRole('button', { name: 'Create Profile' }).click();

    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('heading', { level: 1, name: username }).waitFor();
    await page.getByText('Referral Program').waitFor();
    const token = await page.evaluate(() => window.localStorage.getItem('duel-dojo:auth-token'));
    expect(token).toBeTruthy();
    const referrerProfile = (await (await fetch(`${baseUrl}/api/user/${referrer.address}`)).json()) as { user: { totalReferrals: number } };
    expect(referrerProfile.user.totalReferrals).toBe(1);

    await page.getByRole('button', { name: `Player menu: ${username}` }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => [window.localStorage.getItem('duel-dojo:auth-token'), window.localStorage.getItem('duel-dojo:manual-logout')])).toEqual([null, 'true']);

    // After a manual sign-out a reload stays signed out.
    await page.reload();
    await page.waitForTimeout(500);
    await page.getByRole('button', { name: 'Login' }).waitFor();

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: /Dev Wallet/ }).click();
    await page.getByRole('button', { name: `Player menu: ${username}` }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Complete Your Profile' }).count()).toBe(0);
    expect(page.url()).toBe(`${baseUrl}/profile`);

    // A reload restores the session from the stored token (auto-reconnect).
    await page.reload();
    await page.getByRole('button', { name: `Player menu: ${username}` }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the server refusal in the banner for a taken username', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.evaluate(() => window.localStorage.removeItem('duel-dojo:dev-wallet-keypair'));
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: /Dev Wallet/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
    await dialog.getByLabel('Username').fill(referrer.username);
    await dialog.getByRole('button', { name: 'Create Profile' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Username is already taken');
    await dialog.getByLabel('Username').fill('x');
    await dialog.getByRole('button', { name: 'Create Profile' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Username must be at least 3 characters long');
    await page.close();
  });

  it('says so when the sign-in could not be downloaded, and signs in once it can', async () => {
    const page = await browser.newPage();
    // The sign-in's steps load when the wallet modal opens: a dropped connection fails that download.
    const blocked = '**/assets/sign-in-flow-*.js';
    await page.route(blocked, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: /Dev Wallet/ }).click();
    const alert = page.getByRole('dialog', { name: 'Wallet connection failed' });
    await alert.getByText('The sign-in could not be loaded. Check your connection and try again.').waitFor();
    await screenshot(page, 'desktop-sign-in-not-loaded');
    expect(await page.evaluate(() => window.localStorage.getItem('duel-dojo:auth-token'))).toBeNull();

    await page.unroute(blocked);
    await alert.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: /Dev Wallet/ }).click();
    await page.getByRole('dialog', { name: 'Complete Your Profile' }).waitFor();
    await page.close();
  });
});

