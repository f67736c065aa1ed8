// Presence, honest leaving and rematch between two browsers (docs/leaving-a-game.md,
// docs/rematch.md): a player sees the opponent lock in (never the move), drop with the time
// since, and claims the victory once the opponent has been away for the claim delay (3 s on the
// test server); Resign ends the duel at once, and so does leaving through the navigation; after
// game over both ask for a rematch and meet again. The second player is at 360 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { gameOverPopup, playRound, screenshotBoth, startDuel, waitForRound, waitingPopup } from '../support/duel';
import { expectAccessible, screenshot } from '../support/pages';
import { type BrowserPlayer, signedUpPlayer } from '../support/players';

const baseUrl = inject('baseUrl');
const players: BrowserPlayer[] = [];

beforeAll(async () => {
  for (const [prefix, viewport] of [['rin', DESKTOP], ['sora', PHONE]] as const) {
    const player = await signedUpPlayer(baseUrl, prefix);
    await player.page.setViewportSize(viewport);
    players.push(player);
  }
});
afterAll(async () => {
  for (const player of players) await player.browser.close();
});

/** Both on Home, matched in a free duel, round 1 open on both screens. */
async function matched(a: Page, b: Page): Promise<void> {
  await a.goto('/');
  await b.goto('/');
  await startDuel(a, 'Free!', 'Ghost');
  await waitingPopup(a).waitFor();
  await startDuel(b, 'Free!', 'Ghost');
  await waitForRound(a);
  await waitForRound(b);
}

describe('leaving a duel', () => {
  it('shows the opponent locking in and dropping, and lets the present player claim the victory after the delay', async () => {
    const [a, b] = players as [BrowserPlayer, BrowserPlayer];
    await matched(a.page, b.page);
    await a.page.getByText('Connected', { exact: true }).waitFor();
    await playRound(a.page, 'Dodge', 'Attack');
    await b.page.getByText('Opponent locked in').waitFor();
    await screenshotBoth(b.page, 'duel-opponent-locked');
    await expectAccessible(b.page, 'the presence bar at 360 px');

    // The tab goes away: no resignation, the opponent sees the absence grow.
    await b.page.goto('about:blank');
    await a.page.getByText(/^Opponent disconnected · 0:0\d$/).waitFor({ timeout: 10_000 });
    const claim = a.page.getByRole('button', { name: 'Claim victory' });
    await claim.waitFor({ timeout: 15_000 });
    await screenshot(a.page, 'desktop-duel-claim-victory');
    await expectAccessible(a.page, 'the claim victory offer');
    await claim.click();
    const won = gameOverPopup(a.page);
    await won.getByRole('heading', { name: 'Victory!' }).waitFor({ timeout: 10_000 });
    await won.getByText(/^Victory claimed/).waitFor();
    // Back later: the game is over, nothing to rejoin. (The blank page has no storage, which the
    // harness's own start-up script reported there: not the app's error.)
    b.errors.splice(0, b.errors.length, ...b.errors.filter((error) => !error.includes("Failed to read the 'localStorage' property")));
    await b.page.goto('/');
    await b.page.getByRole('heading', { name: 'Duel!' }).waitFor();
    await b.page.waitForTimeout(2_500);
    expect(await b.page.getByRole('dialog', { name: 'Active game found' }).count()).toBe(0);
    await won.getByRole('button', { name: 'New Game' }).click();
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it('ends the duel at once on Resign, offers a rematch both accept, and resigns when a player leaves through the menu', async () => {
    const [a, b] = players as [BrowserPlayer, BrowserPlayer];
    await matched(a.page, b.page);
    await b.page.getByRole('button', { name: 'Resign' }).click();
    const confirm = b.page.getByRole('dialog', { name: 'Resign this duel?' });
    await screenshot(b.page, 'phone-duel-resign-confirm');
    await confirm.getByRole('button', { name: 'Resign' }).click();
    const won = gameOverPopup(a.page);
    const lost = gameOverPopup(b.page);
    await won.getByRole('heading', { name: 'Victory!' }).waitFor({ timeout: 10_000 });
    await lost.getByRole('heading', { name: 'Defeat' }).waitFor({ timeout: 10_000 });
    await won.getByText(/resigned/i).first().waitFor();

    // Rematch: asked by one, offered to the other, accepted: the same two meet again.
    await won.getByRole('button', { name: 'Rematch' }).click();
    // Asked: the asking player waits for this one opponent (no bot, no invite).
    await waitingPopup(a.page).waitFor({ timeout: 15_000 });
    await lost.getByText(new RegExp(`^${a.name} asks for a rematch`)).waitFor({ timeout: 15_000 });
    await screenshotBoth(b.page, 'duel-rematch-offer');
    await expectAccessible(b.page, 'the rematch offer at 360 px');
    await lost.getByRole('button', { name: 'Accept rematch' }).click();
    await waitForRound(a.page);
    await waitForRound(b.page);
    expect(await a.page.getByRole('region', { name: `Opponent: ${b.name}` }).count()).toBe(1);

    // Leaving through the navigation asks first, then resigns: the opponent wins at once.
    a.page.once('dialog', (dialog) => void dialog.accept());
    await a.page.getByRole('link', { name: 'Leaderboard' }).first().click();
    await a.page.waitForURL(/\/leaderboard$/);
    await gameOverPopup(b.page).getByRole('heading', { name: 'Victory!' }).waitFor({ timeout: 10_000 });
    await screenshot(b.page, 'phone-duel-won-by-resignation');
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
