// The stake's payment step offers the request as a Solana Pay QR code beside the connected wallet:
// while the dev wallet's transfer is held back in the browser, the progress popup shows the code
// and its `solana:` link (the treasury, the stake in SOL, the request's reference, the label and
// message), shot at 1280 and 360 px; released, the wallet pays and the duel waits as before.
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshotBoth, startDuel, waitingPopup } from '../support/duel';
import { expectLedgerReconciled } from '../support/ledger';
import { expectAccessible } from '../support/pages';
import { type FundedPlayer, fundedPlayer } from '../support/players';
import { stakeLamports } from '../support/stakes';

const baseUrl = inject('baseUrl');
let player: FundedPlayer;

beforeAll(async () => {
  player = await fundedPlayer(baseUrl, 'sumie');
});
afterAll(async () => {
  await player.browser.close();
});

const solDecimal = (lamports: bigint) => `${lamports / 1_000_000_000n}.${(lamports % 1_000_000_000n).toString().padStart(9, '0')}`.replace(/\.?0+$/, '');

describe('the Solana Pay QR code of a stake', () => {
  it('shows the transfer request beside the connected wallet, and the wallet still pays', async () => {
    const { page } = player;
    const stake = await stakeLamports(baseUrl, 5);
    const release = { now: (): void => undefined };
    const held = new Promise<void>((resolve) => {
      release.now = resolve;
    });
    await page.route('**/*', async (route: Route) => {
      if (route.request().method() === 'POST' && (route.request().postData() ?? '').includes('"sendTransaction"')) await held;
      await route.fallback();
    });

    await startDuel(page, '5$', 'Ghost');
    const progress = page.getByRole('dialog', { name: 'Transaction in Progress' });
    const open = progress.getByRole('link', { name: 'Open in a wallet app' });
    await open.waitFor({ timeout: 30_000 });
    const url = new URL((await open.getAttribute('href')) ?? '');
    expect(url.protocol).toBe('solana:');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ amount: solDecimal(stake), label: 'Duel Dojo', message: 'Stake for a 5$ duel' });
    expect(url.searchParams.get('reference')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    await progress.locator('img[alt^="Solana Pay QR code"]').waitFor();
    await screenshotBoth(page, 'solana-pay-qr', { quick: true });
    await expectAccessible(page, 'the payment step with its QR code');

    release.now();
    await page.unroute('**/*');
    const waiting = waitingPopup(page);
    await waiting.getByRole('button', { name: 'Cancel & Get Refund' }).waitFor({ timeout: 60_000 });
    await waiting.getByRole('button', { name: 'Cancel & Get Refund' }).click();
    await page.getByRole('dialog', { name: 'Game cancelled' }).getByRole('link', { name: 'View the refund on the explorer' }).waitFor({ timeout: 60_000 });
    await expectLedgerReconciled(baseUrl);
  });
});
