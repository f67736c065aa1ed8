// The server's clock and timers for the game timeline (docs/game-events.md). Every
// duration can be shortened and the clock replaced, so tests run whole games in seconds.
import { CLAIM_VICTORY_AFTER_MS, FIGHT_INTRO_MS, REMATCH_WINDOW_MS, RESULTS_DISPLAY_MS, ROUND_DURATION_MS } from '@duel-dojo/rules';

export interface GameTimings {
  /** match -> first roundStart: the fight intro. */
  readonly introMs: number;
  /** roundStart -> endTime. */
  readonly roundMs: number;
  /** roundEnd -> the next roundStart: the results on screen. */
  readonly resultsMs: number;
  /** At most one gameStats push per this many ms. */
  readonly statsPushMs: number;
  /** How long an opponent must have been away before the present player may claim the victory. */
  readonly claimVictoryAfterMs: number;
  /** How long after game over a rematch may be asked, and an offer stays open (rematch.ts). */
  readonly rematchWindowMs: number;
}

export const DEFAULT_GAME_TIMINGS: GameTimings = {
  introMs: FIGHT_INTRO_MS,
  roundMs: ROUND_DURATION_MS,
  resultsMs: RESULTS_DISPLAY_MS,
  statsPushMs: 1_000,
  claimVictoryAfterMs: CLAIM_VICTORY_AFTER_MS,
  rematchWindowMs: REMATCH_WINDOW_MS,
};

export type CancelTimer = () => void;

export interface GameClock {
  /** Server epoch ms: what endTime is written in and actions are checked against. */
  now(): number;
  /** Calls `callback` after `ms`; the returned function cancels it. */
  after(ms: number, callback: () => void): CancelTimer;
}

/** Real timers; `now` can be replaced (a test moves time past a round's end). */
export function systemClock(now: () => number = Date.now): GameClock {
  return {
    now,
    after(ms, callback) {
      const timer = setTimeout(callback, Math.max(0, ms));
      return () => clearTimeout(timer);
    },
  };
}

/** Timers owned by one game, all cancelled at once when it ends or the server stops. */
export class TimerSet {
  private readonly cancels = new Set<CancelTimer>();

  constructor(private readonly clock: GameClock) {}

  after(ms: number, callback: () => void): void {
    const cancel = this.clock.after(ms, () => {
      this.cancels.delete(cancel);
      callback();
    });
    this.cancels.add(cancel);
  }

  clear(): void {
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
  }
}
