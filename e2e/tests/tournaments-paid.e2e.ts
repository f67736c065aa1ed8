// A paid tournament end to end on the local chain: the host creates one with a 0.05 SOL
// entry fee in the "Create New Tournament" modal (prizes disabled, the pool explained), both dev
// wallets pay the fee from the Join button (a transfer carrying the entry's reference, then the
// join with the payment) and see the pool grow; at the start the bracket is drawn, the two play
// their one match through "Fight now", and the placings show each prize paid on chain: the
// winner's balance rises by exactly 1st prize, the runner-up's by 2nd, and the ledger matches.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { unique } from '../support/api';
import { PHONE } from '../support/browser';
import { chainBalance, fightUntilWon, gameOverPopup } from '../support/duel';
import { expectLedgerReconciled } from '../support/ledger';
import { SCREENSHOTS, expectAccessible, screenshot } from '../support/pages';
import { type FundedPlayer, fundedPlayer } from '../support/players';
import { localDateTimeAhead, tournamentIdOf } from '../support/tournaments';

const baseUrl = inject('baseUrl');
const rpcUrl = inject('rpcUrl');
/** Long enough to create it and for both to pay and join (~10 s here), with room for a slower machine. */
const START_IN_MS = 25_000;
const FEE = 50_000_000n; // 0.05 SOL
// Two entrants: the pool is 97 % of the fees; two places, 2nd gets 30 %, 1st the rest.
const POOL = (2n * FEE * 97n) / 100n;
const SECOND = (POOL * 30n) / 100n;
const FIRST = POOL - SECOND;

type Player = FundedPlayer;
const players: Player[] = [];

beforeAll(async () => {
  for (const prefix of ['shogun', 'ronin']) players.push(await fundedPlayer(baseUrl, prefix));
});
afterAll(async () => {
  for (const player of players) await player.browser.close();
});

/** Lamports as the navbar shows them: 4 decimals, cut. */
const navbarSol = (lamports: bigint) => `${lamports / 1_000_000_000n}.${(lamports % 1_000_000_000n).toString().padStart(9, '0').slice(0, 4)} SOL`;
/** Lamports as exact SOL text ("0.0679 SOL"). */
const solText = (lamports: bigint) => `${lamports / 1_000_000_000n}.${(lamports % 1_000_000_000n).toString().padStart(9, '0')}`.replace(/\.?0+$/, '') + ' SOL';

const JOIN_ROUTE = '**/api/tournaments/*/join';

/**
 * Join Tournament · 0.05 SOL -> confirm -> the dev wallet pays -> joined. The dev wallet signs at
 * once and the local chain confirms in milliseconds, so the join is held back 1.5 s in the
 * browser for the progress to be seen and shot.
 */
