// What a finished game writes (docs/money.md): the record with
// its round log and revealed seed, the payout state, and each registered player's stats change.
// Guests' and the bot's sides are kept in no profile.
import type { EndReason } from '@duel-dojo/protocol';
import { type ClientSeeds, type MatchResult, type RoundOutcome, type Slot, ZERO_LAMPORTS, payoutLamports } from '@duel-dojo/rules';
import { applyMatch } from './player-stats';
import type { FinishedGameRow, PayoutStateOnEnd, RoundLogRow, RoundLogSide, StatsChange } from './ports';
import type { Seat } from './seats';

export interface FinishedGame {
  readonly sessionId: string;
  readonly paid: boolean;
  readonly serverSeed: string;
  /** The players' seeds the hits used; null for a game from before client seeds. */
  readonly clientSeeds: ClientSeeds | null;
  readonly winner: Slot | 'draw';
  readonly endReason: EndReason;
  readonly rounds: number;
  readonly seats: { readonly player1: Seat; readonly player2: Seat };
  readonly log: readonly RoundLogRow[];
}

function logSide(outcome: RoundOutcome, slot: Slot, factor: number): RoundLogSide {
  const { action, prediction, predictedRight, damageTaken, healingReceived, health } = outcome[slot];
  return { action, prediction, predictedRight, damageTaken, healingReceived, health, factor };
}

/** One line of the record's round log: the outcome plus the factors the seed gave. */
export function roundLogRow(outcome: RoundOutcome, factors: Readonly<Record<Slot, number>>): RoundLogRow {
  return {
    round: outcome.round,
    suddenDeath: outcome.suddenDeath,
    roundWinner: outcome.roundWinner,
    player1: logSide(outcome, 'player1', factors.player1),
    player2: logSide(outcome, 'player2', factors.player2),
  };
}

/** The record's winner: the winning wallet, else its slot (guest, bot), or 'draw'. */
export function recordWinner(game: FinishedGame): string {
  if (game.winner === 'draw') return 'draw';
  return game.seats[game.winner].identity?.wallet ?? game.winner;
}

export function payoutStateOf(game: FinishedGame): PayoutStateOnEnd {
  if (!game.paid) return 'none';
  return game.winner === 'draw' ? 'refund_due' : 'due';
}

export function gameResultRow(game: FinishedGame, endedAt: Date): FinishedGameRow {
  return {
    sessionId: game.sessionId,
    winner: recordWinner(game),
    endReason: game.endReason,
    currentRound: game.rounds,
    rounds: [...game.log],
    serverSeed: game.serverSeed,
    clientSeeds: game.clientSeeds,
    endedAt,
    payoutState: payoutStateOf(game),
  };
}

function resultOf(winner: Slot | 'draw', slot: Slot): MatchResult {
  if (winner === 'draw') return 'draw';
  return winner === slot ? 'win' : 'loss';
}

/** The stats change of every registered player of the game. */
export function statsChanges(game: FinishedGame): StatsChange[] {
  const { player1, player2 } = game.seats;
  const payout = game.paid ? payoutLamports(player1.stakeLamports, player2.stakeLamports) : ZERO_LAMPORTS;
  const changes: StatsChange[] = [];
  for (const seat of [player1, player2]) {
    const userId = seat.identity?.userId;
    if (!userId) continue;
    const match = {
      result: resultOf(game.winner, seat.slot),
      characterId: seat.characterId,
      rounds: game.rounds,
      paid: game.paid,
      stakeLamports: seat.stakeLamports,
      payoutLamports: payout,
    };
    changes.push({ userId, apply: (current) => applyMatch(current, match) });
  }
  return changes;
}
