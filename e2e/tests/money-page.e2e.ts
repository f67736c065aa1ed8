// The money page on the local chain: a player pays a 5$ stake, cancels the wait and is refunded,
// then opens the money page from the balance dropdown and finds both movements in its own words
// (Stake paid, Refund — cancelled wait, Confirmed), the totals, exact lamports, the chart, and
// explorer links naming the very transactions that moved the SOL; shot at 1280 and 360 px.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { screenshotBoth, startDuel, waitingPopup } from '../support/duel';
import { expectLedgerReconciled } from '../support/ledger';
import { expectAccessible } from '../support/pages';
import { type FundedPlayer, fundedPlayer } from '../support/players';
import { sol4, stakeLamports } from '../support/stakes';

const baseUrl = inject('baseUrl');
const rpcUrl = inject('rpcUrl');
let player: FundedPlayer;

beforeAll(async () => {
  player = await fundedPlayer(baseUrl, 'saver');
});
afterAll(async () => player?.browser.close());

const MINUS = '−';
const grouped = (lamports: bigint) => lamports.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The transaction's status on the local chain: "confirmed"/"finalized", or null when unknown. */
async function chainStatus(signature: string): Promise<string | null> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSignatureStatuses', params: [[signature], { searchTransactionHistory: true }] }),
  });
  const body = (await response.json()) as { result: { value: ({ confirmationStatus: string; err: unknown } | null)[] } };
  const status = body.result.value[0];
  return status && status.err === null ? status.confirmationStatus : null;
}

const signatureOf = (href: string | null) => /\/tx\/([1-9A-HJ-NP-Za-km-z]{64,88})\?/.exec(href ?? '')?.[1] ?? '';

describe('the money page', () => {
  it('shows a paid stake and its refund, with totals and explorer links, from the balance dropdown', async () => {
    const { page } = player;
    const stake = await stakeLamports(baseUrl, 5);

    await startDuel(page, '5$', 'Ghost');
    const waiting = waitingPopup(page);
    await waiting.getByRole('button', { name: 'Cancel & Get Refund' }).waitFor({ timeout: 60_000 });
    await waiting.getByRole('button', { name: 'Cancel & Get Refund' }).click();
    const cancelled = page.getByRole('dialog', { name: 'Game cancelled' });
    const refundLink = cancelled.getByRole('link', { name: 'View the refund on the explorer' });
    await refundLink.waitFor({ timeout: 60_000 });
    const refundHref = await refundLink.getAttribute('href');
    await cancelled.getByRole('button', { name: 'Back to Home' }).click();

    await page.getByRole('button', { name: /^Wallet balance/ }).click();
    await page.getByRole('link', { name: 'Money history' }).waitFor();
    await screenshotBoth(page, 'money-wallet-menu');
    await page.getByRole('link', { name: 'Money history' }).click();
    await page.waitForURL('**/money');
    await page.getByRole('heading', { level: 1, name: 'Money history' }).waitFor();

    const rows = page.getByRole('list', { name: 'Money movements' }).getByRole('listitem');
    const refund = rows.nth(0);
    const paid = rows.nth(1);
    await refund.getByText('Refund — cancelled wait', { exact: true }).waitFor({ timeout: 15_000 });
    // A refund still on its way turns Confirmed by itself: the page reads again while one is pending.
    await refund.getByText('Confirmed', { exact: true }).waitFor({ timeout: 30_000 });
    await refund.getByText(`+${sol4(stake)}`, { exact: true }).waitFor();
    await paid.getByText('Stake paid', { exact: true }).waitFor();
    await paid.getByText('Confirmed', { exact: true }).waitFor();
    await paid.getByText(`${MINUS}${sol4(stake)}`, { exact: true }).waitFor();
    expect(await rows.count()).toBe(2);

    // The refund's link names the transaction the cancel dialog named; both transactions landed.
    const refundRowHref = await refund.getByRole('link', { name: /^View transaction/ }).getAttribute('href');
    expect(refundRowHref).toBe(refundHref);
    expect(refundRowHref).toContain(`?cluster=custom&customUrl=${encodeURIComponent(rpcUrl)}`);
    const paidHref = await paid.getByRole('link', { name: /^View transaction/ }).getAttribute('href');
    expect(paidHref).toMatch(/^https:\/\/explorer\.solana\.com\/tx\/[1-9A-HJ-NP-Za-km-z]{64,88}\?cluster=custom&customUrl=/);
    expect(await chainStatus(signatureOf(refundRowHref))).toMatch(/^(confirmed|finalized)$/);
    expect(await chainStatus(signatureOf(paidHref))).toMatch(/^(confirmed|finalized)$/);
    await paid.getByRole('link', { name: 'Game' }).waitFor();

    const totals = page.getByRole('region', { name: 'Totals' });
    await totals.getByText(`${sol4(stake)}`, { exact: true }).first().waitFor();
    expect(await totals.getByText(sol4(stake), { exact: true }).count()).toBe(2);
    await totals.getByText('0.0000 SOL', { exact: true }).waitFor();

    await page.getByRole('img', { name: /^Net over time: from 0 SOL to 0\.0000 SOL over 2 confirmed movements$/ }).locator('canvas').first().waitFor();
    await page.getByText('Net over time of the 2 confirmed movements shown below', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Show exact lamports' }).click();
    await paid.getByText(`${MINUS}${grouped(stake)} lamports`, { exact: true }).waitFor();
    await refund.getByText(`${grouped(stake)} lamports`, { exact: true }).waitFor();
    await screenshotBoth(page, 'money-exact');
    await page.getByRole('button', { name: 'Show exact lamports' }).click();

    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'the money page at 1280 px');
    await page.setViewportSize(PHONE);
    await expectAccessible(page, 'the money page at 360 px');
    await screenshotBoth(page, 'money-page');

    // My Games leads here too.
    await page.setViewportSize(DESKTOP);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Games' }).click();
    await page.getByRole('list', { name: 'Battles' }).waitFor();
    await screenshotBoth(page, 'money-my-games-link');
    await page.getByRole('link', { name: 'Money history' }).click();
    await page.getByRole('heading', { level: 1, name: 'Money history' }).waitFor();
    await rows.nth(1).getByText('Stake paid', { exact: true }).waitFor();
    await expectLedgerReconciled(baseUrl);
    expect(player.errors).toEqual([]);
  });
});
