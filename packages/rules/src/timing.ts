// The game's clock numbers, shared by the server (round deadlines) and the web app (countdowns).

export const ROUND_DURATION_MS = 10_000;
export const COUNTDOWN_TICK_MS = 100;
export const RESULTS_DISPLAY_MS = 4_000;
export const FIGHT_INTRO_MS = 3_000;
export const FIGHT_INTRO_REJOIN_MS = 2_000;
/** How long an opponent must have been disconnected before the present player may claim the victory. */
export const CLAIM_VICTORY_AFTER_MS = 30_000;
/** A rematch may be asked this long after game over, and an offer stays open this long. */
export const REMATCH_WINDOW_MS = 30_000;
export const FLOATING_NUMBER_MS = 2_000;
export const SHAKE_MS = 500;
export const COPY_CONFIRMATION_MS = 2_000;

export const BET_INFO_TIMEOUT_MS = 10_000;
export const PAYMENT_VERIFICATION_TIMEOUT_MS = 30_000;
export const MARKETPLACE_INFO_TIMEOUT_MS = 10_000;
export const MARKETPLACE_VERIFICATION_TIMEOUT_MS = 30_000;
export const ACTIVE_GAME_RESULT_TIMEOUT_MS = 5_000;
export const ACTIVE_GAME_CHECK_DELAY_MS = 1_000;
export const WELCOME_POPUP_DELAY_MS = 1_000;
export const AUTO_RECONNECT_DELAY_MS = 100;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const LEADERBOARD_SIZE = 20;
export const PROFILE_HISTORY_SIZE = 10;

export const TIMER_EARLY_MS = 9_000;
export const TIMER_WARNING_MS = 3_000;
export const TIMER_DANGER_MS = 1_000;

export type TimerState = 'early' | 'normal' | 'warning' | 'danger';

/** The round countdown's look for the time left: early ≥ 9 s, warning ≤ 3 s, danger ≤ 1 s. */
export function timerState(msLeft: number): TimerState {
  if (msLeft <= TIMER_DANGER_MS) return 'danger';
  if (msLeft <= TIMER_WARNING_MS) return 'warning';
  if (msLeft >= TIMER_EARLY_MS) return 'early';
  return 'normal';
}
