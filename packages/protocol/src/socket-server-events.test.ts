import { describe, expect, it } from 'vitest';
import { SERVER_EVENT_NAMES, serverEventSchemas } from './socket-server-events';
import { COMMITMENT_HEX, HUGE, TX_SIGNATURE, WALLET_A, WALLET_B, sampleWallet } from './test-support/samples';

const gameState = {
  sessionId: 'g_1',
  version: 4,
  phase: 'round',
  round: 2,
  endTime: 1_755_129_610_000,
  player1: 'sockA',
  player2: 'sockB',
  player1Wallet: WALLET_A,
  player2Wallet: WALLET_B,
  player1Name: 'Ninja',
  player2Name: 'Ronin',
  playerCharacter: { id: 7, health: 82 },
  opponentCharacter: { id: 2, health: 64 },
  vsBot: false,
  gameOver: false,
  winner: null,
  inviteCode: null,
  canInvite: false,
  betAmount: '5$',
  stakeLamports: '33333333',
  fairness: { commitment: COMMITMENT_HEX, serverSeed: null, clientSeeds: null },
  endReason: null,
};
const side = { action: 'attack', prediction: 'dodge', damageTaken: 18 };

/** One valid payload per event the server sends. */
const VALID: Record<(typeof SERVER_EVENT_NAMES)[number], unknown> = {
  gameStats: { onlinePlayers: 12, activeGames: 3 },
  serverTime: { clientTime: 1_755_129_600_000, serverTime: 1_755_129_600_120 },
  roundStart: { sessionId: 'g_1', version: 5, round: 3, endTime: 1_755_129_620_000 },
  roundEnd: {
    sessionId: 'g_1',
    version: 6,
    round: 3,
    player1Health: 64,
    player2Health: 100,
    player1: side,
    player2: { damageTaken: 5 },
  },
  actionConfirmed: { sessionId: 'g_1', version: 7, round: 4, action: 'hide', prediction: 'attack' },
  gameState,
  opponentStatus: { sessionId: 'g_1', version: 7, connected: false, since: 1_755_129_610_000 },
  opponentLocked: { sessionId: 'g_1', version: 7, round: 4 },
  spectators: { sessionId: 'g_1', count: 3 },
  rematchOffered: { sessionId: 'g_1', from: 'kenji', betAmount: '5$', stakeLamports: '33333333', expiresAt: 1_755_129_630_000 },
  rematchResult: { success: true, message: 'Rematch asked', sessionId: 'g_1', newSessionId: 'g_2', started: false, expiresAt: 1_755_129_630_000 },
  activeGameCheck: { hasActiveGame: true, gameSession: gameState },
  activeGameResult: { hasActiveGame: false, gameData: null },
  betInfo: {
    betAmount: '5$',
    recipientWallet: WALLET_B,
    solAmount: '0.033333333',
    lamports: '33333333',
    paymentId: 'p_1',
    reference: sampleWallet(42),
    expiresAt: 1_755_129_900_000,
  },
  paymentVerified: { success: false, message: 'Transaction not found yet', retryable: true, code: 'PAYMENT_NOT_FOUND' },
  claimRewardResult: { success: true, amount: '64666666', transactionSignature: TX_SIGNATURE, message: 'Reward sent' },
  cancelGameResult: { success: true, transactionSignature: null, message: 'Game cancelled' },
  joinViaInviteResult: { success: false, message: 'Payment required', requiresPayment: true, betAmount: '10$', inviterName: 'kenji' },
  inviteInfo: { inviteCode: 'inv_1', found: true, betAmount: '5$', inviterName: 'kenji' },
  playWithBotResult: { success: false, message: 'Failed to add bot to game', code: 'ADD_BOT_FAILED' },
  marketplacePurchaseInfo: {
    success: true,
    message: 'Send the payment',
    characterId: 12,
    recipientWallet: WALLET_B,
    solAmount: '0.25',
    lamports: '250000000',
    purchaseId: 'buy_1',
    reference: sampleWallet(43),
    expiresAt: 1_755_129_900_000,
  },
  marketplacePurchaseResult: { success: true, message: 'Purchased', characterId: 12, characterOwnershipUpdated: true, transactionSignature: TX_SIGNATURE },
  error: { message: 'Wallet not connected', code: 'WALLET_NOT_CONNECTED', event: 'claimReward' },
  tournamentMatch: {
    tournamentId: 'Tq3x9Kp2',
    matchId: 12,
    inviteCode: 'inv_1',
    opponent: { walletAddress: WALLET_B, username: 'ronin', displayName: null },
    deadline: 1_755_129_720_000,
  },
};

