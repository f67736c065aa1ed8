// Every product route renders without console errors at desktop and 360 px, passes the
// accessibility audit, and leaves a screenshot in e2e/screenshots/ (git-ignored) to look at.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiPlayer, signUpOverHttp, unique } from '../support/api';
import { type Browser, DESKTOP, PHONE, launchBrowser } from '../support/browser';
import { collectConsoleErrors } from '../support/console';
import { expectAccessible, screenshot, signUpInBrowser } from '../support/pages';

const baseUrl = inject('baseUrl');
let browser: Browser;
let publicPlayer: ApiPlayer;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
  publicPlayer = await signUpOverHttp(baseUrl, unique('shogun'));
});
afterAll(async () => browser?.close());

/** Each route with the text that proves it rendered. */
const ROUTES: readonly { name: string; path: () => string; shows: string }[] = [
  { name: 'home', path: () => '/', shows: 'Duel!' },
  { name: 'how-to-play', path: () => '/how-to-play', shows: 'Core mechanics' },
  { name: 'my-games-anonymous', path: () => '/my-games', shows: 'Duel!' },
  { name: 'tournaments', path: () => '/tournaments', shows: 'Community Tournaments' },
  { name: 'tournament-detail', path: () => '/tournaments/t-unknown', shows: 'Tournament Not Found' },
  { name: 'contact', path: () => '/contact', shows: 'Back to Game' },
  { name: 'profile-anonymous', path: () => '/profile', shows: 'Connect your wallet to see your profile' },
  { name: 'profile-public', path: () => `/profile/${publicPlayer.address}`, shows: 'Public Profile' },
  { name: 'marketplace', path: () => '/marketplace', shows: 'Crimson Merc' },
  { name: 'leaderboard', path: () => '/leaderboard', shows: 'Dojo Champions' },
  { name: 'not-found', path: () => '/no-such-page', shows: 'Page not found' },
];

async function visit(page: Page, path: string, shows: string): Promise<void> {
  await page.goto(path);
  await page.getByText(shows, { exact: false }).first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('every route at %s width', (label, viewport) => {
  it.each(ROUTES)('$name renders cleanly', async (route) => {
    const page = await browser.newPage();
    await page.setViewportSize(viewport);
    const errors = collectConsoleErrors(page);
    await visit(page, route.path(), route.shows);
    await screenshot(page, `${label}-${route.name}`);
    await expectAccessible(page, `${route.name} at ${label}`);
    expect(errors, route.name).toEqual([]);
    await page.close();
  });
});

describe('signed-in screens', () => {
  it('own profile, history, marketplace and the dropdowns render cleanly at both widths', async () => {
    const page = await browser.newPage();
    const errors = collectConsoleErrors(page);
    const username = unique('ronin');
    await page.goto('/');
    await signUpInBrowser(page, username);

    for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      await page.setViewportSize(viewport);
      const go = async (name: string, shows: string) => {
        if (label === 'phone') await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await page.getByRole('navigation', { name: label === 'phone' ? 'Main menu' : 'Main' }).getByRole('link', { name }).click();
        await page.getByText(shows).first().waitFor();
        await page.waitForLoadState('networkidle');
      };
      await go('My Games', 'No battles fought yet');
      await screenshot(page, `${label}-my-games-signed-in`);
      await expectAccessible(page, `my games at ${label}`);
      await go('Marketplace', 'Crimson Merc');
      await page.getByRole('button', { name: /^Buy Now: Crimson Merc/ }).waitFor();
      await screenshot(page, `${label}-marketplace-signed-in`);
      await expectAccessible(page, `marketplace at ${label}`);

      await page.getByRole('button', { name: `Player menu: ${username}` }).click();
      await page.getByRole('link', { name: 'Profile' }).click();
      await page.getByText('Referral Program').waitFor();
      await screenshot(page, `${label}-profile-own`);
      await expectAccessible(page, `own profile at ${label}`);

      await page.getByRole('button', { name: /^Wallet balance/ }).click();
      await page.getByRole('tab', { name: 'Deposit' }).click();
      await page.getByTestId('deposit-address').waitFor();
      await page.getByRole('img', { name: /QR code of your wallet address/ }).waitFor();
      await page.screenshot({ path: `${import.meta.dirname}/../screenshots/${label}-wallet-deposit.png` });
      await expectAccessible(page, `deposit at ${label}`);
      await page.getByRole('tab', { name: 'Withdraw' }).click();
      await page.getByLabel('Recipient address').waitFor();
      await page.screenshot({ path: `${import.meta.dirname}/../screenshots/${label}-wallet-withdraw.png` });
      await expectAccessible(page, `withdraw at ${label}`);
      await page.keyboard.press('Escape');
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
