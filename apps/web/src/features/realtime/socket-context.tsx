// The page's shared Socket.IO connection (marketplace purchases and the duel). It is
// opened on first use with the session's token, and re-opened when the token changes.
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { type GameSocket, openSocket, whenConnected } from '../../net/socket';

interface SocketValue {
  /** The connected socket; rejects when it cannot connect within `timeoutMs`. */
  getSocket(timeoutMs?: number): Promise<GameSocket>;
}

const SocketContext = createContext<SocketValue | null>(null);

export function SocketProvider({ token, children }: { readonly token: string | null; readonly children: ReactNode }) {
  const current = useRef<{ token: string | null; socket: Promise<GameSocket> } | null>(null);

  useEffect(
    () => () => {
      // Token changed or unmounted: the next getSocket() opens a socket with the new identity.
      const previous = current.current;
      current.current = null;
      void previous?.socket.then((socket) => socket.disconnect()).catch(() => undefined);
    },
    [token],
  );

  const getSocket = useCallback(
    async (timeoutMs = 10_000) => {
      if (!current.current || current.current.token !== token) {
        current.current = { token, socket: openSocket(token) };
      }
      return whenConnected(await current.current.socket, timeoutMs);
    },
    [token],
  );

  const value = useMemo(() => ({ getSocket }), [getSocket]);
  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}

export function useSocket(): SocketValue {
  const value = useContext(SocketContext);
  if (!value) throw new Error('useSocket needs <SocketProvider>');
  return value;
}
