// The bot's seat: when a round starts it plans its move with rules' botMove from the human's
// past actions, and acts within the first seconds of the round (rules' botThinkMs).
import { type Action, type Move, type RoundOutcome, DEFAULT_CHARACTER_ID, FREE_CHARACTERS, botMove, botThinkMs, isAction } from '@duel-dojo/rules';

export interface BotTurn {
  readonly delayMs: number;
  readonly move: Move;
}

/** The human (player1) actions of the rounds played so far, oldest first; idle rounds left out. */
export function humanHistory(log: readonly RoundOutcome[]): Action[] {
  return log.map((outcome) => outcome.player1.action).filter((action): action is Action => isAction(action));
}

export function planBotTurn(log: readonly RoundOutcome[], roundMs: number, random: () => number): BotTurn {
  return { delayMs: botThinkMs(roundMs, random), move: botMove(humanHistory(log), random) };
}

/** The bot fights with a free character picked at random. */
export function botCharacter(random: () => number): number {
  const index = Math.min(FREE_CHARACTERS.length - 1, Math.floor(random() * FREE_CHARACTERS.length));
  return FREE_CHARACTERS[index]?.id ?? DEFAULT_CHARACTER_ID;
}
