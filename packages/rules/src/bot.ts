import { type Action, type Move, ACTIONS, BEATS } from './moves';

// The bot's strategy (ours; the product only names "Play with Bot"): it reads the frequency of the
// human's recent actions, predicts the human's next action from them, and mostly plays the move
// that beats its own prediction. Randomness is an argument, so a game with the bot replays
// exactly from its inputs, like every other move.

/** How many of the human's latest actions the bot weighs; older habits are forgotten. */
export const BOT_MEMORY = 10;
/** Share of rounds in which the bot plays the counter to its prediction rather than any move. */
export const BOT_COUNTER_SHARE = 0.75;
/** The bot acts within the first seconds of a round: never later than this after it starts. */
export const BOT_MAX_THINK_MS = 2_500;
/** …and never later than this share of the round, however short the round is. */
export const BOT_MAX_THINK_SHARE = 0.4;

/** The action that beats `action`: Dodge beats Attack, Attack beats Heal, Heal beats Dodge. */
export function counterTo(action: Action): Action {
  const found = ACTIONS.find((candidate) => BEATS[candidate] === action);
  if (found === undefined) throw new RangeError(`no counter to ${String(action)}`);
  return found;
}

/** A value of `random()` forced into [0, 1), so a faulty source can never pick outside the list. */
function unit(random: () => number): number {
  const value = random();
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1 - Number.EPSILON) : 0;
}

/** Picks an action with probability proportional to its weight. */
function weightedPick(weights: Readonly<Record<Action, number>>, random: () => number): Action {
  const total = ACTIONS.reduce((sum, action) => sum + weights[action], 0);
  let point = unit(random) * total;
  for (const action of ACTIONS) {
    point -= weights[action];
    if (point < 0) return action;
  }
  return ACTIONS[ACTIONS.length - 1] as Action;
}

/** How often the human played each action lately, with one extra of each so nothing is ruled out. */
export function actionWeights(history: readonly Action[]): Record<Action, number> {
  const weights: Record<Action, number> = { attack: 1, dodge: 1, hide: 1 };
  for (const action of history.slice(-BOT_MEMORY)) weights[action] += 1;
  return weights;
}

/**
 * The bot's move for the next round, from the human's past actions (oldest first; rounds the
 * human sat out are left out) and a source of numbers in [0, 1). Calls `random` exactly twice.
 */
export function botMove(history: readonly Action[], random: () => number): Move {
  const prediction = weightedPick(actionWeights(history), random);
  const roll = unit(random);
  if (roll < BOT_COUNTER_SHARE) return { prediction, action: counterTo(prediction) };
  // The rest of the time any move, so the bot itself cannot be read perfectly.
  const index = Math.floor(((roll - BOT_COUNTER_SHARE) / (1 - BOT_COUNTER_SHARE)) * ACTIONS.length);
  return { prediction, action: ACTIONS[Math.min(index, ACTIONS.length - 1)] as Action };
}

/**
 * How long after a round starts the bot acts: between a quarter of its limit and the limit,
 * the limit being BOT_MAX_THINK_MS or BOT_MAX_THINK_SHARE of the round, whichever is shorter.
 */
export function botThinkMs(roundMs: number, random: () => number): number {
  if (!(roundMs > 0)) throw new RangeError(`roundMs must be positive, got ${roundMs}`);
  const limit = Math.min(BOT_MAX_THINK_MS, roundMs * BOT_MAX_THINK_SHARE);
  return Math.round(limit * (0.25 + 0.75 * unit(random)));
}
