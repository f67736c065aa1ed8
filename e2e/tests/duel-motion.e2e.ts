// A fight that moves, between two browsers whose moves are scripted: the fighters play each
// round's result (the attacker lunges, the healer glows, the dodger slips, the blow lands, the
// recoil, the knock-out), sudden death is announced from round 10 with its drain in the results,
// and the game-over view says how the duel ended ("Knocked out in sudden death"); with reduced
// motion nothing moves. Shots of a round frozen mid-motion, the banner and the game over at 1280
// (kenji) and 360 px (yuki).
import { SUDDEN_DEATH_ROUND, suddenDeathDrain } from '@duel-dojo/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { anyRoundResults, gameOverPopup, roundResults, startDuel, waitForRound, waitingPopup } from '../support/duel';
import { SCREENSHOTS } from '../support/pages';
import { type BrowserPlayer, signedUpPlayer } from '../support/players';

const baseUrl = inject('baseUrl');
const players: BrowserPlayer[] = [];

beforeAll(async () => {
  for (const [prefix, viewport] of [['kenji', DESKTOP], ['yuki', PHONE]] as const) {
    const player = await signedUpPlayer(baseUrl, prefix);
    await player.page.setViewportSize(viewport);
    players.push(player);
  }
});
afterAll(async () => {
  for (const player of players) await player.browser.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });

/**
 * Resolves when the round's results appear, with every animation of the page paused `atMs` into
 * its run (the round's motion starts with the results), so a shot shows the fight mid-way.
 */
function freezeAtResults(page: Page, atMs: number): Promise<unknown> {
  return page.waitForFunction(
    (at) => {
      // The results and the floating numbers (mounted a render later) are in: the motion runs.
      if (!document.querySelector('[role="status"][aria-label$=" result"]') || !document.querySelector('section div[aria-live="polite"] span')) return false;
      for (const animation of document.getAnimations()) {
        animation.pause();
        animation.currentTime = at;
      }
      return true;
    },
    atMs,
    { polling: 'raf', timeout: 15_000 },
  );
}

/** The prediction, then the action, by mouse; then locked in (the opponent's "locked in" aside) or resolved. */
async function play(page: Page, [prediction, action]: readonly [string, string]): Promise<void> {
  await page.getByRole('group', { name: "Predict the enemy's move" }).getByRole('button', { name: prediction }).click();
  await page.getByRole('group', { name: 'Choose your move' }).getByRole('button', { name: action }).click();
  await page.getByText('Locked in', { exact: true }).or(page.getByRole('status', { name: /^Round \d+ result$/ })).waitFor({ timeout: 5_000 });
}

const resume = (page: Page) => page.evaluate(() => document.getAnimations().forEach((animation) => animation.play()));

/** What each player does in `round`: [prediction, action] for kenji, then for yuki. */
function script(round: number): readonly [readonly [string, string], readonly [string, string]] {
  if (round === 1) return [['Heal', 'Attack'], ['Dodge', 'Heal']]; // kenji lunges, yuki heals and is hit
  if (round === 2) return [['Attack', 'Attack'], ['Attack', 'Dodge']]; // yuki slips away, kenji takes the recoil
  if (round < SUDDEN_DEATH_ROUND) return [['Attack', 'Heal'], ['Attack', 'Heal']]; // both heal back up
  if (round === SUDDEN_DEATH_ROUND) return [['Heal', 'Dodge'], ['Heal', 'Dodge']]; // only the drain
  return [['Dodge', 'Attack'], ['Heal', 'Dodge']]; // kenji's read lands until yuki falls
}

/** The round's moment to freeze and shoot: [ms into the motion, who is shot]. */
const SHOTS: Readonly<Record<number, readonly [number, 'kenji' | 'yuki']>> = { 1: [260, 'kenji'], 2: [330, 'yuki'], 3: [420, 'kenji'], 11: [260, 'kenji'] };

