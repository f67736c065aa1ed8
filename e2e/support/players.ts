// A player in a browser of their own: a fresh profile, its console errors collected, signed up
// through the UI with the dev wallet (lands on /profile); a funded one has 2 SOL from the faucet.
import type { Page } from 'playwright-core';
import { unique } from './api';
import { type Browser, launchBrowser } from './browser';
import { collectConsoleErrors } from './console';
import { takeFromFaucet, walletAddressOf } from './duel';
import { signUpInBrowser } from './pages';

export interface BrowserPlayer {
  readonly browser: Browser;
  readonly page: Page;
  readonly name: string;
  readonly errors: string[];
}

export async function signedUpPlayer(baseUrl: string, prefix: string): Promise<BrowserPlayer> {
  const browser = await launchBrowser(baseUrl);
  const page = await browser.newPage();
  const errors = collectConsoleErrors(page);
  const name = unique(prefix);
  await page.goto('/');
  await signUpInBrowser(page, name);
  return { browser, page, name, errors };
}

export interface FundedPlayer extends BrowserPlayer {
  /** The dev wallet's address. */
  readonly address: string;
}

/** Signed up, then 2 SOL from the local faucet; on the home screen. */
export async function fundedPlayer(baseUrl: string, prefix: string): Promise<FundedPlayer> {
  const player = await signedUpPlayer(baseUrl, prefix);
  await player.page.goto('/');
  await takeFromFaucet(player.page);
  return { ...player, address: await walletAddressOf(player.page) };
}
