// The Socket.IO client, typed with the protocol's event maps. socket.io-client is loaded on
// first use, so pages that never open a socket never download it.
import type { ClientToServerEvents, ServerToClientEvents } from '@duel-dojo/protocol';
import type { Socket } from 'socket.io-client';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens a socket to the page's own origin (/socket.io) with the bearer token in auth.token. */
export async function openSocket(token: string | null): Promise<GameSocket> {
  const { io } = await import('socket.io-client');
  return io({ path: '/socket.io', auth: token ? { token } : {}, transports: ['websocket', 'polling'] });
}

/** Resolves once the socket is connected, or rejects after `timeoutMs` / on a connection error. */
export function whenConnected(socket: GameSocket, timeoutMs = 10_000): Promise<GameSocket> {
  if (socket.connected) return Promise.resolve(socket);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error('Socket connection timeout')), timeoutMs);
    const onConnect = () => finish(null);
    const onError = (error: Error) => finish(error);
    function finish(error: Error | null) {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      socket.off('connect_error', onError);
      if (error) reject(error);
      else resolve(socket);
    }
    socket.on('connect', onConnect);
    socket.on('connect_error', onError);
  });
}
