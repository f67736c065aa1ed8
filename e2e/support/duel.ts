// Steps of the duel tests: choose a stake and a fighter, play rounds through the UI, read both
// health bars, fund a dev wallet from the faucet, read balances on the local chain.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, PHONE } from './browser';
import { SCREENSHOTS, screenshot } from './pages';

export interface Healths {
  readonly mine: number;
  readonly theirs: number;
}

/** A stake button by its USD label; a paid tier's name goes on with its SOL ("5$ 0.0333 SOL"). */
export function stakeButton(page: Page, stake: string) {
  return page.getByRole('button', { name: new RegExp(`^${stake.replace(/[$!]/g, '\\$&')}( |$)`) });
}

export function stakeConfirmation(page: Page) {
  return page.getByRole('dialog', { name: 'Confirm your stake' });
}

/** Free!, 5$ or 10$, then the fighter, then Fight!; a staked one is confirmed unless `confirm` is false. */
export async function startDuel(page: Page, stake: string, character: string, options: { readonly confirm?: boolean } = {}): Promise<void> {
  await stakeButton(page, stake).click();
  await page.getByRole('group', { name: 'Choose your character' }).getByRole('button', { name: new RegExp(`^${character}`) }).click();
  await page.getByRole('button', { name: 'Fight!' }).click();
  if (stake === 'Free!' || options.confirm === false) return;
  await stakeConfirmation(page).getByRole('button', { name: /^Pay .+ SOL & Fight$/ }).click();
}

export function waitingPopup(page: Page) {
  return page.getByRole('dialog', { name: 'Waiting for an opponent' });
}

export function gameOverPopup(page: Page) {
  return page.getByRole('dialog', { name: /^(Victory!|Defeat|Draw)$/ });
}

/** Waits until the round accepts a prediction (the intro and the last results are gone). */
export async function waitForRound(page: Page, timeout = 30_000): Promise<void> {
  await page.getByRole('group', { name: "Predict the enemy's move" }).waitFor({ timeout });
  await page.getByRole('status', { name: 'Fight!' }).waitFor({ state: 'detached', timeout: 5_000 });
}

/** The prediction, then the action, by mouse. */
export async function playRound(page: Page, prediction: string, action: string): Promise<void> {
  await page.getByRole('group', { name: "Predict the enemy's move" }).getByRole('button', { name: prediction }).click();
  await page.getByRole('group', { name: 'Choose your move' }).getByRole('button', { name: action }).click();
  // Locked in, or already resolved when the opponent had acted first.
  await page.getByText('Locked in', { exact: true }).or(page.getByRole('status', { name: /^Round \d+ result$/ })).waitFor({ timeout: 5_000 });
}

export async function healths(page: Page): Promise<Healths> {
  const read = async (name: string) => Number(await page.getByRole('meter', { name }).getAttribute('aria-valuenow'));
  return { mine: await read('Your health'), theirs: await read('Opponent health') };
}

/**
 * Plays rounds until the loser's health is 0: the winner reads the dodge and attacks, the loser
 * attacks into it and dodges. Both must see the same healths after every round.
 */
export async function fightUntilWon(winner: Page, loser: Page, firstRoundTimeout = 30_000): Promise<void> {
  for (let over = false; !over; ) {
    await waitForRound(winner, firstRoundTimeout);
    await waitForRound(loser);
    await playRound(winner, 'Dodge', 'Attack');
    await playRound(loser, 'Attack', 'Dodge');
    await anyRoundResults(winner).waitFor();
    await anyRoundResults(loser).waitFor();
    const [seenByWinner, seenByLoser] = [await healths(winner), await healths(loser)];
    expect(seenByWinner).toEqual({ mine: seenByLoser.theirs, theirs: seenByLoser.mine });
    over = seenByWinner.theirs === 0;
  }
}

/** Whichever round's results panel is on screen. */
export function anyRoundResults(page: Page) {
  return page.getByRole('status', { name: /^Round \d+ result$/ });
}

/** The round's results panel ("Round n result"). */
export function roundResults(page: Page, round: number) {
  return page.getByRole('status', { name: `Round ${round} result` });
}

/** Opens the wallet dropdown and takes 2 SOL from the local faucet. */
export async function takeFromFaucet(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Wallet balance/ }).click();
  await page.getByRole('button', { name: /Faucet/ }).click();
  await page.getByText('Airdrop received on the local chain.').waitFor({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.getByTestId('wallet-balance').filter({ hasText: '2.0000 SOL' }).waitFor({ timeout: 15_000 });
}

export async function chainBalance(rpcUrl: string, address: string): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
  });
  return BigInt(((await response.json()) as { result: { value: number } }).result.value);
}

/** The dev wallet's address, from the deposit panel of the wallet dropdown. */
export async function walletAddressOf(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Wallet balance/ }).click();
  const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return address.trim();
}

/** The phase at 1280×800 and at 360 px: `desktop-{name}.png` and `phone-{name}.png`; the viewport is restored. */
export async function screenshotBoth(page: Page, name: string, options: { readonly quick?: boolean } = {}): Promise<void> {
  const original = page.viewportSize();
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(viewport);
    // Quick: a phase that lasts seconds (intro, payment) is shot as it is, without loading lazy images.
    if (options.quick) await page.screenshot({ path: `${SCREENSHOTS}/${label}-${name}.png` });
    else await screenshot(page, `${label}-${name}`);
  }
  if (original) await page.setViewportSize(original);
}
