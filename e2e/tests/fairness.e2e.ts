// Provably fair with both players' seeds (docs/fairness.md), between two browsers: each tab sends
// its own seed once the commitment shows, the battle screen shows the commitment from round 1 in
// "How is this fair?", both players' Verify passes at game over against the commitment seen
// before round 1, and the command-line verifier, run on the public record, exits 0. A record
// altered on its way to the history fails Verify in red. The second player is at 360 px.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { anyRoundResults, gameOverPopup, healths, playRound, roundResults, screenshotBoth, startDuel, waitForRound, waitingPopup } from '../support/duel';
import { SCREENSHOTS, expectAccessible } from '../support/pages';
import { type BrowserPlayer, signedUpPlayer } from '../support/players';

const baseUrl = inject('baseUrl');
const players: BrowserPlayer[] = [];
const ROOT = join(import.meta.dirname, '..', '..');

beforeAll(async () => {
  for (const [prefix, viewport] of [['aoi', DESKTOP], ['ren', PHONE]] as const) {
    const player = await signedUpPlayer(baseUrl, prefix);
    await player.page.setViewportSize(viewport);
    players.push(player);
  }
});
afterAll(async () => {
  for (const player of players) await player.browser.close();
});

interface SeenEntry {
  readonly sessionId: string;
  readonly commitment: string | null;
  readonly seed: string | null;
}

/** What the tab kept of its game before round 1 (client-seed-store.ts). */
async function seenOf(page: Page): Promise<SeenEntry | undefined> {
  const text = await page.evaluate(() => window.sessionStorage.getItem('duel-dojo:client-seeds'));
  return (JSON.parse(text ?? '[]') as SeenEntry[])[0];
}

/** a wins: it reads the dodge and attacks; b attacks into it and dodges. */
async function fightToTheEnd(a: Page, b: Page): Promise<number> {
  for (;;) {
    await waitForRound(a);
    await waitForRound(b);
    await playRound(a, 'Dodge', 'Attack');
    await playRound(b, 'Attack', 'Dodge');
    const label = (await anyRoundResults(a).getAttribute('aria-label')) ?? '';
    const round = Number(/\d+/.exec(label)?.[0]);
    await roundResults(b, round).waitFor();
    if ((await healths(a)).theirs === 0) return round;
  }
}

/** The Verify result in view, at 1280 and at 360 px: `desktop-{name}.png` and `phone-{name}.png`. */
async function shootResult(page: Page, result: Locator, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(viewport);
    // The verdict and its round table below it.
    await result.locator('xpath=following-sibling::table').scrollIntoViewIfNeeded();
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, `${label}-${name}.png`) });
  }
  if (original) await page.setViewportSize(original);
}

function runVerifier(sessionId: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', 'verify', '--', sessionId, '--api', baseUrl], { cwd: ROOT, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, out: `${stdout}${stderr}` });
    });
  });
}

describe('provably fair duel', () => {
  it('sends each seed once, shows the commitment from round 1, and both Verify and the CLI pass', async () => {
    const [a, b] = players as [BrowserPlayer, BrowserPlayer];
    await a.page.goto('/');
    await b.page.goto('/');
    await startDuel(a.page, 'Free!', 'Ghost');
    await waitingPopup(a.page).waitFor();
    await startDuel(b.page, 'Free!', 'Ghost');
    await waitForRound(a.page);
    await waitForRound(b.page);

    // Both tabs kept the commitment of before round 1 and the seed they sent, for one game.
    const [seenA, seenB] = [await seenOf(a.page), await seenOf(b.page)];
    expect(seenA?.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(seenB?.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(seenA?.sessionId).toBe(seenB?.sessionId);
    expect(seenA?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(seenB?.commitment).toBe(seenA?.commitment);
    const sessionId = seenA!.sessionId;

    // The battle screen's panel, from round 1: the commitment and this player's seed.
    for (const { page } of [a, b]) {
      await page.getByText('How is this fair?').click();
      await page.getByText(seenA!.commitment!, { exact: true }).waitFor();
    }
    await a.page.getByText(seenA!.seed!, { exact: true }).waitFor();
    await b.page.getByText(seenB!.seed!, { exact: true }).waitFor();
    await screenshotBoth(b.page, 'duel-how-is-this-fair');
    await expectAccessible(b.page, 'the fairness panel at 360 px');

    const rounds = await fightToTheEnd(a.page, b.page);
    const won = gameOverPopup(a.page);
    const lost = gameOverPopup(b.page);
    await won.getByRole('heading', { name: 'Victory!' }).waitFor({ timeout: 10_000 });
    await lost.getByRole('heading', { name: 'Defeat' }).waitFor({ timeout: 10_000 });
    const verified = rounds === 1 ? 'its round matches' : `all ${rounds} rounds match`;
    for (const popup of [won, lost]) {
      await popup.getByText('Provably fair').click();
      await popup.getByRole('button', { name: 'Verify' }).click();
      await popup.getByText(`Verified: the seed matches the commitment and ${verified}.`).waitFor();
    }
    // Both seeds revealed, in seat order (a created the game: player 1).
    await won.getByText(`${seenA!.seed}, ${seenB!.seed}`).waitFor();
    await shootResult(a.page, won.getByText(/^Verified: /), 'duel-verify-passed');
    await expectAccessible(a.page, 'the Verify result');

    const verifier = await runVerifier(sessionId);
    expect(verifier.code, verifier.out).toBe(0);
    expect(verifier.out).toContain(sessionId);

    // The history's Verify on a record altered on its way (round 1's damage): red, round by round.
    await won.getByRole('button', { name: 'New Game' }).click();
    await a.page.route('**/api/games?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { games: { sessionId: string; rounds: { round: number; player1: { damageTaken: number } }[] }[] };
      for (const game of body.games) {
        if (game.sessionId === sessionId) game.rounds = game.rounds.map((entry) => (entry.round === 1 ? { ...entry, player1: { ...entry.player1, damageTaken: entry.player1.damageTaken + 1 } } : entry));
      }
      await route.fulfill({ response, json: body });
    });
    await a.page.getByRole('link', { name: 'My Games' }).first().click();
    const entry = a.page.getByRole('list', { name: 'Battles' }).getByRole('listitem').first();
    await entry.getByText('Provably fair').click();
    await entry.getByRole('button', { name: 'Verify' }).click();
    const failed = entry.getByText(/^Mismatch in round 1 \(Player 1 damage/);
    await failed.waitFor();
    expect(await failed.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 157, 148)');
    await entry.getByText(/^Mismatch: Player 1 damage/).waitFor();
    await shootResult(a.page, failed, 'history-verify-failed');
    await a.page.unroute('**/api/games?*');
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
