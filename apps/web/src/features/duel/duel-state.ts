// One live duel as the client sees it, as a pure reducer over the server's game events
// (gameState, roundStart, roundEnd, actionConfirmed) and the player's own inputs. The full state
// comes at the match, at the end, on a (re)join and when asked; between them roundStart and
// roundEnd alone move the phase, round, end time and health. Every broadcast
// carries the game's version (docs/game-events.md, after lichess): a stale one is dropped, and a gap asks
// for the full state (`needsFullState`; the caller sends checkActiveGame and clears it).
import type { GameState, ServerEventPayload } from '@duel-dojo/protocol';
import { type Action, type Slot, FIGHT_INTRO_MS, FIGHT_INTRO_REJOIN_MS } from '@duel-dojo/rules';
import { type RoundPhaseEvent, type RoundPhaseState, initialRoundPhase, roundPhaseReducer } from './round-phase';

export type RoundEnd = ServerEventPayload<'roundEnd'>;
export type RoundStartEvent = ServerEventPayload<'roundStart'>;
export type ActionConfirmed = ServerEventPayload<'actionConfirmed'>;

/** The player's two picks of the running round: first the prediction, then the action. */
export interface MoveState {
  readonly round: number;
  readonly prediction: Action | null;
  readonly action: Action | null;
  /** Confirmed by the server (actionConfirmed): the move counts. */
  readonly locked: boolean;
  /** Chosen and sent (or waiting for the connection to send it), not confirmed yet: no change any more. */
  readonly pending: boolean;
  /** Chosen but never confirmed: the round closed first (refused, or the connection came back too late). */
  readonly missed: boolean;
}

/** The opponent's connection as the server last told it (docs/leaving-a-game.md). */
export interface OpponentPresence {
  readonly connected: boolean;
  /** Server epoch ms of the last change. */
  readonly since: number;
}

export interface DuelState {
  readonly sessionId: string | null;
  /** The last version applied. */
  readonly version: number;
  readonly game: GameState | null;
  readonly mySlot: Slot | null;
  readonly rounds: RoundPhaseState<RoundEnd>;
  readonly move: MoveState;
  /** Every round end received, oldest first: the round log (fairness check, results). */
  readonly log: readonly RoundEnd[];
  readonly needsFullState: boolean;
  /** The fight intro to play: 3 s at the start, 2 s on a rejoin; null when none. */
  readonly intro: { readonly key: number; readonly ms: number } | null;
  /** null: not known (the bot, or no opponent yet). */
  readonly opponent: OpponentPresence | null;
  /** The round the opponent's move is in for (never which move); 0 when none. */
  readonly opponentLockedRound: number;
}

export type DuelEvent =
  | { readonly type: 'game-state'; readonly state: GameState; readonly socketId: string | null; readonly wallet: string | null; readonly serverNow: number; readonly rejoin?: boolean }
  | { readonly type: 'round-start'; readonly event: RoundStartEvent; readonly serverNow: number }
  | { readonly type: 'round-end'; readonly event: RoundEnd }
  | { readonly type: 'action-confirmed'; readonly event: ActionConfirmed }
  | { readonly type: 'action-refused' }
  | { readonly type: 'opponent-status'; readonly event: ServerEventPayload<'opponentStatus'> }
  | { readonly type: 'opponent-locked'; readonly event: ServerEventPayload<'opponentLocked'> }
  | { readonly type: 'time-up' }
  | { readonly type: 'results-done' }
  | { readonly type: 'intro-done' }
  | { readonly type: 'predict'; readonly action: Action }
  | { readonly type: 'undo' }
  | { readonly type: 'act'; readonly action: Action }
  | { readonly type: 'full-state-requested' }
  | { readonly type: 'reset' };

const NO_MOVE: MoveState = { round: 0, prediction: null, action: null, locked: false, pending: false, missed: false };

export const INITIAL_DUEL: DuelState = {
  sessionId: null,
  version: 0,
  game: null,
  mySlot: null,
  rounds: initialRoundPhase(),
  move: NO_MOVE,
  log: [],
  needsFullState: false,
  intro: null,
  opponent: null,
  opponentLockedRound: 0,
};

