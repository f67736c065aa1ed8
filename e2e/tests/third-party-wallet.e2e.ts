// A third-party style wallet on the local chain: registered with @wallet-standard/wallet, it
// announces only devnet and mainnet and cannot sign-and-send, so the app must never name
// solana:localnet to it. It signs up with a signed message, pays a 5$ stake by signing the
// transfer that the app sends through its own RPC, cancels the wait and is refunded in full: its
// balance ends where it began less the one transaction fee. Then it pays again, beats a dev
// wallet player and claims the payout.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { unique } from '../support/api';
import { type Browser, launchBrowser } from '../support/browser';
import { collectConsoleErrors } from '../support/console';
import { chainBalance, fightUntilWon, gameOverPopup, screenshotBoth, startDuel, waitingPopup } from '../support/duel';
import { expectLedgerReconciled } from '../support/ledger';
import { type FundedPlayer, fundedPlayer } from '../support/players';
import { payoutOf, stakeLamports } from '../support/stakes';
import { THIRD_PARTY_WALLET_NAME, airdrop, installThirdPartyWallet, walletCalls } from '../support/third-party-wallet';

const baseUrl = inject('baseUrl');
const rpcUrl = inject('rpcUrl');
let browser: Browser;
let address: string;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
  address = await installThirdPartyWallet(browser.context);
  await airdrop(rpcUrl, address);
});
afterAll(async () => browser?.close());

describe('a wallet that announces only devnet and mainnet', () => {
  it('signs up, pays a stake through the app RPC, cancels and is refunded on the local chain', async () => {
    page = await browser.newPage();
    errors = collectConsoleErrors(page);
    const username = unique('faraway');
    await page.goto('/');

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: new RegExp(THIRD_PARTY_WALLET_NAME) }).click();
    const profile = page.getByRole('dialog', { name: 'Complete Your Profile' });
    await profile.getByLabel('Username').fill(username);
    await profile.getByRole('button', { name: 'Create Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { level: 1, name: username }).waitFor();

    await page.goto('/');
    await page.getByTestId('wallet-balance').filter({ hasText: '2.0000 SOL' }).waitFor({ timeout: 15_000 });
    const start = await chainBalance(rpcUrl, address);
    const stake = await stakeLamports(baseUrl, 5);

    await startDuel(page, '5$', 'Ghost');
    const waiting = waitingPopup(page);
    await waiting.getByRole('button', { name: 'Cancel & Get Refund' }).waitFor({ timeout: 60_000 });
    await screenshotBoth(page, 'third-party-wallet-waiting');
    // Asked only to sign, naming no chain it does not serve; the app sent the bytes itself.
    expect(await walletCalls(page)).toEqual([{ feature: 'solana:signTransaction', chain: null }]);
    const paid = await chainBalance(rpcUrl, address);
    const fee = start - stake - paid;
    expect(fee).toBeGreaterThan(0n);
    expect(fee).toBeLessThanOrEqual(10_000n);

    await waiting.getByRole('button', { name: 'Cancel & Get Refund' }).click();
    const cancelled = page.getByRole('dialog', { name: 'Game cancelled' });
    await cancelled.getByRole('link', { name: 'View the refund on the explorer' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => chainBalance(rpcUrl, address), { timeout: 15_000 }).toBe(start - fee);
    await screenshotBoth(page, 'third-party-wallet-refunded');
    await cancelled.getByRole('button', { name: 'Back to Home' }).click();
    await page.getByRole('heading', { name: 'Duel!' }).waitFor();
    await expectLedgerReconciled(baseUrl);
    expect(errors).toEqual([]);
  });

  it('pays again, wins against a dev wallet player and claims the payout', async () => {
    let rival: FundedPlayer | null = null;
    try {
      rival = await fundedPlayer(baseUrl, 'rival');
      // A reload: the wallet is reconnected by name, as an extension would be.
      await page.goto('/');
      await page.getByTestId('wallet-balance').waitFor();
      await startDuel(page, '5$', 'Ghost');
      await waitingPopup(page).getByRole('button', { name: 'Cancel & Get Refund' }).waitFor({ timeout: 60_000 });
      await startDuel(rival.page, '5$', 'Ghost');
      await fightUntilWon(page, rival.page, 60_000);

      const won = gameOverPopup(page);
      await won.getByRole('heading', { name: 'Victory!' }).waitFor({ timeout: 15_000 });
      const before = await chainBalance(rpcUrl, address);
      await won.getByRole('button', { name: 'Claim Reward' }).click();
      await won.getByText(/^Reward claimed/).waitFor({ timeout: 60_000 });
      await screenshotBoth(page, 'third-party-wallet-claimed');
      const payout = payoutOf(await stakeLamports(baseUrl, 5));
      await expect.poll(() => chainBalance(rpcUrl, address), { timeout: 15_000 }).toBe(before + payout);
      expect((await walletCalls(page)).every((call) => call.feature === 'solana:signTransaction' && call.chain === null)).toBe(true);
      await expectLedgerReconciled(baseUrl);
      expect(errors).toEqual([]);
      expect(rival.errors).toEqual([]);
    } finally {
      await rival?.browser.close();
    }
  });
});
