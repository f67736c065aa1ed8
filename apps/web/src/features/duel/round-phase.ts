// A duel's round phases, as a pure reducer:
//
//   idle ─roundStart─▶ round-active ─time up─▶ round-ending
//                          └──────roundEnd──────────┴─▶ results-display ─4 s─▶ idle
//
// - A roundStart that arrives while the results are on screen is queued and processed after them.
// - A roundEnd for a round at or below the last handled one is ignored, and so is any roundEnd
//   outside round-active and round-ending.
// - A roundStart is new when its round is higher than the latest one started (running or
//   queued), or when it is the same round with another end time and that round's end was not
//   handled yet: the server resumed the game from its last closed round after a restart, and
//   that round starts again. Anything else (a duplicate with the same end time, an earlier
//   round, a round whose results came) is ignored.
// - A roundStart without an end time gets a 10 s round, and never restarts the same round (it
//   cannot be told from a duplicate).
// - A full state that says the last closed round is earlier than the one running here (the server
//   resumed from it) stops that round: idle, same round number, until its new roundStart.
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

/** Whether a roundStart is news against the latest round started here (running or queued). */
function isNewStart(latest: { readonly round: number; readonly endTime: number | null }, event: { readonly round: number; readonly endTime?: number | null }, lastHandledRoundEnd: number): boolean {
  if (event.round !== latest.round) return event.round > latest.round;
  return event.endTime !== undefined && event.endTime !== null && event.endTime !== latest.endTime && lastHandledRoundEnd < event.round;
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
      const latest = state.queued ?? { round: state.round, endTime: state.endTime };
      if (!isNewStart(latest, event, state.lastHandledRoundEnd)) return state;
      const next = { round: event.round, endTime: event.endTime ?? event.serverNow + ROUND_DURATION_MS };
      return state.phase === 'results-display' ? { ...state, queued: next } : start(state, next);
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
      if (state.phase === 'results-display') return state;
      if (event.round < state.round) {
        // Only a resumed game goes back: the round running here is void and will start again.
        return state.phase === 'idle' ? state : { ...state, phase: 'idle', endTime: null, queued: null };
      }
      if (state.phase === 'idle' && event.round === state.round && state.lastHandledRoundEnd >= event.round) return state;
      return { ...state, phase: 'idle', round: event.round, endTime: null, lastHandledRoundEnd: Math.max(state.lastHandledRoundEnd, event.round), queued: null };
    case 'reset':
      return initialRoundPhase();
  }
}
