// How a game ends besides the last round (docs/leaving-a-game.md): the reason written in the
// record, and the rule for claiming the victory over an absent opponent (lichess's model).
import { type EndReason, errorMessage } from '@duel-dojo/protocol';
import type { RoundOutcome } from '@duel-dojo/rules';
import { type Outcome, ok, refuse } from './outcome';
import { type Seat, isBot } from './seats';

/** The last round decided it: both down, down in sudden death, or knocked out. */
export function endReasonOf(outcome: RoundOutcome): EndReason {
  if (outcome.winner === 'draw') return 'draw';
  return outcome.suddenDeath ? 'suddenDeath' : 'knockout';
}

/** Whether the victory may be claimed over `opponent` at `now`: away (not the bot) for `afterMs` or longer. */
export function absenceOf(opponent: Seat | null, now: number, afterMs: number): Outcome {
  if (!opponent || isBot(opponent) || opponent.connected) return refuse('OPPONENT_CONNECTED');
  if (now - opponent.since < afterMs) {
    return refuse('OPPONENT_NOT_AWAY_LONG_ENOUGH', errorMessage('OPPONENT_NOT_AWAY_LONG_ENOUGH', { seconds: String(Math.round(afterMs / 1000)) }));
  }
  return ok();
}
