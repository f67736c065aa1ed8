// Spectating (docs/spectating.md) with three browsers: two players fight a free duel while a
// guest finds it in Home's live duels and watches it: both fighters, the health both players
// see, each round's result once revealed and never a move before (docs/security.md 32, checked
// on the frames the spectator's socket received), then the finished duel's replay. The watch
// page is shot at 1280 and 360 px, live and as a replay.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, DESKTOP, launchBrowser } from '../support/browser';
import { collectConsoleErrors } from '../support/console';
import { healths, playRound, roundResults, screenshotBoth, startDuel, waitForRound } from '../support/duel';
import { expectAccessible } from '../support/pages';
import { type BrowserPlayer, signedUpPlayer } from '../support/players';

const baseUrl = inject('baseUrl');
const players: BrowserPlayer[] = [];
let viewer: Browser;
let watcher: Page;
let watcherErrors: string[];
/** Every Socket.IO event the spectator's page received: [name, payload]. */
const received: [string, unknown][] = [];

beforeAll(async () => {
  for (const prefix of ['kenji', 'yuki']) players.push(await signedUpPlayer(baseUrl, prefix));
  viewer = await launchBrowser(baseUrl);
  watcher = await viewer.newPage();
  await watcher.setViewportSize(DESKTOP);
  watcherErrors = collectConsoleErrors(watcher);
  watcher.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      // Engine.IO message (4) carrying a Socket.IO EVENT (2): 42["name",payload].
      if (text.startsWith('42[')) received.push(JSON.parse(text.slice(2)) as [string, unknown]);
    });
  });
});
afterAll(async () => {
  for (const player of players) await player.browser.close();
  await viewer?.close();
});

const meter = async (page: Page, name: string) => Number(await page.getByRole('meter', { name }).getAttribute('aria-valuenow'));

describe('a guest watching a duel', () => {
  it('finds it among the live duels, sees every round as it is revealed and never a move before, then its replay', async () => {
    const [a, b] = players as [BrowserPlayer, BrowserPlayer];
    await a.page.goto('/');
    await startDuel(a.page, 'Free!', 'Ghost');
    await a.page.getByRole('dialog', { name: 'Waiting for an opponent' }).waitFor();
    await b.page.goto('/');
    await startDuel(b.page, 'Free!', 'Ghost');
    await a.page.getByRole('status', { name: 'Fight!' }).waitFor();

    await watcher.goto('/');
    const link = watcher.getByRole('link', { name: new RegExp(`^Watch ${a.name} vs ${b.name} `) });
    await link.waitFor({ timeout: 15_000 });
    await expectAccessible(watcher, 'the live duels on Home');
    await screenshotBoth(watcher, 'home-live-duels', { quick: true });
    await link.click();
    await watcher.getByRole('heading', { name: `${a.name} vs ${b.name}` }).waitFor();
    await watcher.getByText('1 watching').waitFor();

    for (let round = 1; ; round += 1) {
      await waitForRound(a.page);
      await waitForRound(b.page);
      await watcher.getByText(/Moves are shown when the round is revealed/).waitFor();
      if (round === 1) {
        await screenshotBoth(watcher, 'watch-live', { quick: true });
        await expectAccessible(watcher, 'the watch page during a round');
      }
      await playRound(a.page, 'Dodge', 'Attack');
      // One move is in: the spectator's page shows nothing of it.
      expect(await roundResults(watcher, round).count()).toBe(0);
      await playRound(b.page, 'Attack', 'Dodge');
      await roundResults(watcher, round).waitFor();
      await roundResults(a.page, round).waitFor();
      const seen = await healths(a.page);
      expect({ mine: await meter(watcher, `${a.name}'s health`), theirs: await meter(watcher, `${b.name}'s health`) }, `round ${round}`).toEqual(seen);
      if (round === 1) await screenshotBoth(watcher, 'watch-results', { quick: true });
      if (seen.theirs === 0) break;
    }

    await watcher.getByText('Finished').waitFor({ timeout: 10_000 });
    await watcher.getByText(`${a.name} wins · Knock-out`).waitFor();
    await watcher.getByRole('group', { name: 'Replay' }).waitFor();
    await watcher.getByRole('button', { name: '◀ Previous' }).click();
    await screenshotBoth(watcher, 'watch-replay');
    await expectAccessible(watcher, 'the replay');

    // docs/security.md 32: nothing the spectator received before a round's roundEnd names a move.
    const names = received.map(([name]) => name);
    expect(names).toContain('roundEnd');
    for (const seatOnly of ['actionConfirmed', 'opponentLocked', 'opponentStatus']) expect(names).not.toContain(seatOnly);
    for (const [name, payload] of received) {
      if (name !== 'roundEnd') expect(JSON.stringify(payload), name).not.toMatch(/"(action|prediction|myMove|rejoinKey)"/);
    }
    expect(watcherErrors).toEqual([]);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