describe('server events', () => {
  it('accept a valid payload for each event', () => {
    expect([...SERVER_EVENT_NAMES].sort()).toEqual(Object.keys(VALID).sort());
    for (const name of SERVER_EVENT_NAMES) {
      const result = serverEventSchemas[name].safeParse(VALID[name]);
      expect(result.error?.issues ?? [], name).toEqual([]);
    }
  });

  it('put a session and a version on every game event', () => {
    for (const name of ['roundStart', 'roundEnd', 'actionConfirmed', 'opponentLocked', 'opponentStatus', 'gameState'] as const) {
      const { version: _v, ...unversioned } = VALID[name] as { version: number };
      const { sessionId: _s, ...anonymous } = VALID[name] as { sessionId: string };
      expect(serverEventSchemas[name].safeParse(anonymous).success, name).toBe(false);
      expect(serverEventSchemas[name].safeParse(unversioned).success, name).toBe(false);
      expect(serverEventSchemas[name].safeParse({ ...unversioned, version: -1 }).success, name).toBe(false);
    }
  });

  it('refuse an oversized string in every top-level string field', () => {
    for (const name of SERVER_EVENT_NAMES) {
      const payload = VALID[name] as Record<string, unknown>;
      for (const [key, value] of Object.entries(payload)) {
        if (typeof value !== 'string') continue;
        expect(serverEventSchemas[name].safeParse({ ...payload, [key]: HUGE }).success, `${name}.${key}`).toBe(false);
      }
    }
  });

  it('keep money as lamports strings and health within 0–100', () => {
    expect(serverEventSchemas.betInfo.safeParse({ ...(VALID.betInfo as object), lamports: 33333333 }).success).toBe(false);
    expect(serverEventSchemas.claimRewardResult.safeParse({ ...(VALID.claimRewardResult as object), amount: '0.0646' }).success).toBe(false);
    expect(serverEventSchemas.roundEnd.safeParse({ ...(VALID.roundEnd as object), player1Health: 101 }).success).toBe(false);
    expect(serverEventSchemas.gameState.safeParse({ ...gameState, playerCharacter: { id: 7, health: -1 } }).success).toBe(false);
  });

  it('shape a failed purchase without payment fields', () => {
    const failed = serverEventSchemas.marketplacePurchaseInfo.parse({ success: false, message: 'This character is sold out', code: 'SOLD_OUT' });
    expect(failed).toEqual({ success: false, message: 'This character is sold out', code: 'SOLD_OUT' });
    expect(serverEventSchemas.marketplacePurchaseInfo.safeParse({ success: true, message: 'x' }).success).toBe(false);
  });

  it('carry a guest\'s rejoin key only as base64url text, and never require one', () => {
    expect(serverEventSchemas.gameState.safeParse({ ...gameState, rejoinKey: 'k'.repeat(43) }).success).toBe(true);
    expect(serverEventSchemas.gameState.safeParse({ ...gameState, rejoinKey: 'short' }).success).toBe(false);
    expect(serverEventSchemas.gameState.safeParse({ ...gameState, rejoinKey: `${'k'.repeat(42)}+` }).success).toBe(false);
  });

  it('name a known client event in error', () => {
    expect(serverEventSchemas.error.safeParse({ message: 'x', event: 'hack' }).success).toBe(false);
    expect(serverEventSchemas.error.safeParse({ message: 'x' }).success).toBe(true);
  });
});
