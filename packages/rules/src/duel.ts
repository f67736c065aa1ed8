import { MAX_HEALTH } from './roster';
import type { Move } from './moves';
import { type Fighter, type RoundOutcome, type Slot, resolveRound } from './resolve-round';

/** A whole duel as a value: `(state, moves, factors) -> state`, replayable from its log. */
export interface DuelState {
  /** The last round resolved; 0 before the first. */
  readonly round: number;
  readonly fighters: Readonly<Record<Slot, Fighter>>;
  readonly health: Readonly<Record<Slot, number>>;
  readonly gameOver: boolean;
  readonly winner: Slot | 'draw' | null;
  readonly log: readonly RoundOutcome[];
}

export type RoundMoves = Readonly<Record<Slot, Move | null>>;
export type RoundFactors = Readonly<Record<Slot, number>>;

export function startDuel(player1: Fighter, player2: Fighter): DuelState {
  return {
    round: 0,
    fighters: { player1, player2 },
    health: { player1: MAX_HEALTH, player2: MAX_HEALTH },
    gameOver: false,
    winner: null,
    log: [],
  };
}

export class DuelOverError extends Error {
  constructor() {
    super('The duel is already over');
    this.name = 'DuelOverError';
  }
}

/** Plays the next round. Throws DuelOverError once the duel has a result. */
export function playRound(state: DuelState, moves: RoundMoves, factors: RoundFactors): DuelState {
  if (state.gameOver) throw new DuelOverError();
  const round = state.round + 1;
  const outcome = resolveRound({
    round,
    player1: { fighter: state.fighters.player1, health: state.health.player1, move: moves.player1, factor: factors.player1 },
    player2: { fighter: state.fighters.player2, health: state.health.player2, move: moves.player2, factor: factors.player2 },
  });
  return {
    round,
    fighters: state.fighters,
    health: { player1: outcome.player1.health, player2: outcome.player2.health },
    gameOver: outcome.gameOver,
    winner: outcome.winner,
    log: [...state.log, outcome],
  };
}
