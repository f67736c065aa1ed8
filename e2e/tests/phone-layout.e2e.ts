// Layout at 360 px in Chromium, where jsdom cannot look: the move buttons' key badges beside
// their labels, the leaderboard's Profit column (the one it ranks by) in view, and a completed
// bracket whose visually hidden "(winner)" labels stay inside its own scroller instead of
// widening the page. The leaderboard and the bracket are served from fixtures (page.route) so the
// widest cases (long names, a loss in whole SOL, an 8-player bracket won to the end) are certain;
// the duel is a real one against the bot.
import { type LeaderboardAnswer, type TournamentAnswer, leaderboardAnswer, tournamentAnswer } from '@duel-dojo/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, PHONE, launchBrowser } from '../support/browser';
import { startDuel, waitForRound, waitingPopup } from '../support/duel';
import { screenshot } from '../support/pages';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
  page = await browser.newPage();
  await page.setViewportSize(PHONE);
});
afterAll(async () => browser?.close());

const pageOverflow = (on: Page) => on.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** A valid wallet address per digit 1-9. */
const WALLET = (n: number) => `So${'1'.repeat(40)}${n}`;

function board(): LeaderboardAnswer {
  const entry = (rank: number, name: string, totalMatches: number, totalProfit: string, totalProfitSol: string) => ({ rank, displayName: name, username: name.toLowerCase(), walletAddress: WALLET(rank), totalMatches, totalProfit, totalProfitSol });
  return leaderboardAnswer.parse({
    success: true,
    message: 'ok',
    leaderboard: [
      entry(1, 'Kenji_the_Swift_One', 1234, '123456789000', '123.4567'),
      entry(2, 'Yuki_Shadowblade', 87, '1940000000', '1.9400'),
      entry(3, 'Ren', 3, '-12345678900', '-12.3456'),
    ],
    stats: { totalFighters: 3, highestWinnings: '123456789000', highestWinningsSol: '123.4567', totalMatches: 1324 },
  });
}

/** An 8-player single elimination won to the end: every match has a "(winner)". */
function completedCup(): TournamentAnswer {
  const names = ['Kenji', 'Yuki', 'Aiko', 'Ren', 'Mai', 'Taro', 'Hana', 'Sora'];
  const slot = (name: string, win: boolean) => ({ participantId: `u-${name}`, username: name, displayName: name, score: win ? 64 : 0, result: win ? 'win' : 'loss', forfeit: false });
  let matchId = 0;
  const match = (section: string, round: number, number: number, winner: string, loser: string) => ({ matchId: ++matchId, section, round, number, status: 'completed', opponent1: slot(winner, true), opponent2: slot(loser, false), live: false });
  const matches = [
    ...[0, 2, 4, 6].map((i, n) => match('winners', 1, n + 1, names[i] as string, names[i + 1] as string)),
    match('winners', 2, 1, 'Kenji', 'Aiko'),
    match('winners', 2, 2, 'Mai', 'Hana'),
    match('winners', 3, 1, 'Kenji', 'Mai'),
    match('third-place', 1, 1, 'Aiko', 'Hana'),
  ];
  return tournamentAnswer.parse({
    success: true,
    tournament: {
      tournamentId: 'layout1', name: 'Layout Cup', description: 'Eight fighters, one champion.', entryFee: '', maxParticipants: 8, currentParticipants: 8,
      startDate: '2026-01-02T00:00:00.000Z', format: 'single-elimination', status: 'completed', prizes: { first: '', second: '', third: '' },
      winner: { username: 'Kenji', displayName: 'Kenji' }, isRegistered: false, participants: [], creator: WALLET(9), createdAt: '2026-01-01T00:00:00.000Z',
      entryFeeLamports: '0', prizePool: null, bracket: { type: 'single-elimination', matches }, myMatch: null, placings: [],
    },
  });
}

describe('at 360 px', () => {
  it("keeps the leaderboard's Profit column in view, beside every fighter", async () => {
    await page.route('**/api/leaderboard?*', (route) => route.fulfill({ json: board() }));
    await page.goto('/leaderboard');
    await page.getByRole('link', { name: 'Kenji_the_Swift_One' }).waitFor();
    const table = page.getByRole('region', { name: 'Leaderboard table' });
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    for (const cell of [page.getByRole('columnheader', { name: 'Profit' }), page.getByText('-12.3456 SOL'), page.getByText('123.4567 SOL').last()]) {
      const box = await cell.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.getByText('1234 matches').isVisible()).toBe(true);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-leaderboard-fixture');
    await page.unroute('**/api/leaderboard?*');
  });

  it('scrolls a completed bracket inside itself: the page does not pan sideways', async () => {
    await page.route('**/api/tournaments/layout1', (route) => route.fulfill({ json: completedCup() }));
    await page.goto('/tournaments/layout1');
    await page.getByText('Winner: Kenji').waitFor();
    expect(await page.getByText('(winner)').count()).toBeGreaterThan(0);
    const scroller = page.getByRole('region', { name: /rounds$/ }).first();
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-tournament-completed-fixture');
    await page.unroute('**/api/tournaments/layout1');
  });

  it('shows each move key under its label, never over it', async () => {
    await page.goto('/');
    await startDuel(page, 'Free!', 'Samurai');
    await waitingPopup(page).getByRole('button', { name: 'Play with Bot' }).click();
    await waitForRound(page);
    const buttons = page.getByRole('group', { name: "Predict the enemy's move" }).getByRole('button');
    // In a corner the badge crowded the label of a button a third of a phone wide: it goes under it.
    const placed = await buttons.evaluateAll((all) =>
      all.map((button) => {
        const box = button.getBoundingClientRect();
        const label = (button.querySelector('span') as HTMLElement).getBoundingClientRect();
        const key = (button.querySelector('kbd') as HTMLElement).getBoundingClientRect();
        const under = key.top >= label.bottom - 0.5;
        const inside = key.left >= box.left && key.right <= box.right && key.bottom <= box.bottom;
        return `${button.textContent}: ${under ? 'under' : 'beside'} the label, ${inside ? 'inside' : 'outside'} the button`;
      }),
    );
    expect(placed).toEqual(['AttackA: under the label, inside the button', 'DodgeD: under the label, inside the button', 'HealH: under the label, inside the button']);
    await screenshot(page, 'phone-move-keys');
  });
});
