// The shared socket and the wire contract, once the duel needs them, plus the server clock
// offset (getServerTime -> serverTime), measured on every (re)connection.
import { useEffect, useRef, useState } from 'react';
import { type Protocol, loadProtocol } from '../../net/protocol';
import type { GameSocket } from '../../net/socket';
import { useSocket } from '../realtime/socket-context';
import { listenToGame } from './duel-socket';
import { clockOffset } from './server-clock';

export interface GameConnection {
  readonly socket: GameSocket;
  readonly protocol: Protocol;
}

export interface GameSocketValue {
  readonly connection: GameConnection | null;
  /** A failed connection (shown as "Wallet or connection not ready!" when the player acts). */
  readonly failed: boolean;
  /** Milliseconds to add to Date.now() to read the server's clock. */
  readonly offset: { current: number };
}

export function useGameSocket(enabled: boolean): GameSocketValue {
  const { getSocket } = useSocket();
  const [connection, setConnection] = useState<GameConnection | null>(null);
  const [failed, setFailed] = useState(false);
  const offset = useRef(0);

  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    setFailed(false);
    Promise.all([getSocket(), loadProtocol()])
      .then(([socket, protocol]) => live && setConnection({ socket, protocol }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      setConnection(null);
    };
  }, [enabled, getSocket]);

  useEffect(() => {
    if (!connection) return undefined;
    const { socket, protocol } = connection;
    const ask = () => socket.emit('getServerTime', { clientTime: Date.now() });
    const off = listenToGame(socket, protocol, {
      serverTime: (answer) => {
        offset.current = clockOffset(answer, Date.now());
      },
    });
    ask();
    socket.on('connect', ask);
    return () => {
      off();
      socket.off('connect', ask);
    };
  }, [connection]);

  return { connection, failed, offset };
}
