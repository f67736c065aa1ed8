// A visitor without a wallet: the welcome popup (once), the "connect your wallet" alert of a
// staked game, then a free duel against the bot played with the keyboard at 360 px, Play Again,
// and the cancel of the waiting game; then a duel against the bot that the guest reloads mid-game,
// gets back with the rejoin key its tab kept, and finishes.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, DESKTOP, PHONE, launchBrowser } from '../support/browser';
import { collectConsoleErrors } from '../support/console';
import { anyRoundResults, gameOverPopup, healths, playRound, screenshotBoth, stakeButton, startDuel, waitForRound, waitingPopup } from '../support/duel';
import { SCREENSHOTS, expectAccessible, screenshot } from '../support/pages';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser(baseUrl, { welcome: true });
  page = await browser.newPage();
  errors = collectConsoleErrors(page);
});
afterAll(async () => browser?.close());

describe('a visitor without a wallet', () => {
  it('is welcomed once, and is asked for a wallet to play for a stake', async () => {
    await page.goto('/');
    const welcome = page.getByRole('dialog', { name: 'Welcome to Duel Dojo!' });
    await welcome.waitFor({ timeout: 5_000 });
    for (const step of ['Connect your wallet', 'Play a free match', 'Post about it on social']) await welcome.getByText(step).waitFor();
    await welcome.getByRole('link', { name: 'early-tester form' }).waitFor();
    await screenshotBoth(page, 'duel-welcome');
    await expectAccessible(page, 'the welcome popup');
    await welcome.getByRole('button', { name: "Let's Start!" }).click();
    await welcome.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Duel!' }).waitFor();
    await page.waitForTimeout(1_500);
    expect(await welcome.count()).toBe(0);

    await stakeButton(page, '5$').click();
    const alert = page.getByRole('dialog', { name: 'Connect your wallet' });
    await alert.getByText('Please connect your wallet first to play for a stake.').waitFor();
    await screenshotBoth(page, 'duel-connect-wallet');
    await alert.getByRole('button', { name: 'OK' }).click();
    expect(await page.getByRole('group', { name: 'Choose your character' }).count()).toBe(0);
  });

  it('plays a free duel against the bot with the keyboard, then cancels the next one', async () => {
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Free!', exact: true }).click();
    await page.getByRole('group', { name: 'Choose your character' }).waitFor();
    await screenshotBoth(page, 'duel-characters');
    await expectAccessible(page, 'the character picker at 360 px');
    await page.getByRole('group', { name: 'Choose your character' }).getByRole('button', { name: /^Ghost/ }).click();
    await page.getByRole('button', { name: 'Fight!' }).waitFor();
    await screenshotBoth(page, 'duel-selected');
    await page.getByRole('button', { name: 'Fight!' }).click();
    const waiting = waitingPopup(page);
    await waiting.getByText(/players? online/).waitFor();
    await screenshot(page, 'phone-duel-waiting');
    await expectAccessible(page, 'the waiting popup at 360 px');
    await waiting.getByRole('button', { name: 'Play with Bot' }).click();
    await page.getByRole('status', { name: 'Fight!' }).waitFor();
    await page.waitForTimeout(1_500);
    await page.screenshot({ path: `${SCREENSHOTS}/phone-duel-intro.png` });

    for (let rounds = 0; !(await gameOverPopup(page).isVisible()); rounds += 1) {
      expect(rounds).toBeLessThan(14);
      await waitForRound(page);
      if (rounds === 0) await screenshot(page, 'phone-duel-predict');
      await page.keyboard.press('d');
      await page.getByText('You predict').waitFor();
      if (rounds === 0) await screenshot(page, 'phone-duel-act');
      await page.keyboard.press('a');
      await anyRoundResults(page).waitFor({ timeout: 15_000 });
      await gameOverPopup(page).or(page.getByRole('group', { name: "Predict the enemy's move" })).waitFor({ timeout: 15_000 });
    }
    const over = gameOverPopup(page);
    expect(await over.getByRole('button', { name: 'Claim Reward' }).count()).toBe(0);
    await over.getByText('Provably fair').click();
    await over.getByRole('button', { name: 'Verify' }).click();
    await over.getByText(/^Verified: the seed matches the commitment and (its round matches|all \d+ rounds match)\.$/).waitFor();
    await screenshot(page, 'phone-duel-bot-game-over');

    await page.setViewportSize(DESKTOP);
    await over.getByRole('button', { name: 'Play Again' }).click();
    await waiting.getByRole('button', { name: 'Cancel', exact: true }).click();
    const cancelled = page.getByRole('dialog', { name: 'Game cancelled' });
    expect(await cancelled.getByRole('status').textContent()).toBe('Game cancelled');
    await screenshotBoth(page, 'duel-cancelled');
    await cancelled.getByRole('button', { name: 'Back to Home' }).click();
    await page.getByRole('heading', { name: 'Duel!' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('reloads mid-game against the bot, is offered the game back, and finishes it', async () => {
    const storedKey = () => page.evaluate(() => window.sessionStorage.getItem('duel-dojo:guest-rejoin'));
    await page.goto('/');
    await startDuel(page, 'Free!', 'Ghost');
    await waitingPopup(page).getByRole('button', { name: 'Play with Bot' }).click();
    await waitForRound(page);
    await playRound(page, 'Dodge', 'Attack');
    await anyRoundResults(page).waitFor({ timeout: 15_000 });
    const before = await healths(page);
    expect(await storedKey()).toMatch(/"rejoinKey":"[A-Za-z0-9_-]{43}"/);

    await page.reload();
    const prompt = page.getByRole('dialog', { name: 'Active game found' });
    await prompt.getByText(/Your free duel is still running/).waitFor({ timeout: 15_000 });
    await screenshotBoth(page, 'duel-guest-rejoin-prompt');
    await prompt.getByRole('button', { name: 'Rejoin Game' }).click();
    await page.getByRole('status', { name: 'Fight!' }).waitFor({ state: 'detached', timeout: 5_000 });
    await page.getByRole('region', { name: 'You: Guest' }).waitFor();
    // The same game: the healths carry on from before the reload (or have gone down since).
    expect((await healths(page)).theirs).toBeLessThanOrEqual(before.theirs);
    await screenshotBoth(page, 'duel-guest-rejoined');

    for (let rounds = 0; !(await gameOverPopup(page).isVisible()); rounds += 1) {
      expect(rounds).toBeLessThan(14);
      await gameOverPopup(page).or(page.getByRole('group', { name: "Predict the enemy's move" })).waitFor({ timeout: 30_000 });
      if (await gameOverPopup(page).isVisible()) break;
      await waitForRound(page);
      await playRound(page, 'Dodge', 'Attack');
      await anyRoundResults(page).waitFor({ timeout: 15_000 });
      await gameOverPopup(page).or(page.getByRole('group', { name: "Predict the enemy's move" })).waitFor({ timeout: 15_000 });
    }
    await screenshot(page, 'desktop-duel-guest-rejoined-game-over');
    // Over means over: the tab forgets the key.
    expect(await storedKey()).toBeNull();
    expect(errors).toEqual([]);
  });
});