describe('a fight that moves', () => {
  it('animates each round, announces sudden death and says how the duel ended', async () => {
    const [kenji, yuki] = players.map((player) => player.page) as [Page, Page];
    await kenji.goto('/');
    await yuki.goto('/');
    await startDuel(kenji, 'Free!', 'Ghost');
    await waitingPopup(kenji).waitFor();
    await startDuel(yuki, 'Free!', 'Soldier');

    for (let rounds = 0; !(await gameOverPopup(kenji).isVisible()); rounds += 1) {
      expect(rounds).toBeLessThan(16);
      await waitForRound(kenji);
      await waitForRound(yuki);
      const round = rounds + 1;
      const banner = (page: Page) => page.getByRole('status', { name: 'Sudden death' });
      if (round >= SUDDEN_DEATH_ROUND) {
        for (const page of [kenji, yuki]) expect(await banner(page).textContent()).toContain(`lose ${suddenDeathDrain(round)} HP`);
        if (round === SUDDEN_DEATH_ROUND) {
          await kenji.waitForTimeout(700);
          await shot(kenji, 'desktop-duel-sudden-death');
          await shot(yuki, 'phone-duel-sudden-death');
        }
      } else {
        expect(await banner(kenji).count()).toBe(0);
      }

      // yuki's system asks for reduced motion in round 4: nothing moves there, the numbers still show.
      if (round === 4) await yuki.emulateMedia({ reducedMotion: 'reduce' });
      if (round === 5) await yuki.emulateMedia({ reducedMotion: 'no-preference' });
      const [mine, theirs] = script(round);
      await play(kenji, mine);
      const frame = SHOTS[round];
      const shotOf = frame?.[1] === 'yuki' ? yuki : kenji;
      const frozen = frame ? freezeAtResults(shotOf, frame[0]) : null;
      await play(yuki, theirs);
      await roundResults(kenji, round).waitFor({ timeout: 15_000 });
      await roundResults(yuki, round).waitFor({ timeout: 15_000 });
      if (frame) {
        await frozen;
        await shot(shotOf, `${shotOf === kenji ? 'desktop' : 'phone'}-duel-motion-round-${round}`);
        await resume(shotOf);
      }

      const acts = await kenji.locator('section[data-act]').evaluateAll((sections) => sections.map((section) => (section as HTMLElement).dataset['act']));
      const reactions = await kenji.locator('section[data-reaction]').evaluateAll((sections) => sections.map((section) => (section as HTMLElement).dataset['reaction']));
      if (round === 1) expect({ acts, reactions }).toEqual({ acts: ['attack', 'heal'], reactions: ['hit'] });
      if (round === 2) expect({ acts, reactions }).toEqual({ acts: ['attack', 'dodge'], reactions: ['recoil'] });
      if (round === 4 || round === 5) {
        const still = await yuki.locator('section[data-act]').count();
        expect(still, `round ${round} on yuki's screen`).toBe(round === 4 ? 0 : 2);
        expect(await yuki.getByText(/^\+\d+$/).count()).toBeGreaterThan(0);
      }

      const results = (await anyRoundResults(kenji).textContent()) ?? '';
      if (round >= SUDDEN_DEATH_ROUND) expect(results).toContain(`Sudden death −${suddenDeathDrain(round)} HP`);
      else expect(results).not.toContain('Sudden death');
      await gameOverPopup(kenji).or(kenji.getByRole('group', { name: "Predict the enemy's move" })).waitFor({ timeout: 15_000 });
    }

    expect(await yuki.locator('section[data-knockout]').count()).toBe(1);
    const victory = gameOverPopup(kenji);
    const defeat = gameOverPopup(yuki);
    await defeat.waitFor();
    for (const popup of [victory, defeat]) expect(await popup.textContent()).toContain('Knocked out in sudden death');
    await shot(kenji, 'desktop-duel-game-over-reason');
    await shot(yuki, 'phone-duel-game-over-reason');
  });
});
