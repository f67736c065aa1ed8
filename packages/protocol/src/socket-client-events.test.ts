import { describe, expect, it } from 'vitest';
import {
  CLIENT_EVENT_NAMES,
  activeGameCheckPayload,
  clientEventSchemas,
  isClientEventName,
  joinGamePayload,
  joinViaInvitePayload,
  playerActionPayload,
  requestBetInfoPayload,
  requestMarketplacePurchasePayload,
} from './socket-client-events';
import { HUGE, TX_SIGNATURE, WALLET_A } from './test-support/samples';

/** One valid payload per event a client sends. */
const VALID: Record<(typeof CLIENT_EVENT_NAMES)[number], unknown> = {
  requestStats: undefined,
  getServerTime: { clientTime: 1_755_129_600_000 },
  checkActiveGame: { walletAddress: WALLET_A },
  checkActiveGames: { walletAddress: WALLET_A },
  joinGame: { selectedCharacter: 7, betAmount: '5$', walletAddress: WALLET_A, verified: true, paymentId: 'p_1', signature: TX_SIGNATURE },
  requestBetInfo: { betAmount: '10$' },
  verifyPayment: { paymentId: 'p_1', signature: TX_SIGNATURE },
  playerAction: { action: 'attack', prediction: 'hide' },
  claimReward: { sessionId: 'g_1', walletAddress: WALLET_A },
  cancelGame: { sessionId: 'g_1', walletAddress: WALLET_A },
  joinViaInvite: { inviteCode: 'inv_1', selectedCharacter: 3, walletAddress: WALLET_A },
  lookupInvite: { inviteCode: 'inv_1' },
  playWithBot: { sessionId: 'g_1' },
  resetGame: undefined,
  resign: { sessionId: 'g_1' },
  claimVictory: { sessionId: 'g_1' },
  watchGame: { sessionId: 'g_1' },
  unwatchGame: { sessionId: 'g_1' },
  submitClientSeed: { sessionId: 'g_1', clientSeed: '3f6c1a9e0d2b4c5a3f6c1a9e0d2b4c5a' },
  requestRematch: { sessionId: 'g_1', selectedCharacter: 3, walletAddress: WALLET_A, verified: true, paymentId: 'p_2', signature: TX_SIGNATURE },
  requestMarketplacePurchase: { characterId: 12, price: '250000000', currency: 'SOL', walletAddress: WALLET_A },
  verifyMarketplacePurchase: { purchaseId: 'buy_1', signature: TX_SIGNATURE, characterId: 12 },
};

describe('client events', () => {
  it('cover every event a client sends', () => {
    expect([...CLIENT_EVENT_NAMES].sort()).toEqual(Object.keys(VALID).sort());
    expect(isClientEventName('joinGame')).toBe(true);
    expect(isClientEventName('toString')).toBe(false);
    expect(isClientEventName(42)).toBe(false);
  });

  it('accept a valid payload for each event', () => {
    for (const name of CLIENT_EVENT_NAMES) expect(clientEventSchemas[name].safeParse(VALID[name]).success, name).toBe(true);
  });

  it('refuse a missing or junk payload for each event that has one', () => {
    for (const name of CLIENT_EVENT_NAMES) {
      if (VALID[name] === undefined) continue;
      expect(clientEventSchemas[name].safeParse(undefined).success, name).toBe(false);
      expect(clientEventSchemas[name].safeParse('junk').success, name).toBe(false);
    }
  });

  it('refuse an oversized string in every string field', () => {
    for (const name of CLIENT_EVENT_NAMES) {
      const payload = VALID[name];
      if (typeof payload !== 'object' || payload === null) continue;
      for (const [key, value] of Object.entries(payload)) {
        if (typeof value !== 'string') continue;
        expect(clientEventSchemas[name].safeParse({ ...payload, [key]: HUGE }).success, `${name}.${key}`).toBe(false);
      }
    }
  });

  it('let events without payload come with nothing or an empty object', () => {
    expect(clientEventSchemas.requestStats.safeParse({}).success).toBe(true);
    expect(clientEventSchemas.resetGame.safeParse(undefined).success).toBe(true);
  });
});

