// The round countdown: ticks every 100 ms against the server clock (offset from
// getServerTime), a bar and the seconds left, early ≥ 9 s, warning ≤ 3 s, danger ≤ 1 s.
import { COUNTDOWN_TICK_MS, ROUND_DURATION_MS, type TimerState, timerState } from '@duel-dojo/rules';
import type { CountdownClock } from '../countdown/use-countdown';

export interface CountdownView {
  readonly msLeft: number;
  /** Whole seconds shown, rounded up: 9.1 s left shows 10. */
  readonly seconds: number;
  /** The bar's fill, 0–100. */
  readonly percent: number;
  readonly state: TimerState;
}

/** The server's clock now, estimated from the client's clock and the measured offset. */
export function serverNow(clientNow: number, offsetMs: number): number {
  return clientNow + offsetMs;
}

/** The clock a round's countdown (useCountdown) reads: the server's, every 100 ms. */
export function roundClock(offset: { readonly current: number }): CountdownClock {
  return { tickMs: COUNTDOWN_TICK_MS, now: () => serverNow(Date.now(), offset.current) };
}

export function countdownView(timeLeft: number, totalMs: number = ROUND_DURATION_MS): CountdownView {
  const msLeft = Math.max(0, timeLeft);
  const percent = totalMs <= 0 ? 0 : Math.min(100, (msLeft / totalMs) * 100);
  return { msLeft, seconds: Math.ceil(msLeft / 1000), percent, state: timerState(msLeft) };
}
