// Game events with the protocol's shapes, for the duel's unit and component tests.
import type { GameState } from '@duel-dojo/protocol';
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
  readonly predictedRight?: boolean;
}

const side = (input: SideInput = {}) => ({
  action: input.action === undefined ? 'attack' : input.action,
  prediction: input.prediction === undefined ? 'dodge' : input.prediction,
  predictedRight: input.predictedRight ?? false,
  damageTaken: input.damageTaken ?? 0,
  healingReceived: input.healingReceived ?? 0,
});

export function roundEnd(
  round: number,
  version: number,
  health: readonly [number, number],
  options: { player1?: SideInput; player2?: SideInput; roundWinner?: Slot | 'draw'; winner?: Slot | 'draw' | null } = {},
): RoundEnd {
  const gameOver = options.winner !== undefined && options.winner !== null;
  return {
    sessionId: SESSION,
    version,
    round,
    player1Health: health[0],
    player2Health: health[1],
    roundWinner: options.roundWinner ?? 'draw',
    suddenDeath: false,
    gameOver,
    winner: options.winner ?? null,
    player1: side(options.player1),
    player2: side(options.player2),
  };
}

export function confirmed(round: number, version: number, action: Action, prediction: Action): ActionConfirmed {
  return { sessionId: SESSION, version, round, action, prediction };
}
