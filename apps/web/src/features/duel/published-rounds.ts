// GET /api/games publishes a finished game's round log; Verify reads it in the shape the live
// game logs rounds (what roundEnd said), so both go through one replay; the factor the record
// states is kept, for Verify to compare with the one it recomputes.
import type { RoundLogEntry, RoundLogSide } from '@duel-dojo/protocol';
import { isAction } from '@duel-dojo/rules';
import type { LoggedRound, LoggedSide } from './fairness-check';

function side(logged: RoundLogSide): LoggedSide {
  return {
    action: isAction(logged.action) ? logged.action : null,
    prediction: isAction(logged.prediction) ? logged.prediction : null,
    damageTaken: logged.damageTaken,
    healingReceived: logged.healingReceived,
    factor: logged.factor,
  };
}

export function publishedRounds(rounds: readonly RoundLogEntry[]): LoggedRound[] {
  return rounds.map((entry) => ({
    round: entry.round,
    player1Health: entry.player1.health,
    player2Health: entry.player2.health,
    player1: side(entry.player1),
    player2: side(entry.player2),
  }));
}
