// The live duel keeps a guest's rejoin key while its game runs, sends it when it asks for the full
// state (a reconnect, a version gap), and forgets it when the game is over or left.
import type { GameState } from '@duel-dojo/protocol';
import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Protocol, loadProtocol } from '../../net/protocol';
import type { GameSocket } from '../../net/socket';
import { FakeGameSocket } from '../../test-support/fake-socket';
import { SESSION, WALLET_1, gameState, roundStart } from '../../test-support/duel-events';
import { readRejoinKey, saveRejoinKey } from './rejoin-key-store';
import { useDuel } from './use-duel';

const KEY = 'k'.repeat(43);
const guestGame = (overrides: Partial<GameState> = {}) =>
  gameState({ player1Wallet: null, player1Name: null, player2: 'bot', player2Wallet: null, player2Name: 'Bot', vsBot: true, rejoinKey: KEY, ...overrides });

let protocol: Protocol;
beforeAll(async () => {
  protocol = await loadProtocol();
});

function followed(wallet: string | null = null) {
  const socket = new FakeGameSocket();
  const connection = { socket: socket as unknown as GameSocket, protocol };
  const game = { connection, failed: false, offset: { current: 0 }, ready: () => Promise.resolve(connection) };
  const hook = renderHook(() => useDuel(game, wallet));
  act(() => hook.result.current.expectGame(true));
  return { socket, hook };
}

describe('a guest\'s rejoin key in the live duel', () => {
  it('is kept from the seat\'s gameState and sent on a reconnect and on a version gap', () => {
    const { socket } = followed();
    act(() => socket.receive('gameState', guestGame()));
    expect(readRejoinKey()).toEqual({ sessionId: SESSION, rejoinKey: KEY });

    act(() => socket.receive('connect'));
    expect(socket.sentOf('checkActiveGame')).toEqual([{ rejoinKey: KEY }]);
    // A roundStart two versions ahead: something was missed, the full state is asked by key.
    act(() => socket.receive('roundStart', roundStart(1, 3)));
    expect(socket.sentOf('checkActiveGame')).toEqual([{ rejoinKey: KEY }, { rejoinKey: KEY }]);
  });

  it('is forgotten when the game is over', () => {
    const { socket } = followed();
    act(() => socket.receive('gameState', guestGame()));
    act(() => socket.receive('gameState', guestGame({ phase: 'over', version: 5, round: 3, gameOver: true, winner: 'player1', rejoinKey: undefined })));
    expect(readRejoinKey()).toBeNull();
  });

  it('is forgotten when the player leaves the game', () => {
    const { socket, hook } = followed();
    act(() => socket.receive('gameState', guestGame({ phase: 'waiting', player2: null, player2Name: null, opponentCharacter: null, vsBot: false })));
    expect(readRejoinKey()?.rejoinKey).toBe(KEY);
    act(() => hook.result.current.reset());
    expect(readRejoinKey()).toBeNull();
    expect(socket.sentOf('resetGame')).toHaveLength(1);
  });

  it('is not sent by a signed-in player, who asks by its wallet', () => {
    saveRejoinKey({ sessionId: 'an-old-guest-game', rejoinKey: KEY });
    const { socket } = followed(WALLET_1);
    act(() => socket.receive('gameState', gameState()));
    act(() => socket.receive('connect'));
    expect(socket.sentOf('checkActiveGame')).toEqual([{ walletAddress: WALLET_1 }]);
  });
});
