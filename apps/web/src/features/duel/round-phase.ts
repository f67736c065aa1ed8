// Spec §4 "Game flow", round phases, as a pure reducer:
//
//   idle ─roundStart─▶ round-active ─time up─▶ round-ending
//                          └──────roundEnd──────────┴─▶ results-display ─4 s─▶ idle
//
// - A roundStart that arrives while the results are on screen is queued and processed after them.
// - A roundEnd for a round at or below the last handled one is ignored, and so is any roundEnd
//   outside round-active and round-ending.
// - A roundStart for a round no higher than the current one is ignored.
// - A roundStart without an end time gets a 10 s round.
// Timers live outside: the caller sends `time-up` when the countdown reaches zero and
// `results-done` RESULTS_DISPLAY_MS after entering results-display.
import { ROUND_DURATION_MS } from '@duel-dojo/rules';

export type RoundPhase = 'idle' | 'round-active' | 'round-ending' | 'results-display';

export interface RoundStart {
  readonly round: number;
  /** Server epoch ms. */
  readonly endTime: number;
}

export interface RoundPhaseState<R> {
  readonly phase: RoundPhase;
  /** The round started last; 0 before the first. */
  readonly round: number;
  /** The current round's end (server epoch ms); null when no round runs. */
  readonly endTime: number | null;
  /** The last round whose end was handled (or skipped); 0 before the first. */
  readonly lastHandledRoundEnd: number;
  /** The round end on screen during results-display. */
  readonly results: R | null;
  /** A roundStart that came during the results. */
  readonly queued: RoundStart | null;
}

export type RoundPhaseEvent<R> =
  /** `serverNow` is the server clock's estimate, for a roundStart without an end time. */
  | { readonly type: 'round-start'; readonly round: number; readonly endTime?: number | null; readonly serverNow: number }
  | { readonly type: 'time-up'; readonly round: number }
  | { readonly type: 'round-end'; readonly round: number; readonly data: R }
  | { readonly type: 'results-done' }
  /** A full state says no round runs and `round` is over (a missed roundEnd): stop waiting for it. */
  | { readonly type: 'round-closed'; readonly round: number }
  | { readonly type: 'reset' };

export function initialRoundPhase<R>(): RoundPhaseState<R> {
  return { phase: 'idle', round: 0, endTime: null, lastHandledRoundEnd: 0, results: null, queued: null };
}

function start<R>(state: RoundPhaseState<R>, next: RoundStart): RoundPhaseState<R> {
  // Starting a later round while an earlier one still waits for its end: that end is skipped.
  const skipped = state.phase === 'round-active' || state.phase === 'round-ending' ? state.round : state.lastHandledRoundEnd;
  return {
    phase: 'round-active',
    round: next.round,
    endTime: next.endTime,
    lastHandledRoundEnd: Math.max(state.lastHandledRoundEnd, Math.min(skipped, next.round - 1)),
    results: null,
    queued: null,
  };
}

export function roundPhaseReducer<R>(state: RoundPhaseState<R>, event: RoundPhaseEvent<R>): RoundPhaseState<R> {
  switch (event.type) {
    case 'round-start': {
      if (event.round <= state.round) return state;
      const next = { round: event.round, endTime: event.endTime ?? event.serverNow + ROUND_DURATION_MS };
      if (state.phase === 'results-display') {
        return state.queued && state.queued.round >= next.round ? state : { ...state, queued: next };
      }
      return start(state, next);
    }
    case 'time-up':
      return state.phase === 'round-active' && event.round === state.round ? { ...state, phase: 'round-ending' } : state;
    case 'round-end':
      if (event.round <= state.lastHandledRoundEnd) return state;
      if (state.phase !== 'round-active' && state.phase !== 'round-ending') return state;
      return {
        ...state,
        phase: 'results-display',
        round: Math.max(state.round, event.round),
        endTime: null,
        lastHandledRoundEnd: event.round,
        results: event.data,
      };
    case 'results-done': {
      if (state.phase !== 'results-display') return state;
      const idle: RoundPhaseState<R> = { ...state, phase: 'idle', results: null, queued: null };
      return state.queued && state.queued.round > state.round ? start(idle, state.queued) : idle;
    }
    case 'round-closed':
      if (state.phase === 'results-display' || event.round < state.round) return state;
      if (state.phase === 'idle' && event.round === state.round && state.lastHandledRoundEnd >= event.round) return state;
      return { ...state, phase: 'idle', round: event.round, endTime: null, lastHandledRoundEnd: Math.max(state.lastHandledRoundEnd, event.round), queued: null };
    case 'reset':
      return initialRoundPhase();
  }
}
