// Paying from a phone only: the connected (dev) wallet's send fails as a rejected prompt would,
// the popup stays open with the request's Solana Pay QR code and "Scan with a phone wallet, or pay
// with your connected wallet", and a separate keypair pays the `solana:` URL shown in the page.
// Nobody clicks in the wallet: the page finds the transfer by its reference. A purchase: the
// character is owned. A stake: the duel waits, and its cancel refunds the phone that paid. The
// player's own balance is untouched and the ledger matches the chain.
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chainBalance, screenshotBoth, startDuel, waitingPopup } from '../support/duel';
import { expectLedgerReconciled } from '../support/ledger';
import { expectAccessible } from '../support/pages';
import { parseTransferRequest, phoneWallet } from '../support/phone-wallet';
import { type FundedPlayer, fundedPlayer } from '../support/players';
import { stakeLamports } from '../support/stakes';

const baseUrl = inject('baseUrl');
const rpcUrl = inject('rpcUrl');
const BLUE_SAGE_LAMPORTS = 250_000_000n;
let player: FundedPlayer;

/** The dev wallet's transfer never reaches the chain: as if its prompt had been rejected. */
async function refuseWallet(route: Route): Promise<void> {
  if (route.request().method() === 'POST' && (route.request().postData() ?? '').includes('"sendTransaction"')) return route.abort('failed');
  return route.fallback();
}

/** The panel once the wallet's prompt failed: the QR code, the words, and the URL it encodes. */
async function phonePanelUrl(dialog: ReturnType<FundedPlayer['page']['getByRole']>): Promise<string> {
  const panel = dialog.getByRole('region', { name: 'Pay from a phone wallet' });
  await panel.getByRole('button', { name: 'Pay with connected wallet' }).waitFor({ timeout: 30_000 });
  await panel.getByText('Scan with a phone wallet, or pay with your connected wallet').waitFor();
  await panel.locator('img[alt^="Solana Pay QR code"]').waitFor();
  return (await panel.getByRole('link', { name: 'Open in a wallet app' }).getAttribute('href')) ?? '';
}

beforeAll(async () => {
  player = await fundedPlayer(baseUrl, 'keiko');
});
afterAll(async () => {
  await player.browser.close();
});

describe('a purchase paid from a phone wallet', () => {
  it('keeps the QR code after the wallet failed, and the phone pays the request it shows', async () => {
    const { page } = player;
    const before = await chainBalance(rpcUrl, player.address);
    await page.route('**/*', refuseWallet);

    await page.getByRole('link', { name: 'Marketplace' }).click();
    await page.getByRole('button', { name: /^Buy Now: Blue Sage/ }).click();
    await page.getByRole('dialog', { name: 'Confirm your purchase' }).getByRole('button', { name: 'Pay 0.250 SOL & Buy' }).click();
    const processing = page.getByRole('dialog', { name: 'Processing Purchase' });
    const url = await phonePanelUrl(processing);
    await processing.getByText('Waiting for a payment from your phone…').waitFor();
    const request = parseTransferRequest(url);
    expect(request).toMatchObject({ lamports: BLUE_SAGE_LAMPORTS, label: 'Duel Dojo', message: 'Purchase of Blue Sage' });
    expect(request.references).toHaveLength(1);
    await screenshotBoth(page, 'solana-pay-purchase-qr', { quick: true });
    await expectAccessible(page, 'the purchase popup with its QR code');

    const phone = await phoneWallet(rpcUrl);
    const signature = await phone.pay(url);
    const alert = page.getByRole('dialog', { name: 'Purchase complete' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.getByRole('status').textContent()).toBe(`Successfully purchased Blue Sage! You now own this character. Transaction: ${signature.slice(0, 8)}…`);
    await alert.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'OWNED' }).waitFor();
    await page.unroute('**/*', refuseWallet);
    // The phone paid; the player's own wallet sent nothing.
    expect(await chainBalance(rpcUrl, player.address)).toBe(before);
    await expectLedgerReconciled(baseUrl);
    expect(player.errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
  });

  it("a stake: the duel waits on the phone's payment, and its cancel refunds the phone", async () => {
    const { page } = player;
    const stake = await stakeLamports(baseUrl, 5);
    const before = await chainBalance(rpcUrl, player.address);
    await page.route('**/*', refuseWallet);
    await page.goto('/');
    await startDuel(page, '5$', 'Ghost');
    const url = await phonePanelUrl(page.getByRole('dialog', { name: 'Transaction in Progress' }));
    expect(parseTransferRequest(url)).toMatchObject({ lamports: stake, message: 'Stake for a 5$ duel' });

    const phone = await phoneWallet(rpcUrl);
    await phone.pay(url);
    const afterPaying = await chainBalance(rpcUrl, phone.address);
    const waiting = waitingPopup(page);
    await waiting.getByRole('button', { name: 'Cancel & Get Refund' }).waitFor({ timeout: 60_000 });
    await page.unroute('**/*', refuseWallet);
    await waiting.getByRole('button', { name: 'Cancel & Get Refund' }).click();
    await page.getByRole('dialog', { name: 'Game cancelled' }).getByRole('link', { name: 'View the refund on the explorer' }).waitFor({ timeout: 60_000 });
    // The refund goes back to the wallet that paid: the phone.
    await expect.poll(() => chainBalance(rpcUrl, phone.address), { timeout: 15_000 }).toBe(afterPaying + stake);
    expect(await chainBalance(rpcUrl, player.address)).toBe(before);
    await expectLedgerReconciled(baseUrl);
  });
});
