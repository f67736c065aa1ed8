// Watching one duel live (docs/spectating.md): watchGame on the shared socket (again after every
// reconnection, since a new connection is in no room, and after a skipped version, since no full
// state comes per round), the game's broadcasts into watch-state, and unwatchGame when the page goes.
import { useEffect, useReducer, useRef } from 'react';
import { listenToGame } from '../duel/duel-socket';
import { useGameSocket } from '../duel/use-game-socket';
import { INITIAL_WATCH, type WatchState, watchReducer } from './watch-state';

export interface Watch {
  readonly state: WatchState;
  /** Milliseconds to add to Date.now() to read the server's clock. */
  readonly offset: { readonly current: number };
  /** The socket could not connect. */
  readonly failed: boolean;
}

export function useWatch(sessionId: string): Watch {
  const { connection, failed, offset } = useGameSocket(true);
  const [state, dispatch] = useReducer(watchReducer, INITIAL_WATCH);
  const rewatch = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!connection) return undefined;
    const { socket, protocol } = connection;
    const ours = (payload: { sessionId: string }) => payload.sessionId === sessionId;
    const off = listenToGame(socket, protocol, {
      gameState: (game) => ours(game) && dispatch({ type: 'gameState', state: game }),
      roundStart: (event) => ours(event) && dispatch({ type: 'roundStart', event }),
      roundEnd: (event) => ours(event) && dispatch({ type: 'roundEnd', event }),
      spectators: (event) => ours(event) && dispatch({ type: 'spectators', count: event.count }),
      error: (error) => error.event === 'watchGame' && dispatch({ type: 'refused', code: error.code ?? null, message: error.message }),
    });
    const watch = () => {
      dispatch({ type: 'rewatch' });
      socket.emit('watchGame', { sessionId });
    };
    watch();
    rewatch.current = watch;
    socket.on('connect', watch);
    return () => {
      rewatch.current = null;
      off();
      socket.off('connect', watch);
      socket.emit('unwatchGame', { sessionId });
    };
  }, [connection, sessionId]);

  useEffect(() => {
    if (state.needsFullState) rewatch.current?.();
  }, [state.needsFullState]);

  return { state, offset, failed };
}
