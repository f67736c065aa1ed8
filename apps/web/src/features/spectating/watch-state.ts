// What a spectator's page knows of a live duel (docs/spectating.md), from the game's broadcasts:
// the state as no seat sees it, the running round and its end time, each round's result once it
// is revealed, and how many watch. The full state comes on watchGame and at the end; between
// them roundStart and roundEnd alone move the round, its end time and the health. Every game
// event carries the game's version: an event older than what is shown is dropped, so a late or
// repeated one never moves the page back, and a skipped one asks for the full state again.
import type { ErrorCode, GameState, ServerEventPayload } from '@duel-dojo/protocol';

export type RoundEnd = ServerEventPayload<'roundEnd'>;

export interface WatchState {
  readonly game: GameState | null;
  /** The version of the last event applied; -1 before the first (or after a new watchGame). */
  readonly version: number;
  readonly round: number;
  /** The running round's end (server epoch ms); null between rounds. */
  readonly endTime: number | null;
  /** The round result on screen: from its reveal until the next round starts. */
  readonly results: RoundEnd | null;
  /** Every round revealed while watching, in order. */
  readonly log: readonly RoundEnd[];
  readonly spectators: number | null;
  /** Why watching was refused (full, unknown game); null while it works. */
  readonly refusal: { readonly code: ErrorCode | null; readonly message: string } | null;
  /** A version was skipped: watchGame again for the full state (the caller sends it, then `rewatch`). */
  readonly needsFullState: boolean;
}

export type WatchEvent =
  | { readonly type: 'gameState'; readonly state: GameState }
  | { readonly type: 'roundStart'; readonly event: ServerEventPayload<'roundStart'> }
  | { readonly type: 'roundEnd'; readonly event: RoundEnd }
  | { readonly type: 'spectators'; readonly count: number }
  | { readonly type: 'refused'; readonly code: ErrorCode | null; readonly message: string }
  /** watchGame sent again (a new connection): its answer is taken whatever its version. */
  | { readonly type: 'rewatch' };

export const INITIAL_WATCH: WatchState = { game: null, version: -1, round: 0, endTime: null, results: null, log: [], spectators: null, refusal: null, needsFullState: false };

/** A broadcast after the first state that is not the next version: something was missed. */
const skipped = (state: WatchState, version: number) => state.version >= 0 && version > state.version + 1;

const withHealth = (game: GameState, end: RoundEnd): GameState => ({
  ...game,
  round: end.round,
  phase: end.gameOver ? 'over' : 'results',
  endTime: null,
  gameOver: game.gameOver || end.gameOver,
  winner: end.gameOver ? end.winner : game.winner,
  playerCharacter: { ...game.playerCharacter, health: end.player1Health },
  opponentCharacter: game.opponentCharacter ? { ...game.opponentCharacter, health: end.player2Health } : null,
});

export function watchReducer(state: WatchState, event: WatchEvent): WatchState {
  switch (event.type) {
    case 'gameState': {
      const { state: game } = event;
      // A finished game's state (from its record) has no live version: it ends the live view.
      if (game.version < state.version && !game.gameOver) return state;
      const results = game.phase === 'round' ? null : state.results;
      return { ...state, game, version: Math.max(game.version, state.version), round: game.round, endTime: game.endTime, results, refusal: null, needsFullState: false };
    }
    case 'roundStart': {
      if (event.event.version <= state.version || !state.game) return state;
      const { round, endTime, version } = event.event;
      const needsFullState = state.needsFullState || skipped(state, version);
      return { ...state, version, round, endTime, results: null, needsFullState, game: { ...state.game, phase: 'round', round, endTime } };
    }
    case 'roundEnd': {
      const end = event.event;
      if (end.version <= state.version || !state.game) return state;
      const log = [...state.log.filter((logged) => logged.round !== end.round), end];
      const needsFullState = state.needsFullState || skipped(state, end.version);
      return { ...state, version: end.version, round: end.round, endTime: null, results: end, log, needsFullState, game: withHealth(state.game, end) };
    }
    case 'spectators':
      return { ...state, spectators: event.count };
    case 'refused':
      return { ...state, refusal: { code: event.code, message: event.message } };
    case 'rewatch':
      return { ...state, version: -1, needsFullState: false };
  }
}
