// Game events with the protocol's shapes, for the duel's unit and component tests.
import { type GameState, type RoundEndWire, roundEndEvent } from '@duel-dojo/protocol';
import type { Action, Slot } from '@duel-dojo/rules';
import type { ActionConfirmed, RoundEnd, RoundStartEvent } from '../features/duel/duel-state';

export const SESSION = 'session-1';
export const SOCKET_1 = 'socket-one';
export const SOCKET_2 = 'socket-two';
export const WALLET_1 = '11111111111111111111111111111111';
export const WALLET_2 = 'So11111111111111111111111111111111111111112';
export const SEED = 'a'.repeat(64);
export const COMMITMENT = 'b'.repeat(64);

export function gameState(overrides: Partial<GameState> = {}): GameState {
  return {
    sessionId: SESSION,
    version: 1,
    phase: 'intro',
    round: 0,
    endTime: null,
    player1: SOCKET_1,
    player2: SOCKET_2,
    player1Wallet: WALLET_1,
    player2Wallet: WALLET_2,
    player1Name: 'kenji',
    player2Name: 'yuki',
    playerCharacter: { id: 4, health: 100 },
    opponentCharacter: { id: 8, health: 100 },
    vsBot: false,
    gameOver: false,
    winner: null,
    endReason: null,
    inviteCode: null,
    canInvite: false,
    betAmount: 'Free!',
    stakeLamports: '0',
    fairness: { commitment: COMMITMENT, serverSeed: null, clientSeeds: null },
    tournament: null,
    ...overrides,
  };
}

export function roundStart(round: number, version: number, endTime = 1_000_000 + round * 14_000): RoundStartEvent {
  return { sessionId: SESSION, version, round, endTime };
}

interface SideInput {
  readonly action?: Action | null;
  readonly prediction?: Action | null;
  readonly damageTaken?: number;
  readonly healingReceived?: number;
}

const side = (input: SideInput = {}) => ({
  action: input.action === undefined ? 'attack' : input.action,
  prediction: input.prediction === undefined ? 'dodge' : input.prediction,
  damageTaken: input.damageTaken ?? 0,
  healingReceived: input.healingReceived ?? 0,
});

/** A roundEnd as the server sends it (the moves, damage, healing and healths). */
export function roundEndWire(
  round: number,
  version: number,
  health: readonly [number, number],
  options: { player1?: SideInput; player2?: SideInput; winner?: Slot | 'draw' | null } = {},
): RoundEndWire {
  const over = options.winner !== undefined && options.winner !== null ? { gameOver: true, winner: options.winner } : {};
  return { sessionId: SESSION, version, round, player1Health: health[0], player2Health: health[1], ...over, player1: side(options.player1), player2: side(options.player2) };
}

/**
 * The same round as the client reads it: parsed, so roundWinner and each side's predictedRight
 * come from the moves and the damage given, as the rules derive them.
 */
export function roundEnd(...args: Parameters<typeof roundEndWire>): RoundEnd {
  return roundEndEvent.parse(roundEndWire(...args));
}

export function confirmed(round: number, version: number, action: Action, prediction: Action): ActionConfirmed {
  return { sessionId: SESSION, version, round, action, prediction };
}
