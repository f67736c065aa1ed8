// Staked duels on the local chain, paid by two dev wallets: both confirm and pay 5$ (a SOL
// transfer carrying the payment's reference), play, the winner claims and receives the payout on
// chain, the history says Prize Claimed and the ledger matches the chain; then a waiting 10$ game
// is cancelled and its stake refunded.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE } from '../support/browser';
import { chainBalance, fightUntilWon, gameOverPopup, screenshotBoth, startDuel, waitingPopup } from '../support/duel';
import { expectLedgerReconciled } from '../support/ledger';
import { expectAccessible, screenshot } from '../support/pages';
import { type FundedPlayer, fundedPlayer } from '../support/players';
import { stakeLamports as stakeOf } from '../support/stakes';

const baseUrl = inject('baseUrl');
const rpcUrl = inject('rpcUrl');
const players: FundedPlayer[] = [];

beforeAll(async () => {
  for (const prefix of ['ronin', 'sensei']) players.push(await fundedPlayer(baseUrl, prefix));
});
afterAll(async () => {
  for (const player of players) await player.browser.close();
});

const stakeLamports = (usd: number) => stakeOf(baseUrl, usd);

describe('staked duels on the local chain', () => {
  it('both pay, play, and the winner claims the payout', async () => {
    const [a, b] = players as [(typeof players)[0], (typeof players)[0]];
    await startDuel(a.page, '5$', 'Ghost');
    const progress = a.page.getByRole('dialog', { name: 'Transaction in Progress' });
    await progress.getByText('A transaction typically takes 5–15 seconds.', { exact: false }).waitFor();
    await screenshotBoth(a.page, 'duel-payment', { quick: true });
    const waiting = waitingPopup(a.page);
    await waiting.getByRole('button', { name: 'Cancel & Get Refund' }).waitFor({ timeout: 60_000 });
    expect(await waiting.getByRole('button', { name: 'Play with Bot' }).count()).toBe(0);
    await screenshot(a.page, 'desktop-duel-waiting-staked');

    await startDuel(b.page, '5$', 'Ghost');
    await fightUntilWon(a.page, b.page, 60_000);

    const won = gameOverPopup(a.page);
    await won.getByRole('heading', { name: 'Victory!' }).waitFor({ timeout: 15_000 });
    const stake = await stakeLamports(5);
    const payout = (stake * 2n * 97n) / 100n;
    // The exact payout, cut (never rounded up) to the balance's 4 decimals, as the claim will show it.
    const preview = `${payout / 1_000_000_000n}.${(payout % 1_000_000_000n).toString().padStart(9, '0').slice(0, 4)} SOL`;
    await won.getByText(preview, { exact: true }).waitFor();
    await gameOverPopup(b.page).getByText(`The winner takes ${preview}.`).waitFor();
    await screenshotBoth(a.page, 'duel-claim');

    const before = await chainBalance(rpcUrl, a.address);
    await won.getByRole('button', { name: 'Claim Reward' }).click();
    await won.getByText(/^Reward claimed/).waitFor({ timeout: 60_000 });
    await won.getByRole('link', { name: 'View the payout on the explorer' }).waitFor();
    await screenshotBoth(a.page, 'duel-claimed');
    await expectAccessible(a.page, 'the claimed reward');
    await expect.poll(() => chainBalance(rpcUrl, a.address), { timeout: 15_000 }).toBe(before + payout);

    await won.getByRole('button', { name: 'New Game' }).click();
    await a.page.getByRole('link', { name: 'My Games' }).click();
    const entry = a.page.getByRole('list', { name: 'Battles' }).getByRole('listitem').first();
    await entry.getByText('Paid Match').waitFor();
    await entry.getByText('Prize Claimed').waitFor();
    await screenshotBoth(a.page, 'duel-history-claimed');
    await expectLedgerReconciled(baseUrl);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it('a waiting staked game is cancelled and its stake refunded', async () => {
    const [a] = players as [(typeof players)[0]];
    await a.page.setViewportSize(PHONE);
    await a.page.goto('/');
    await a.page.getByTestId('wallet-balance').waitFor();
    await startDuel(a.page, '10$', 'Samurai');
    const waiting = waitingPopup(a.page);
    await waiting.getByRole('button', { name: 'Cancel & Get Refund' }).waitFor({ timeout: 60_000 });
    await screenshot(a.page, 'phone-duel-waiting-staked');
    const before = await chainBalance(rpcUrl, a.address);
    await waiting.getByRole('button', { name: 'Cancel & Get Refund' }).click();
    const cancelled = a.page.getByRole('dialog', { name: 'Game cancelled' });
    await cancelled.getByRole('link', { name: 'View the refund on the explorer' }).waitFor({ timeout: 60_000 });
    await screenshotBoth(a.page, 'duel-refunded');
    await expectAccessible(a.page, 'the refund at 360 px');
    await expect.poll(() => chainBalance(rpcUrl, a.address), { timeout: 15_000 }).toBe(before + (await stakeLamports(10)));
    await cancelled.getByRole('button', { name: 'Back to Home' }).click();
    await a.page.getByRole('heading', { name: 'Duel!' }).waitFor();
    await expectLedgerReconciled(baseUrl);
    expect(a.errors).toEqual([]);
  });
});