describe('game payloads', () => {
  it('joinGame: a free game needs no wallet or payment', () => {
    expect(joinGamePayload.parse({ selectedCharacter: 7, betAmount: 'Free!' })).toEqual({
      selectedCharacter: 7,
      betAmount: 'Free!',
      walletAddress: null,
      verified: false,
    });
    expect(joinViaInvitePayload.parse({ inviteCode: 'x1', selectedCharacter: 1 }).walletAddress).toBeNull();
  });

  it('stakes: only the enabled tiers', () => {
    for (const betAmount of ['Free!', '5$', '10$']) expect(requestBetInfoPayload.safeParse({ betAmount }).success).toBe(true);
    for (const betAmount of ['15$', '170$', '5', 5, 'free']) {
      expect(requestBetInfoPayload.safeParse({ betAmount }).error?.issues[0]?.message, String(betAmount)).toBe('This stake is not available');
    }
  });

  it('playerAction: attack, dodge or hide (shown as Heal)', () => {
    for (const action of ['attack', 'dodge', 'hide']) expect(playerActionPayload.safeParse({ action, prediction: action }).success).toBe(true);
    expect(playerActionPayload.safeParse({ action: 'heal', prediction: 'attack' }).success).toBe(false);
    expect(playerActionPayload.safeParse({ action: 'attack' }).success).toBe(false);
    expect(playerActionPayload.safeParse({ action: 'attack', prediction: 'dodge', round: 0 }).success).toBe(false);
  });

  it('verifyPayment: the signature may be left out (the server finds the transfer by its reference), never malformed', () => {
    expect(clientEventSchemas.verifyPayment.safeParse({ paymentId: 'p_1' }).success).toBe(true);
    expect(clientEventSchemas.verifyPayment.safeParse({ paymentId: 'p_1', signature: 'abc' }).success).toBe(false);
    expect(clientEventSchemas.verifyPayment.safeParse({ signature: TX_SIGNATURE }).success).toBe(false);
  });

  it('joinGame refuses unknown characters and malformed payments', () => {
    const base = VALID.joinGame as object;
    expect(joinGamePayload.safeParse({ ...base, selectedCharacter: 0 }).success).toBe(false);
    expect(joinGamePayload.safeParse({ ...base, signature: 'abc' }).success).toBe(false);
    expect(joinGamePayload.safeParse({ ...base, walletAddress: 'abc' }).success).toBe(false);
  });

  it('checkActiveGame: the wallet for a signed-in player, a rejoin key for a guest', () => {
    const key = 'Ab-_'.repeat(10) + 'xyz';
    expect(activeGameCheckPayload.parse({ walletAddress: WALLET_A })).toEqual({ walletAddress: WALLET_A, rejoinKey: null });
    expect(activeGameCheckPayload.parse({ rejoinKey: key })).toEqual({ walletAddress: null, rejoinKey: key });
    expect(activeGameCheckPayload.parse({})).toEqual({ walletAddress: null, rejoinKey: null });
    // Shorter than 16 bytes of base64url, longer than 64, or not base64url: not a key.
    for (const bad of ['x'.repeat(21), 'x'.repeat(87), `${'x'.repeat(30)}=`, `${'x'.repeat(30)}/`, 42]) {
      expect(activeGameCheckPayload.safeParse({ rejoinKey: bad }).success, String(bad)).toBe(false);
    }
    expect(activeGameCheckPayload.safeParse({ walletAddress: 'abc' }).success).toBe(false);
  });

  it('marketplace price is lamports as digits, currency SOL', () => {
    const base = VALID.requestMarketplacePurchase as object;
    expect(requestMarketplacePurchasePayload.safeParse({ ...base, price: '0.25' }).success).toBe(false);
    expect(requestMarketplacePurchasePayload.safeParse({ ...base, price: 0.25 }).success).toBe(false);
    expect(requestMarketplacePurchasePayload.safeParse({ ...base, price: '-1' }).success).toBe(false);
    expect(requestMarketplacePurchasePayload.safeParse({ ...base, currency: 'USDC' }).success).toBe(false);
  });
});
