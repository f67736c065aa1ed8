// A guest's rejoin key in this tab's sessionStorage: kept per game, forgotten only for its own
// game, and sent instead of a wallet by checkActiveGame when there is no signed-in wallet.
import { describe, expect, it } from 'vitest';
import { WALLET_1 } from '../../test-support/duel-events';
import { REJOIN_KEY_STORAGE, activeGamePayload, forgetRejoinKey, readRejoinKey, saveRejoinKey } from './rejoin-key-store';

const KEY = 'k'.repeat(43);

describe('the guest rejoin key store', () => {
  it('keeps one key per tab, in sessionStorage only', () => {
    expect(readRejoinKey()).toBeNull();
    saveRejoinKey({ sessionId: 'game-1', rejoinKey: KEY });
    expect(readRejoinKey()).toEqual({ sessionId: 'game-1', rejoinKey: KEY });
    expect(window.localStorage.length).toBe(0);
    saveRejoinKey({ sessionId: 'game-2', rejoinKey: 'n'.repeat(43) });
    expect(readRejoinKey()).toEqual({ sessionId: 'game-2', rejoinKey: 'n'.repeat(43) });
  });

  it('forgets the key of its own game only', () => {
    saveRejoinKey({ sessionId: 'game-2', rejoinKey: KEY });
    forgetRejoinKey('game-1');
    expect(readRejoinKey()?.sessionId).toBe('game-2');
    forgetRejoinKey('game-2');
    expect(readRejoinKey()).toBeNull();
    expect(window.sessionStorage.getItem(REJOIN_KEY_STORAGE)).toBeNull();
  });

  it('reads junk as nothing stored', () => {
    window.sessionStorage.setItem(REJOIN_KEY_STORAGE, '{not json');
    expect(readRejoinKey()).toBeNull();
    window.sessionStorage.setItem(REJOIN_KEY_STORAGE, JSON.stringify({ sessionId: 'game-1' }));
    expect(readRejoinKey()).toBeNull();
  });

  it('asks for the active game by wallet when signed in, else by the key, else with nothing', () => {
    expect(activeGamePayload(null)).toEqual({});
    saveRejoinKey({ sessionId: 'game-1', rejoinKey: KEY });
    expect(activeGamePayload(null)).toEqual({ rejoinKey: KEY });
    // A signed-in socket is its token's player: the protocol's payload, never a guest's key.
    expect(activeGamePayload(WALLET_1)).toEqual({ walletAddress: WALLET_1 });
  });
});