type Gate = 'apply' | 'gap' | 'drop';

/** Broadcasts take the next version: one already seen is dropped; a jump means something was missed. */
function gateBroadcast(state: DuelState, sessionId: string, version: number): Gate {
  if (state.sessionId === null || sessionId !== state.sessionId || version <= state.version) return 'drop';
  return version > state.version + 1 ? 'gap' : 'apply';
}

function slotOf(game: GameState, socketId: string | null, wallet: string | null, previous: Slot | null): Slot | null {
  if (socketId && game.player1 === socketId) return 'player1';
  if (socketId && game.player2 === socketId) return 'player2';
  if (wallet && game.player1Wallet === wallet) return 'player1';
  if (wallet && game.player2Wallet === wallet) return 'player2';
  return previous;
}

/**
 * Runs the round phases and starts a fresh move whenever a round (re)starts. A round restarted
 * after the server resumed the game keeps its number but gets a new end time: the pick made
 * before is void (the server forgot it), so it is cleared, locked or not. So is the pick of a
 * round the server says is not running (stopped without an end, waiting for its restart).
 */
function withRounds(state: DuelState, event: RoundPhaseEvent<RoundEnd>): DuelState {
  const before = state.rounds;
  const rounds = roundPhaseReducer(before, event);
  if (rounds === before) return state;
  const started = rounds.phase === 'round-active' && (before.phase !== 'round-active' || rounds.round !== before.round || rounds.endTime !== before.endTime);
  const voided = rounds.phase === 'idle' && state.move.round > rounds.lastHandledRoundEnd;
  return { ...state, rounds, move: started || voided ? { ...NO_MOVE, round: rounds.round } : state.move };
}

function applyGameState(state: DuelState, event: Extract<DuelEvent, { type: 'game-state' }>): DuelState {
  const incoming = event.state;
  const sameSession = state.sessionId === incoming.sessionId;
  if (state.sessionId !== null && !sameSession) return state;
  if (sameSession && incoming.version < state.version) return state;
  const base = sameSession ? state : { ...INITIAL_DUEL, sessionId: incoming.sessionId };
  const previousPhase = sameSession ? state.game?.phase : undefined;
  const running = incoming.phase === 'intro' || incoming.phase === 'round' || incoming.phase === 'results';
  const key = (state.intro?.key ?? state.version) + 1;
  let intro = base.intro;
  if (event.rejoin && running) intro = { key, ms: FIGHT_INTRO_REJOIN_MS };
  else if (incoming.phase === 'intro' && previousPhase !== 'intro') intro = { key, ms: FIGHT_INTRO_MS };

  let next: DuelState = {
    ...base,
    version: Math.max(base.version, incoming.version),
    game: incoming,
    mySlot: slotOf(incoming, event.socketId, event.wallet, base.mySlot),
    needsFullState: false,
    intro,
    opponent: incoming.opponentStatus ?? (sameSession ? base.opponent : null),
    opponentLockedRound: incoming.opponentLocked ? incoming.round : incoming.phase === 'round' ? 0 : base.opponentLockedRound,
  };
  if (incoming.phase === 'round' && incoming.endTime !== null) {
    next = withRounds(next, { type: 'round-start', round: incoming.round, endTime: incoming.endTime, serverNow: event.serverNow });
    // Sent before a reload or a reconnect: shown locked, as the server will refuse another.
    if (incoming.myMove && next.move.round === incoming.round) next = { ...next, move: { ...NO_MOVE, round: incoming.round, ...incoming.myMove, locked: true } };
  } else if (incoming.phase !== 'waiting') {
    next = withRounds(next, { type: 'round-closed', round: incoming.round });
  }
  return next;
}

