// The shared socket and the wire contract, once the duel needs them, plus the server clock
// offset (getServerTime -> serverTime), measured on every (re)connection.
import { useCallback, useEffect, useRef, useState } from 'react';
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
  /**
   * The connection once it is up: at once when it is, else when it comes (a player may act right
   * after the page loads, before the socket and the wire contract have); null if it failed or
   * did not come within `timeoutMs`.
   */
  ready(timeoutMs: number): Promise<GameConnection | null>;
}

export function useGameSocket(enabled: boolean): GameSocketValue {
  const { getSocket } = useSocket();
  const [connection, setConnection] = useState<GameConnection | null>(null);
  const [failed, setFailed] = useState(false);
  const offset = useRef(0);
  const current = useRef<GameConnection | null>(null);
  const gone = useRef(false);
  const waiting = useRef(new Set<(connection: GameConnection | null) => void>());
  const settle = (connection: GameConnection | null) => {
    for (const resolve of [...waiting.current]) resolve(connection);
  };

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

  // Handed to those waiting once committed: by then every listener of the page's hooks is on the
  // socket, so the answer to what they send next cannot come before it.
  useEffect(() => {
    current.current = connection;
    if (connection) settle(connection);
  }, [connection]);
  useEffect(() => {
    gone.current = failed;
    if (failed) settle(null);
  }, [failed]);

  const ready = useCallback(
    (timeoutMs: number) =>
      current.current || gone.current
        ? Promise.resolve(current.current)
        : new Promise<GameConnection | null>((resolve) => {
            const done = (connection: GameConnection | null) => {
              clearTimeout(timer);
              waiting.current.delete(done);
              resolve(connection);
            };
            const timer = setTimeout(() => done(null), timeoutMs);
            waiting.current.add(done);
          }),
    [],
  );

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

  return { connection, failed, offset, ready };
}
