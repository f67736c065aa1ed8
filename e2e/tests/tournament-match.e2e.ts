// A called tournament match is played by its two players, end to end in two browsers on the real
// server's clock: the match is called at the start, the host follows "Fight now" and waits — the
// popup names the opponent and the no-show deadline with its countdown, and offers neither Play
// with Bot nor Cancel (shot at 1280 and 360 px). The host reloads: the home screen leads only
// back into the match, and "Fight now" on the tournament page returns to the same one. The
// guest (360 px) follows "Fight now" and the two fight it; the bracket is decided by that game,
// the only one in the host's history, against the guest and not the bot.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiPlayer, signUpOverHttp, unique } from '../support/api';
import { DESKTOP, PHONE } from '../support/browser';
import { fightUntilWon, gameOverPopup, walletAddressOf } from '../support/duel';
import { SCREENSHOTS, expectAccessible } from '../support/pages';
import { type BrowserPlayer, signedUpPlayer } from '../support/players';
import { createOverHttp, joinOverHttp } from '../support/tournaments';

const baseUrl = inject('baseUrl');
/** Both browsers join over HTTP first; the scheduler passes every 2 s. */
const START_IN_MS = 8_000;

const players: BrowserPlayer[] = [];
let organizer: ApiPlayer;

beforeAll(async () => {
  for (const prefix of ['kendo', 'judo']) players.push(await signedUpPlayer(baseUrl, prefix));
  organizer = await signUpOverHttp(baseUrl, unique('organizer'));
});
afterAll(async () => {
  for (const player of players) await player.browser.close();
});

const tokenOf = async (page: Page): Promise<string> => (await page.evaluate(() => window.localStorage.getItem('duel-dojo:auth-token'))) ?? '';

function matchCall(page: Page) {
  return page.getByRole('region', { name: 'Your tournament match' });
}

function matchPopup(page: Page) {
  return page.getByRole('dialog', { name: 'Tournament match' });
}

/** A popup at 1280 and 360 px, its opening animation finished; the page is left at 1280. */
async function shootPopup(page: Page, name: string): Promise<void> {
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SCREENSHOTS}/${label}-${name}.png`, animations: 'disabled' });
    await expectAccessible(page, `${name} at ${label}`);
  }
  await page.setViewportSize(DESKTOP);
}

/** "Fight now" the first time: the invite of the match (naming the opponent), Ghost, Join Duel. */
async function fightNow(page: Page, opponent: string): Promise<void> {
  await matchCall(page).getByRole('link', { name: 'Fight now' }).click({ timeout: 20_000 });
  const invite = page.getByRole('dialog', { name: "You're invited to a duel!" });
  await invite.getByText(`Your tournament match against ${opponent}.`, { exact: false }).waitFor();
  await invite.getByRole('button', { name: /^Ghost/ }).click();
  await invite.getByRole('button', { name: 'Join Duel' }).click();
}

describe('a called tournament match', () => {
  it('waits for the opponent without bot or Cancel, survives a reload, and is fought by the two players', async () => {
    const [host, guest] = players as [BrowserPlayer, BrowserPlayer];
    await guest.page.setViewportSize(PHONE);
    const hostAddress = await walletAddressOf(host.page);
    const title = `Match Cup ${unique('m').slice(-6)}`;
    const tournamentId = await createOverHttp(baseUrl, organizer.token, {
      name: title,
      description: 'Two fighters, one called match.',
      maxParticipants: 4,
      startDate: new Date(Date.now() + START_IN_MS).toISOString(),
    });
    for (const player of [host, guest]) await joinOverHttp(baseUrl, tournamentId, await tokenOf(player.page));
    for (const player of [host, guest]) await player.page.goto(`/tournaments/${tournamentId}`);
    for (const player of [host, guest]) await matchCall(player.page).waitFor({ timeout: START_IN_MS + 20_000 });

    // The host follows the call and waits: the opponent, the deadline and its countdown.
    await fightNow(host.page, guest.name);
    const waiting = matchPopup(host.page);
    await waiting.getByText(`You vs ${guest.name}`).waitFor();
    await waiting.getByText(`If ${guest.name} is not here by`).waitFor();
    expect(await waiting.getByRole('timer', { name: 'Time left before the no-show forfeit' }).textContent()).toMatch(/^[12]:\d\d$/);
    // The loophole as found: no Play with Bot, and no Cancel that walks out of the match.
    expect(await waiting.getByRole('button', { name: 'Play with Bot' }).count()).toBe(0);
    expect(await waiting.getByRole('button', { name: /Cancel/ }).count()).toBe(0);
    await shootPopup(host.page, 'tournament-match-waiting');

    // Leaving the waiting screen does not leave the match: "Fight now" leads back into it.
    const prompt = host.page.getByRole('dialog', { name: 'Your tournament match is waiting' });
    await waiting.getByRole('link', { name: 'View the bracket' }).click();
    await matchCall(host.page).getByRole('link', { name: 'Fight now' }).click({ timeout: 20_000 });
    await prompt.getByRole('button', { name: 'Back to the match' }).click({ timeout: 10_000 });
    await matchPopup(host.page).getByText(`You vs ${guest.name}`).waitFor();

    // A reload: the home screen offers only the way back into the match.
    await host.page.reload();
    await prompt.getByText(`waiting for ${guest.name}`).waitFor({ timeout: 10_000 });
    expect(await prompt.getByRole('button', { name: 'Start New Game' }).count()).toBe(0);
    await shootPopup(host.page, 'tournament-match-rejoin');

    // "Fight now" on the tournament page after the reload: back into the same match.
    await host.page.goto(`/tournaments/${tournamentId}`);
    await matchCall(host.page).getByRole('link', { name: 'Fight now' }).click({ timeout: 20_000 });
    await prompt.getByRole('button', { name: 'Back to the match' }).click({ timeout: 10_000 });
    await matchPopup(host.page).getByText(`You vs ${guest.name}`).waitFor();
    expect(await matchPopup(host.page).getByRole('button', { name: 'Play with Bot' }).count()).toBe(0);

    // The guest comes: the two fight it out.
    await fightNow(guest.page, host.name);
    await fightUntilWon(host.page, guest.page);
    await gameOverPopup(host.page).getByRole('heading', { name: 'Victory!' }).waitFor({ timeout: 15_000 });
    await gameOverPopup(guest.page).getByRole('heading', { name: 'Defeat' }).waitFor({ timeout: 15_000 });

    // The game decided the bracket, and it was against the guest, not the bot.
    await host.page.goto(`/tournaments/${tournamentId}`);
    const podium = host.page.getByRole('list', { name: 'Final placings' });
    await podium.getByRole('listitem').first().filter({ hasText: host.name }).waitFor({ timeout: 15_000 });
    const history = (await (await fetch(`${baseUrl}/api/games?wallet=${hostAddress}`)).json()) as { games: { player2: string | null; player2Name: string | null }[] };
    expect(history.games).toHaveLength(1);
    expect(history.games[0]?.player2).not.toBe('bot');
    expect(history.games[0]?.player2Name).toBe(guest.name);

    for (const player of players) expect(player.errors, player.name).toEqual([]);
  });
});
