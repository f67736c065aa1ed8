// When the followed live game counts as reconnecting: from the socket's drop until the full state
// (or the answer that there is no game) arrives after Socket.IO reconnected, with the hint past
// 15 s; never without a live game.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Protocol, loadProtocol } from '../../net/protocol';
import type { GameSocket } from '../../net/socket';
import { FakeGameSocket } from '../../test-support/fake-socket';
import { SESSION, gameState } from '../../test-support/duel-events';
import { RECONNECT_HINT_AFTER_MS, useReconnecting } from './use-reconnecting';

let protocol: Protocol;
beforeAll(async () => {
  protocol = await loadProtocol();
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function watch(initial: { sessionId: string | null; live: boolean } = { sessionId: SESSION, live: true }) {
  const socket = new FakeGameSocket();
  const connection = { socket: socket as unknown as GameSocket, protocol };
  const hook = renderHook(({ sessionId, live }) => useReconnecting(connection, sessionId, live), { initialProps: initial });
  return { socket, hook };
}

const answer = (sessionId: string | null) => ({ hasActiveGame: sessionId !== null, gameSession: sessionId ? gameState({ sessionId, phase: 'results', round: 1, version: 30 }) : null });

describe('reconnecting the followed game', () => {
  it('lasts from the drop until the full state after the reconnect, and adds the hint past 15 s', () => {
    const { socket, hook } = watch();
    expect(hook.result.current).toEqual({ active: false, slow: false });
    act(() => socket.drop());
    expect(hook.result.current).toEqual({ active: true, slow: false });
    act(() => vi.advanceTimersByTime(RECONNECT_HINT_AFTER_MS - 1));
    expect(hook.result.current.slow).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current).toEqual({ active: true, slow: true });
    act(() => socket.reconnect());
    expect(hook.result.current).toEqual({ active: true, slow: true });
    act(() => socket.receive('activeGameCheck', answer('another-game')));
    expect(hook.result.current.active).toBe(true);
    act(() => socket.receive('activeGameCheck', answer(SESSION)));
    expect(hook.result.current).toEqual({ active: false, slow: false });
  });

  it('starts the hint afresh on the next drop, and ends on a gameState of the game or an answer that there is none', () => {
    const { socket, hook } = watch();
    act(() => socket.drop());
    act(() => vi.advanceTimersByTime(RECONNECT_HINT_AFTER_MS));
    act(() => socket.reconnect());
    act(() => socket.receive('gameState', gameState({ phase: 'results', round: 1, version: 30 })));
    expect(hook.result.current.active).toBe(false);

    act(() => socket.drop());
    expect(hook.result.current).toEqual({ active: true, slow: false });
    act(() => socket.reconnect());
    act(() => socket.receive('activeGameCheck', answer(null)));
    expect(hook.result.current.active).toBe(false);
  });

  it('is never on without a live game, and a reconnect without one waits for nothing', () => {
    const { socket, hook } = watch({ sessionId: SESSION, live: false });
    act(() => socket.drop());
    expect(hook.result.current.active).toBe(false);
    act(() => socket.reconnect());
    hook.rerender({ sessionId: SESSION, live: true });
    expect(hook.result.current.active).toBe(false);

    const none = watch({ sessionId: null, live: false });
    act(() => none.socket.drop());
    act(() => none.socket.reconnect());
    none.hook.rerender({ sessionId: SESSION, live: true });
    expect(none.hook.result.current.active).toBe(false);
  });
});
