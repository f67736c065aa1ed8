// Whether the followed live game is cut off from the server: its socket dropped, or it is back
// but the full state asked for on reconnect (use-duel.ts onReconnect) has not arrived yet. Until
// that state comes the screen may be stale: after a server restart the game resumes from its last
// closed round, so the round on screen may be void. Socket.IO reconnects by itself; this only
// watches. Past RECONNECT_HINT_AFTER_MS it is `slow`, for a reassuring hint.
import { useEffect, useRef, useState } from 'react';
import { listenToGame } from './duel-socket';
import type { GameConnection } from './use-game-socket';

export const RECONNECT_HINT_AFTER_MS = 15_000;

type LinkStatus = 'connected' | 'disconnected' | 'resyncing';

export interface Reconnecting {
  readonly active: boolean;
  /** Reconnecting for longer than RECONNECT_HINT_AFTER_MS. */
  readonly slow: boolean;
}

/** `sessionId`: the followed game; `live`: it is neither over nor cancelled. */
export function useReconnecting(connection: GameConnection | null, sessionId: string | null, live: boolean): Reconnecting {
  // `episode` counts the drops, so the slow timer of an earlier drop never marks a later one.
  const [link, setLink] = useState<{ readonly status: LinkStatus; readonly episode: number }>({ status: 'connected', episode: 0 });
  const [slowEpisode, setSlowEpisode] = useState<number | null>(null);
  const followed = useRef<string | null>(null);
  followed.current = live ? sessionId : null;

  useEffect(() => {
    if (!connection) return undefined;
    const { socket, protocol } = connection;
    const set = (status: LinkStatus) =>
      setLink((previous) => (previous.status === status ? previous : { status, episode: previous.episode + (previous.status === 'connected' ? 1 : 0) }));
    const resynced = () => setLink((previous) => (previous.status === 'resyncing' ? { ...previous, status: 'connected' } : previous));
    if (!socket.connected) set('disconnected');
    const onDisconnect = () => set('disconnected');
    // use-duel.ts asks for the full state on connect only while a live game is followed.
    const onConnect = () => set(followed.current ? 'resyncing' : 'connected');
    const off = listenToGame(socket, protocol, {
      // The answer to that request: the game's full state, or none (nothing left to wait for).
      activeGameCheck: (answer) => {
        if (!answer.gameSession || answer.gameSession.sessionId === followed.current) resynced();
      },
      gameState: (state) => {
        if (state.sessionId === followed.current) resynced();
      },
    });
    socket.on('disconnect', onDisconnect);
    socket.on('connect', onConnect);
    return () => {
      off();
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
    };
  }, [connection]);

  const active = live && sessionId !== null && link.status !== 'connected';
  const { episode } = link;
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setSlowEpisode(episode), RECONNECT_HINT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [active, episode]);

  return { active, slow: active && slowEpisode === episode };
}
