// Two players, two browsers, two dev wallets: a free duel through an invite link to game over
// (both see the same healths each round and the same winner, fairness verified in the game-over
// view and in the history), then a matchmade duel where one player reloads mid-game and rejoins.
// The second player plays at 360 px, so every phase is seen at both widths.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { anyRoundResults, gameOverPopup, healths, playRound, roundResults, screenshotBoth, startDuel, waitForRound, waitingPopup } from '../support/duel';
import { SCREENSHOTS, expectAccessible, screenshot } from '../support/pages';
import { type BrowserPlayer, signedUpPlayer } from '../support/players';

const baseUrl = inject('baseUrl');
const players: BrowserPlayer[] = [];

beforeAll(async () => {
  for (const [prefix, viewport] of [['kenji', DESKTOP], ['yuki', PHONE]] as const) {
    const player = await signedUpPlayer(baseUrl, prefix);
    await player.page.setViewportSize(viewport);
    players.push(player);
  }
});
afterAll(async () => {
  for (const player of players) await player.browser.close();
});

/** Plays rounds (player 1 reads the dodge and attacks; player 2 dodges) until the game is over; returns the last round. */
async function fightToTheEnd(a: Page, b: Page, shots?: string): Promise<number> {
  for (let first = true; ; first = false) {
    await waitForRound(a);
    await waitForRound(b);
    if (shots && first) {
      await screenshot(a, `desktop-${shots}-predict`);
      await expectAccessible(a, 'the prediction step');
      await a.getByRole('group', { name: "Predict the enemy's move" }).getByRole('button', { name: 'Dodge' }).click();
      await screenshot(a, `desktop-${shots}-act`);
      await a.getByRole('button', { name: /^Undo/ }).click();
    }
    await playRound(a, 'Dodge', 'Attack');
    if (shots && first) await screenshotBoth(a, `${shots}-locked`);
    await playRound(b, 'Attack', 'Dodge');
    const label = (await anyRoundResults(a).getAttribute('aria-label')) ?? '';
    const round = Number(/\d+/.exec(label)?.[0]);
    await roundResults(b, round).waitFor();
    if (shots && first) {
      await screenshot(a, `desktop-${shots}-results`);
      await screenshot(b, `phone-${shots}-results`);
      await expectAccessible(b, 'the round results at 360 px');
    }
    const [seenByA, seenByB] = [await healths(a), await healths(b)];
    expect(seenByA, `round ${round}`).toEqual({ mine: seenByB.theirs, theirs: seenByB.mine });
    if (seenByA.theirs === 0) return round;
  }
}

describe('a free duel between two browsers', () => {
  it('through an invite link to game over, with the same healths, the same winner and a verified seed', async () => {
    const [a, b] = players as [(typeof players)[0], (typeof players)[0]];
    await a.page.goto('/');
    await startDuel(a.page, 'Free!', 'Ghost');
    const waiting = waitingPopup(a.page);
    await waiting.getByText(/players? online/).waitFor();
    await waiting.getByRole('button', { name: 'Play with Bot' }).waitFor();
    await screenshot(a.page, 'desktop-duel-waiting');
    await expectAccessible(a.page, 'the waiting popup');
    await waiting.getByRole('button', { name: 'Copy invite link' }).click();
    await waiting.getByRole('button', { name: 'Copied!' }).waitFor();
    const link = await a.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${baseUrl.replace(/[.]/g, '\\.')}/\\?invite=[\\w-]+$`));

    await b.page.goto(link);
    const invite = b.page.getByRole('dialog', { name: "You're invited to a duel!" });
    await invite.waitFor();
    expect(b.page.url()).toBe(`${baseUrl}/`);
    await invite.getByRole('button', { name: /^Ghost/ }).click();
    await screenshotBoth(b.page, 'duel-invite');
    await expectAccessible(b.page, 'the invite modal at 360 px');
    await invite.getByRole('button', { name: 'Join Duel' }).click();

    await a.page.getByRole('status', { name: 'Fight!' }).waitFor();
    // Mid-intro: both fighters in, "FIGHT!" landing.
    await a.page.waitForTimeout(1_500);
    await a.page.screenshot({ path: `${SCREENSHOTS}/desktop-duel-intro.png` });
    await b.page.getByRole('status', { name: 'Fight!' }).waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
    const rounds = await fightToTheEnd(a.page, b.page, 'duel');
    expect(rounds).toBeLessThanOrEqual(3);

    const won = gameOverPopup(a.page);
    const lost = gameOverPopup(b.page);
    await won.waitFor({ timeout: 10_000 });
    await lost.waitFor({ timeout: 10_000 });
    expect(await won.getByRole('heading').textContent()).toBe('Victory!');
    expect(await lost.getByRole('heading').textContent()).toBe('Defeat');
    await lost.getByText(`${a.name} won the duel.`).waitFor();
    await screenshot(b.page, 'phone-duel-game-over');
    await expectAccessible(b.page, 'the game-over popup at 360 px');

    await won.getByText('Provably fair').click();
    await won.getByRole('button', { name: 'Verify' }).click();
    await won.getByText(`Verified: the seed matches the commitment and all ${rounds} rounds match.`).waitFor();
    await screenshot(a.page, 'desktop-duel-game-over');
    await expectAccessible(a.page, 'the game-over popup');

    await won.getByRole('button', { name: 'New Game' }).click();
    await a.page.getByRole('heading', { name: 'Duel!' }).waitFor();
    await a.page.getByRole('link', { name: 'My Games' }).click();
    const entry = a.page.getByRole('list', { name: 'Battles' }).getByRole('listitem').first();
    await entry.getByText('Victory').waitFor();
    await entry.getByText('Provably fair').click();
    await entry.getByRole('button', { name: 'Verify' }).click();
    await entry.getByText(`Verified: the seed matches the commitment and all ${rounds} rounds match.`).waitFor();
    await screenshotBoth(a.page, 'duel-history-verified');
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it('a player who reloads mid-game is offered the game back and rejoins it', async () => {
    const [a, b] = players as [(typeof players)[0], (typeof players)[0]];
    await a.page.goto('/');
    await b.page.goto('/');
    await startDuel(a.page, 'Free!', 'Ghost');
    // Generous: on a busy machine the page, its lazy screens and the join can take a while.
    await waitingPopup(a.page).waitFor({ timeout: 60_000 });
    await startDuel(b.page, 'Free!', 'Ghost');
    await waitForRound(a.page);
    await waitForRound(b.page);
    await playRound(a.page, 'Dodge', 'Attack');

    await a.page.reload();
    const prompt = a.page.getByRole('dialog', { name: 'Active game found' });
    await prompt.waitFor({ timeout: 15_000 });
    await screenshotBoth(a.page, 'duel-rejoin-prompt');
    await expectAccessible(a.page, 'the rejoin prompt');
    await playRound(b.page, 'Attack', 'Dodge');
    await prompt.getByRole('button', { name: 'Rejoin Game' }).click();
    await a.page.getByRole('status', { name: 'Fight!' }).waitFor({ state: 'detached', timeout: 5_000 });
    await expect.poll(async () => (await healths(a.page)).theirs, { timeout: 10_000 }).toBe((await healths(b.page)).mine);
    expect((await healths(a.page)).theirs).toBeLessThan(100);

    await fightToTheEnd(a.page, b.page);
    await gameOverPopup(a.page).getByRole('heading', { name: 'Victory!' }).waitFor({ timeout: 10_000 });
    await gameOverPopup(b.page).getByRole('heading', { name: 'Defeat' }).waitFor({ timeout: 10_000 });
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