function applyRoundEnd(state: DuelState, event: RoundEnd): DuelState {
  const gate = gateBroadcast(state, event.sessionId, event.version);
  if (gate === 'drop' || !state.game) return state;
  const known = state.log.some((entry) => entry.round >= event.round);
  // No full state follows a round (docs/architecture.md, a game's flow): the round end itself moves
  // the game to its results, or over; the final gameState then brings the seed and the end reason.
  const game: GameState = {
    ...state.game,
    phase: event.gameOver ? 'over' : state.game.phase === 'over' ? 'over' : 'results',
    round: Math.max(state.game.round, event.round),
    endTime: null,
    playerCharacter: { ...state.game.playerCharacter, health: event.player1Health },
    opponentCharacter: state.game.opponentCharacter && { ...state.game.opponentCharacter, health: event.player2Health },
    gameOver: state.game.gameOver || event.gameOver,
    winner: event.gameOver ? event.winner : state.game.winner,
  };
  // A move chosen but never confirmed did not count: the results say it was missed.
  const move = state.move.round === event.round && state.move.pending && !state.move.locked ? { ...state.move, pending: false, missed: true } : state.move;
  const next: DuelState = { ...state, version: event.version, game, move, log: known ? state.log : [...state.log, event], needsFullState: state.needsFullState || gate === 'gap' };
  return withRounds(next, { type: 'round-end', round: event.round, data: event });
}

function applyRoundStart(state: DuelState, event: RoundStartEvent, serverNow: number): DuelState {
  const gate = gateBroadcast(state, event.sessionId, event.version);
  if (gate === 'drop' || !state.game) return state;
  const game: GameState = { ...state.game, phase: 'round', round: Math.max(state.game.round, event.round), endTime: event.endTime };
  const next: DuelState = { ...state, version: event.version, game, needsFullState: state.needsFullState || gate === 'gap' };
  return withRounds(next, { type: 'round-start', round: event.round, endTime: event.endTime, serverNow });
}

/** Whether the player may still pick this round (the prediction or the action). */
export function canPick(state: DuelState): boolean {
  return state.rounds.phase === 'round-active' && !state.move.locked && !state.move.pending && state.move.round === state.rounds.round;
}

export function duelReducer(state: DuelState, event: DuelEvent): DuelState {
  switch (event.type) {
    case 'game-state':
      return applyGameState(state, event);
    case 'round-start':
      return applyRoundStart(state, event.event, event.serverNow);
    case 'round-end':
      return applyRoundEnd(state, event.event);
    case 'action-confirmed': {
      const { sessionId, version, round, action, prediction } = event.event;
      // Older than the state applied: it confirmed a pick of a round since restarted (resumed game).
      if (sessionId !== state.sessionId || version < state.version || round !== state.rounds.round) return state;
      return { ...state, move: { ...NO_MOVE, round, action, prediction, locked: true } };
    }
    case 'action-refused':
      return state.move.pending ? { ...state, move: { ...state.move, pending: false, missed: true } } : state;
    case 'opponent-status': {
      const { sessionId, version, connected, since } = event.event;
      if (sessionId !== state.sessionId || version < state.version) return state;
      return { ...state, opponent: { connected, since } };
    }
    case 'opponent-locked': {
      const { sessionId, version, round } = event.event;
      if (sessionId !== state.sessionId || version < state.version || round !== state.rounds.round) return state;
      return { ...state, opponentLockedRound: round };
    }
    case 'time-up':
      return withRounds(state, { type: 'time-up', round: state.rounds.round });
    case 'results-done':
      return withRounds(state, { type: 'results-done' });
    case 'intro-done':
      return state.intro ? { ...state, intro: null } : state;
    case 'predict':
      return canPick(state) ? { ...state, move: { ...state.move, prediction: event.action } } : state;
    case 'undo':
      return canPick(state) && state.move.prediction !== null ? { ...state, move: { ...state.move, prediction: null } } : state;
    case 'act':
      return canPick(state) && state.move.prediction !== null ? { ...state, move: { ...state.move, action: event.action, pending: true } } : state;
    case 'full-state-requested':
      return state.needsFullState ? { ...state, needsFullState: false } : state;
    case 'reset':
      return INITIAL_DUEL;
  }
}
