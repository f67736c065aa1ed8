// Tournaments end to end, on the real server's clock: a player creates a tournament through the
// "Create New Tournament" modal starting ~50 s ahead, joins it; two players join over HTTP and a
// second browser (360 px) joins through the UI; at the start date the scheduler (2 s) draws the
// bracket, both browsers see it live, the host is called to a match ("Fight now") and the guest
// is told anywhere in the app by a toast. A double elimination and a round robin of HTTP players
// start at the same time, to see their brackets. Screenshots at 1280 and 360 px of every step.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiPlayer, signUpOverHttp, unique } from '../support/api';
import { DESKTOP, PHONE } from '../support/browser';
import { expectAccessible, screenshot } from '../support/pages';
import { type BrowserPlayer, signedUpPlayer } from '../support/players';
import { createOverHttp, joinOverHttp, localDateTimeAhead, tournamentIdOf } from '../support/tournaments';

const baseUrl = inject('baseUrl');
/** Long enough to create, join from two browsers and take the upcoming screenshots. */
const START_IN_MS = 50_000;

type Player = BrowserPlayer;
const players: Player[] = [];
let others: ApiPlayer[] = [];

beforeAll(async () => {
  for (const [prefix, viewport] of [['sensei', DESKTOP], ['pupil', PHONE]] as const) {
    const player = await signedUpPlayer(baseUrl, prefix);
    await player.page.setViewportSize(viewport);
    players.push(player);
  }
  others = await Promise.all(['ronin', 'kunoichi', 'samurai', 'monk'].map((prefix) => signUpOverHttp(baseUrl, unique(prefix))));
});

/** The other formats, played by the HTTP players only, starting with the browsers' tournament. */
async function createOtherFormats(startDate: string): Promise<void> {
  const [a, b, c, d] = others as [ApiPlayer, ApiPlayer, ApiPlayer, ApiPlayer];
  const common = { description: 'Played by the HTTP players.', maxParticipants: 4, startDate, prizes: { first: '100 XP' } };
  const double = await createOverHttp(baseUrl, a.token, { ...common, name: 'Double Trouble', format: 'double-elimination' });
  const league = await createOverHttp(baseUrl, a.token, { ...common, name: 'Round Dojo', format: 'round-robin' });
  for (const player of [a, b, c, d]) await joinOverHttp(baseUrl, double, player.token);
  for (const player of [a, b, c]) await joinOverHttp(baseUrl, league, player.token);
}
afterAll(async () => {
  for (const player of players) await player.browser.close();
});

async function openTournaments(page: Page): Promise<void> {
  await page.goto('/tournaments');
  await page.getByRole('heading', { level: 1, name: 'Community Tournaments' }).waitFor();
  await page.getByRole('tabpanel').getByRole('status').waitFor({ state: 'detached' });
}