async function payAndJoin(page: Page, join: ReturnType<Page['getByRole']>, shot: string): Promise<void> {
  await join.click();
  const confirm = page.getByRole('dialog', { name: 'Pay the entry fee' });
  await confirm.getByText('97% of the entry fees: 1st 60%, 2nd 30%, 3rd 10%', { exact: false }).waitFor();
  // The viewport only: a full-page shot would show the page below the dialog's fixed backdrop.
  await page.screenshot({ path: `${SCREENSHOTS}/${shot}-confirm.png`, animations: 'disabled' });
  await expectAccessible(page, 'the entry fee dialog');
  await page.route(JOIN_ROUTE, async (route) => {
    await sleep(1_500);
    await route.continue();
  });
  await confirm.getByRole('button', { name: 'Pay 0.05 SOL & Join' }).click();
  const progress = page.getByRole('dialog', { name: 'Paying the entry fee' });
  await progress.getByText('Confirming payment…').waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}/${shot}-progress.png`, animations: 'disabled' });
  await progress.waitFor({ state: 'detached', timeout: 60_000 });
  await page.unroute(JOIN_ROUTE);
}

describe('a paid tournament', () => {
  it('is created with a fee, paid into by two wallets, played, and its prizes paid on chain', async () => {
    const [host, guest] = players as [Player, Player];
    const title = `Paid Cup ${unique('p').slice(-6)}`;

    // The host creates it: a fee empties and disables the prizes and explains the pool.
    await host.page.goto('/tournaments');
    await host.page.getByRole('button', { name: 'Create Tournament' }).click();
    const dialog = host.page.getByRole('dialog', { name: 'Create New Tournament' });
    await dialog.getByLabel('Tournament name').fill(title);
    await dialog.getByLabel('Description').fill('Two wallets, one pool: 97% of the entry fees go to the podium.');
    await dialog.getByLabel('1st place').fill('Golden Belt');
    await dialog.getByLabel('Entry fee').fill('0.05');
    expect(await dialog.getByLabel('1st place').inputValue()).toBe('');
    expect(await dialog.getByLabel('1st place').isDisabled()).toBe(true);
    await dialog.getByLabel('Max players').selectOption('4');
    await dialog.getByText('Full at 4 players: 1st 0.1164 SOL, 2nd 0.0582 SOL, 3rd 0.0194 SOL.', { exact: false }).waitFor();
    await dialog.getByLabel('Start date').fill(await localDateTimeAhead(host.page, START_IN_MS));
    await screenshot(host.page, 'desktop-tournament-paid-create');
    await expectAccessible(host.page, 'the create modal with a fee');
    await dialog.getByRole('button', { name: 'Create Tournament' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Its card: the fee, the Join button with it; the host pays from there.
    const card = host.page.getByRole('listitem').filter({ has: host.page.getByRole('link', { name: title }) });
    await card.getByText('No entries yet: the pool grows with each entry.').waitFor();
    expect(await card.locator('dd', { hasText: /^0\.05 SOL$/ }).count()).toBe(1);
    await screenshot(host.page, 'desktop-tournament-paid-list');
    const hostBefore = await chainBalance(rpcUrl, host.address);
    await payAndJoin(host.page, card.getByRole('button', { name: 'Join Tournament · 0.05 SOL' }), 'desktop-tournament-paid');
    await host.page.getByText(`You have joined the tournament: ${title}`).waitFor();
    await card.getByRole('button', { name: 'Registered' }).waitFor();
    await card.getByText('Pool 0.0485 SOL from 1 entry so far: it grows with each entry.').waitFor();
    const hostPaid = await chainBalance(rpcUrl, host.address);
    expect(hostBefore - hostPaid).toBe(FEE + 5_000n); // the fee and the transfer's network fee
    await host.page.getByTestId('wallet-balance').filter({ hasText: navbarSol(hostPaid) }).waitFor({ timeout: 15_000 });

    // The guest (360 px) pays from the detail.
    await guest.page.setViewportSize(PHONE);
    await guest.page.goto('/tournaments');
    await guest.page.getByRole('link', { name: title }).waitFor();
    await screenshot(guest.page, 'phone-tournament-paid-list');
    await guest.page.getByRole('button', { name: 'Create Tournament' }).click();
    const phoneDialog = guest.page.getByRole('dialog', { name: 'Create New Tournament' });
    await phoneDialog.getByLabel('Entry fee').fill('0.05');
    await phoneDialog.getByRole('group', { name: 'Prizes' }).scrollIntoViewIfNeeded();
    await guest.page.screenshot({ path: `${SCREENSHOTS}/phone-tournament-paid-create.png` });
    await expectAccessible(guest.page, 'the create modal with a fee at 360 px');
    await phoneDialog.getByRole('button', { name: 'Cancel' }).click();
    await guest.page.getByRole('link', { name: title }).click();
    await guest.page.getByRole('heading', { level: 1, name: title }).waitFor();
    const tournamentId = tournamentIdOf(guest.page);
    await payAndJoin(guest.page, guest.page.getByRole('button', { name: 'Join Tournament · 0.05 SOL' }), 'phone-tournament-paid');
    await guest.page.getByText('You have joined the tournament').waitFor();
    await guest.page.getByRole('button', { name: 'Registered' }).waitFor();
    await guest.page.getByText('Pool 0.097 SOL from 2 entries so far: it grows with each entry.', { exact: false }).waitFor();
    expect(await guest.page.locator('dt', { hasText: /^Registered$/ }).locator('xpath=following-sibling::dd').textContent()).toBe('2 / 4');
    const guestPaid = await chainBalance(rpcUrl, guest.address);
    await screenshot(guest.page, 'phone-tournament-paid-detail');
    await expectAccessible(guest.page, 'the paid detail at 360 px');
    await host.page.getByRole('link', { name: title }).click();
    await host.page.getByRole('heading', { name: 'Participants (2)' }).waitFor();
    await screenshot(host.page, 'desktop-tournament-paid-detail');

    // The start: the bracket, and both are called to the match.
    for (const page of [host.page, guest.page]) await page.getByRole('heading', { name: 'Live Bracket' }).waitFor({ timeout: START_IN_MS + 20_000 });
    for (const page of [host.page, guest.page]) {
      const call = page.getByRole('region', { name: 'Your tournament match' });
      await call.getByRole('link', { name: 'Fight now' }).click({ timeout: 15_000 });
      const invite = page.getByRole('dialog', { name: "You're invited to a duel!" });
      await invite.getByRole('button', { name: /^Ghost/ }).click();
      await invite.getByRole('button', { name: 'Join Duel' }).click();
    }
    await fightUntilWon(host.page, guest.page);
    await gameOverPopup(host.page).getByRole('heading', { name: 'Victory!' }).waitFor({ timeout: 15_000 });
    await gameOverPopup(guest.page).getByRole('heading', { name: 'Defeat' }).waitFor({ timeout: 15_000 });

    // The placings: each prize paid, with its transfer; the balances rise by exactly the prizes.
    for (const page of [host.page, guest.page]) await page.goto(`/tournaments/${tournamentId}`);
    const podium = host.page.getByRole('list', { name: 'Final placings' });
    const first = podium.getByRole('listitem').filter({ hasText: host.name });
    await first.getByText(solText(FIRST), { exact: true }).waitFor();
    // Pending until the payout is confirmed on chain: the detail polls meanwhile.
    await first.getByText('Paid', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await first.getByRole('link', { name: /^Payout \w{4}\.\.\.\w{4}$/ }).getAttribute('href')).toMatch(/^https:\/\/explorer\.solana\.com\/tx\/\w{64,88}\?cluster=custom/);
    const second = podium.getByRole('listitem').filter({ hasText: guest.name });
    await second.getByText(solText(SECOND), { exact: true }).waitFor();
    await expect.poll(() => chainBalance(rpcUrl, host.address), { timeout: 30_000 }).toBe(hostPaid + FIRST);
    await expect.poll(() => chainBalance(rpcUrl, guest.address), { timeout: 30_000 }).toBe(guestPaid + SECOND);
    await second.getByText('Paid', { exact: true }).waitFor();
    await screenshot(host.page, 'desktop-tournament-paid-placings');
    await expectAccessible(host.page, 'the paid placings');
    await guest.page.getByRole('list', { name: 'Final placings' }).getByText('Paid', { exact: true }).nth(1).waitFor();
    await screenshot(guest.page, 'phone-tournament-paid-placings');
    await expectAccessible(guest.page, 'the paid placings at 360 px');
    await expectLedgerReconciled(baseUrl);

    for (const player of players) expect(player.errors, player.name).toEqual([]);
  });
});
