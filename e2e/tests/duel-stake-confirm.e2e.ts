// The amount, always, before money moves, on the local chain with two dev wallets: the stake
// buttons show their SOL; Fight! on 5$ opens the app's confirmation before any wallet prompt,
// Cancel and Escape leave the balance to the lamport, Confirm pays exactly the stake; the staked
// invite names its inviter, the stake and its SOL before Join and confirms before paying; Play
// Again after the staked game asks again with the amount; the winner receives what was promised.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { chainBalance, fightUntilWon, gameOverPopup, screenshotBoth, stakeConfirmation, startDuel, waitingPopup } from '../support/duel';
import { expectLedgerReconciled } from '../support/ledger';
import { SCREENSHOTS, expectAccessible } from '../support/pages';
import { type FundedPlayer, fundedPlayer } from '../support/players';
import { payoutOf, sol4, stakeLamports } from '../support/stakes';

const baseUrl = inject('baseUrl');
const rpcUrl = inject('rpcUrl');
/** What the dev wallet pays the network for one transfer (one signature). */
const NETWORK_FEE = 5_000n;
const players: FundedPlayer[] = [];
let stake5 = 0n;
let summary5 = '';

beforeAll(async () => {
  for (const prefix of ['hatamoto', 'kunoichi']) players.push(await fundedPlayer(baseUrl, prefix));
  stake5 = await stakeLamports(baseUrl, 5);
  summary5 = `Stake ${sol4(stake5)} — the winner receives ${sol4(payoutOf(stake5))} (3 % fee); cancel while waiting for a full refund`;
});
afterAll(async () => {
  for (const player of players) await player.browser.close();
});

/** A dialog at 1280 and at 360 px, the viewport only (the page behind a fixed backdrop adds nothing), checked at both. */
async function shootDialog(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SCREENSHOTS}/${label}-${name}.png`, animations: 'disabled' });
    await expectAccessible(page, `${name} at ${viewport.width} px`);
  }
  if (original) await page.setViewportSize(original);
}

/** The balance stays the same, on chain and in the navbar, a moment after a Cancel. */
async function expectUntouched(player: FundedPlayer, before: bigint): Promise<void> {
  await player.page.waitForTimeout(1_500);
  expect(await chainBalance(rpcUrl, player.address)).toBe(before);
  expect(await player.page.getByTestId('wallet-balance').textContent()).toBe(sol4(before));
}

describe('the amount before money moves', () => {
  it('shows the SOL of each stake and confirms before the wallet: Cancel keeps the balance, Confirm pays', async () => {
    const [a] = players as [FundedPlayer];
    const stake10 = await stakeLamports(baseUrl, 10);
    await a.page.getByRole('button', { name: `5$ ${sol4(stake5)}`, exact: true }).waitFor();
    await a.page.getByRole('button', { name: `10$ ${sol4(stake10)}`, exact: true }).waitFor();
    await screenshotBoth(a.page, 'stake-choice');
    await expectAccessible(a.page, 'the stake choice');

    const before = await chainBalance(rpcUrl, a.address);
    await startDuel(a.page, '5$', 'Ghost', { confirm: false });
    const dialog = stakeConfirmation(a.page);
    await dialog.getByText(summary5, { exact: true }).waitFor();
    await dialog.getByText('A 5$ duel', { exact: true }).waitFor();
    expect(await a.page.getByRole('dialog', { name: 'Transaction in Progress' }).count()).toBe(0);
    await shootDialog(a.page, 'stake-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectUntouched(a, before);

    await a.page.getByRole('button', { name: 'Fight!' }).click();
    await dialog.waitFor();
    await a.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectUntouched(a, before);

    await a.page.getByRole('button', { name: 'Fight!' }).click();
    await dialog.getByRole('button', { name: `Pay ${sol4(stake5)} & Fight` }).click();
    await waitingPopup(a.page).getByRole('button', { name: 'Cancel & Get Refund' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => chainBalance(rpcUrl, a.address), { timeout: 15_000 }).toBe(before - stake5 - NETWORK_FEE);
    expect(a.errors).toEqual([]);
  });

  it('names the inviter, the stake and its SOL before Join, and confirms before paying', async () => {
    const [a, b] = players as [FundedPlayer, FundedPlayer];
    const waiting = waitingPopup(a.page);
    await waiting.getByRole('button', { name: 'Copy invite link' }).click();
    const link = await a.page.evaluate(() => navigator.clipboard.readText());

    await b.page.goto(link);
    const invite = b.page.getByRole('dialog', { name: "You're invited to a duel!" });
    await invite.getByText(`${a.name} invites you to a 5$ duel.`, { exact: true }).waitFor();
    await invite.getByText(sol4(stake5), { exact: true }).waitFor();
    await invite.getByText(summary5, { exact: true }).waitFor();
    await invite.getByRole('button', { name: /^Ghost/ }).click();
    await shootDialog(b.page, 'stake-invite');

    const before = await chainBalance(rpcUrl, b.address);
    await invite.getByRole('button', { name: `Join Duel · ${sol4(stake5)}` }).click();
    const confirm = stakeConfirmation(b.page);
    await confirm.getByText(`${a.name} invites you to a 5$ duel`, { exact: true }).waitFor();
    await confirm.getByText(summary5, { exact: true }).waitFor();
    await shootDialog(b.page, 'stake-invite-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await invite.waitFor();
    await expectUntouched(b, before);

    await invite.getByRole('button', { name: `Join Duel · ${sol4(stake5)}` }).click();
    await confirm.getByRole('button', { name: `Pay ${sol4(stake5)} & Fight` }).click();
    await a.page.getByRole('status', { name: 'Fight!' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => chainBalance(rpcUrl, b.address), { timeout: 15_000 }).toBe(before - stake5 - NETWORK_FEE);
    expect(b.errors).toEqual([]);
  });

  it('asks again, with the amount, on Play Again after the staked game; the winner receives what was promised', async () => {
    const [a, b] = players as [FundedPlayer, FundedPlayer];
    await fightUntilWon(a.page, b.page, 60_000);
    const lost = gameOverPopup(b.page);
    await lost.getByRole('heading', { name: 'Defeat' }).waitFor({ timeout: 15_000 });
    const before = await chainBalance(rpcUrl, b.address);
    await lost.getByRole('button', { name: 'Play Again' }).click();
    const confirm = stakeConfirmation(b.page);
    await confirm.getByText(summary5, { exact: true }).waitFor();
    await shootDialog(b.page, 'stake-play-again');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await b.page.getByRole('button', { name: 'Fight!' }).waitFor();
    await expectUntouched(b, before);

    const won = gameOverPopup(a.page);
    await won.getByRole('heading', { name: 'Victory!' }).waitFor({ timeout: 15_000 });
    const winnerBefore = await chainBalance(rpcUrl, a.address);
    await won.getByRole('button', { name: 'Claim Reward' }).click();
    await won.getByText(/^Reward claimed/).waitFor({ timeout: 60_000 });
    await expect.poll(() => chainBalance(rpcUrl, a.address), { timeout: 15_000 }).toBe(winnerBefore + payoutOf(stake5));
    await expectLedgerReconciled(baseUrl);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