describe('tournaments', () => {
  it('create, join with a second player, see the participants and the live bracket', async () => {
    const [host, guest] = players as [Player, Player];
    const title = `Dojo Cup ${unique('c').slice(-6)}`;

    // The host creates it: the form's first message, then the form.
    await openTournaments(host.page);
    await host.page.getByRole('button', { name: 'Create Tournament' }).click();
    const dialog = host.page.getByRole('dialog', { name: 'Create New Tournament' });
    await dialog.getByRole('button', { name: 'Create Tournament' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please fill in all required fields' }).waitFor();
    await dialog.getByLabel('Tournament name').fill(title);
    await dialog.getByLabel('Description').fill('Four fighters, one champion. Free to enter, bragging rights guaranteed.');
    await dialog.getByLabel('Max players').selectOption('4');
    const startsAt = Date.now() + START_IN_MS;
    await dialog.getByLabel('Start date').fill(await localDateTimeAhead(host.page, START_IN_MS));
    await createOtherFormats(new Date(startsAt).toISOString());
    await dialog.getByLabel('1st place').fill('Golden Belt');
    await dialog.getByLabel('2nd place').fill('Silver Fan');
    await screenshot(host.page, 'desktop-tournament-create');
    await expectAccessible(host.page, 'the create modal at desktop');
    await dialog.getByRole('button', { name: 'Create Tournament' }).click();
    await dialog.waitFor({ state: 'detached' });
    await host.page.getByText(`Tournament created: ${title}`).waitFor();
    const card = host.page.getByRole('listitem').filter({ has: host.page.getByRole('link', { name: title }) });
    await expect.poll(() => card.getByText('0/4').count()).toBe(1);
    await screenshot(host.page, 'desktop-tournament-list');
    await expectAccessible(host.page, 'the list at desktop');

    // The host joins from the card, then opens the detail.
    await card.getByRole('button', { name: 'Join Tournament' }).click();
    await card.getByRole('button', { name: 'Registered' }).waitFor();
    // The reload after joining lists the other formats' tournaments too: let the grid settle.
    await host.page.getByRole('link', { name: 'Round Dojo' }).waitFor();
    await card.click();
    await host.page.waitForURL(/\/tournaments\/[^/]+$/);
    const tournamentId = tournamentIdOf(host.page);
    await host.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await host.page.getByRole('timer', { name: 'Starts in' }).waitFor();

    // Two players join over HTTP; the guest joins at 360 px from the detail page.
    for (const other of others.slice(0, 2)) await joinOverHttp(baseUrl, tournamentId, other.token);
    await openTournaments(guest.page);
    await guest.page.getByRole('button', { name: 'Create Tournament' }).click();
    await screenshot(guest.page, 'phone-tournament-create');
    await expectAccessible(guest.page, 'the create modal at 360 px');
    await guest.page.getByRole('dialog', { name: 'Create New Tournament' }).getByRole('button', { name: 'Cancel' }).click();
    await screenshot(guest.page, 'phone-tournament-list');
    await expectAccessible(guest.page, 'the list at 360 px');
    await guest.page.getByRole('link', { name: title }).click();
    await guest.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await guest.page.getByRole('button', { name: 'Join Tournament' }).click();
    await guest.page.getByText('You have joined the tournament').waitFor();
    await guest.page.getByRole('button', { name: 'Registered' }).waitFor();
    await guest.page.getByRole('heading', { name: 'Participants (4)' }).waitFor();
    await screenshot(guest.page, 'phone-tournament-detail-upcoming');
    await expectAccessible(guest.page, 'the upcoming detail at 360 px');

    await host.page.reload();
    await host.page.getByRole('heading', { name: 'Participants (4)' }).waitFor();
    for (const name of [host.name, guest.name]) await host.page.getByRole('link', { name }).waitFor();
    await host.page.getByRole('button', { name: 'Registered' }).waitFor();
    await screenshot(host.page, 'desktop-tournament-detail-upcoming');
    await expectAccessible(host.page, 'the upcoming detail at desktop');

    // At the start date the bracket is drawn; both pages poll into it.
    for (const page of [host.page, guest.page]) await page.getByRole('heading', { name: 'Live Bracket' }).waitFor({ timeout: START_IN_MS + 20_000 });
    await host.page.getByText('Under way: matches are being fought now.').waitFor();
    const semis = host.page.getByRole('region', { name: 'Bracket rounds' });
    await semis.getByRole('heading', { name: 'Semi-finals' }).waitFor();
    await semis.getByRole('heading', { name: 'Final', exact: true }).waitFor();
    await semis.getByRole('heading', { name: 'Third Place' }).waitFor();
    expect(await semis.getByText('Live').count()).toBe(2);

    // Each browser player is called: the host on the page, the guest by a toast elsewhere.
    const call = host.page.getByRole('region', { name: 'Your tournament match' });
    await call.waitFor({ timeout: 10_000 });
    expect(await call.getByRole('link', { name: 'Fight now' }).getAttribute('href')).toMatch(/^\/\?invite=/);
    await screenshot(host.page, 'desktop-tournament-bracket');
    await expectAccessible(host.page, 'the live bracket at desktop');
    await screenshot(guest.page, 'phone-tournament-bracket');
    await expectAccessible(guest.page, 'the live bracket at 360 px');

    await guest.page.getByRole('link', { name: '← Back to tournaments' }).click();
    const toast = guest.page.getByRole('region', { name: 'Your tournament match' });
    await toast.getByText('Tournament match called').waitFor();
    await screenshot(guest.page, 'phone-tournament-call-toast');
    await expectAccessible(guest.page, 'the match toast at 360 px');
    await toast.getByRole('button', { name: 'Later' }).click();

    // The other formats' brackets (in-app navigation: a dismissed call stays dismissed).
    await guest.page.getByRole('link', { name: 'Round Dojo' }).click();
    const table = guest.page.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(4);
    await guest.page.getByRole('heading', { level: 4, name: 'Round 1' }).waitFor();
    await screenshot(guest.page, 'phone-tournament-bracket-round-robin');
    await expectAccessible(guest.page, 'a round robin at 360 px');

    const visit = async (name: string) => {
      await host.page.getByRole('link', { name: '← Back to tournaments' }).click();
      await host.page.getByRole('link', { name }).click();
      await host.page.getByRole('heading', { level: 1, name }).waitFor();
    };
    await visit('Double Trouble');
    await host.page.getByRole('region', { name: 'Your tournament match' }).getByRole('button', { name: 'Later' }).click();
    for (const part of ['Winners Bracket', 'Losers Bracket', 'Grand Final']) await host.page.getByRole('heading', { level: 3, name: part }).waitFor();
    await screenshot(host.page, 'desktop-tournament-bracket-double');
    await expectAccessible(host.page, 'a double elimination at desktop');
    await visit('Round Dojo');
    await host.page.getByRole('table').waitFor();
    await screenshot(host.page, 'desktop-tournament-bracket-round-robin');
    await visit(title);

    // "Fight now" goes to the home screen's invite flow.
    await call.getByRole('link', { name: 'Fight now' }).click();
    await host.page.waitForURL((url) => url.pathname === '/');

    for (const player of players) expect(player.errors, player.name).toEqual([]);
  });
});
