// Money in the browser on the local chain: the faucet, a withdrawal signed by the dev wallet
// (a real transfer), the live balance, and a marketplace purchase paid in SOL once its
// price is confirmed.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newAddress, unique } from '../support/api';
import { type Browser, launchBrowser } from '../support/browser';
import { collectConsoleErrors } from '../support/console';
import { SCREENSHOTS, expectAccessible, screenshot, signUpInBrowser } from '../support/pages';

const baseUrl = inject('baseUrl');
const rpcUrl = inject('rpcUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(async () => browser?.close());

async function chainBalance(address: string): Promise<number> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }) });
  return ((await response.json()) as { result: { value: number } }).result.value;
}

describe('wallet on the local chain', () => {
  it('faucet, withdraw and a marketplace purchase keep the balance live', async () => {
    const page = await browser.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await signUpInBrowser(page, unique('banker'));
    const balance = page.getByTestId('wallet-balance');
    await expect.poll(() => balance.textContent()).toBe('0.0000 SOL');

    await page.getByRole('button', { name: /^Wallet balance/ }).click();
    const own = (await page.getByTestId('deposit-address').textContent()) ?? '';
    await page.getByRole('button', { name: /Faucet/ }).click();
    await page.getByText('Airdrop received on the local chain.').waitFor({ timeout: 30_000 });
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('2.0000 SOL');

    const recipient = await newAddress();
    await page.getByRole('tab', { name: 'Withdraw' }).click();
    await page.getByRole('button', { name: 'Max' }).click();
    expect(await page.getByLabel('Amount (SOL)').inputValue()).toBe('1.999995');
    await page.getByLabel('Amount (SOL)').fill('0.5');
    await page.getByLabel('Recipient address').fill(recipient);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText('Withdrawal sent and confirmed.').waitFor({ timeout: 60_000 });
    const explorer = await page.getByRole('link', { name: 'View on explorer' }).getAttribute('href');
    expect(explorer).toMatch(new RegExp(`^https://explorer\\.solana\\.com/tx/\\w+\\?cluster=custom&customUrl=${encodeURIComponent(rpcUrl).replace(/[.]/g, '\\.')}$`));
    await screenshot(page, 'desktop-withdraw-done');
    expect(await chainBalance(recipient)).toBe(500_000_000);
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('1.4999 SOL');
    expect(await chainBalance(own)).toBe(1_499_995_000);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('link', { name: 'Marketplace' }).click();
    await page.getByRole('button', { name: /^Buy Now: Blue Sage/ }).click();
    // The price is confirmed before the wallet is asked; Cancel moves nothing.
    const confirm = page.getByRole('dialog', { name: 'Confirm your purchase' });
    await confirm.getByText('Pay 0.250 SOL — Blue Sage is yours for good, to fight with in any duel').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/desktop-purchase-confirm.png`, animations: 'disabled' });
    await expectAccessible(page, 'the purchase confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await chainBalance(own)).toBe(1_499_995_000);
    await page.getByRole('button', { name: /^Buy Now: Blue Sage/ }).click();
    await confirm.getByRole('button', { name: 'Pay 0.250 SOL & Buy' }).click();
    const alert = page.getByRole('dialog', { name: /Purchase (complete|failed)/ });
    await alert.waitFor({ timeout: 90_000 });
    await screenshot(page, 'desktop-purchase-result');
    expect(await alert.getByRole('status').textContent()).toMatch(/^Successfully purchased Blue Sage! You now own this character\. Transaction: \w{8}…$/);
    await alert.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'OWNED' }).waitFor();
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('1.2499 SOL');

    await page.reload();
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('1.2499 SOL');
    expect(errors).toEqual([]);
    await page.close();
  });
});
