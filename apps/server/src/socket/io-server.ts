// Socket.IO on the same HTTP server as the API, at /socket.io, typed by protocol's event maps.
// This file fixes the transport rules every handler relies on; register-game-handlers.ts adds
// the handshake, the message budget and the game's events.
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import { isAllowedOrigin } from './allowed-origin';
import type { GameServer } from './game-socket';

/** Largest frame a client may send (docs/security.md 23): game events are a few hundred bytes. */
export const MAX_SOCKET_FRAME_BYTES = 16 * 1024;

export function createIoServer(httpServer: HttpServer, publicOrigins: readonly string[]): GameServer {
  return new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_SOCKET_FRAME_BYTES,
    cors: { origin: [...publicOrigins] },
    // CORS does not stop a foreign page from opening a WebSocket: check the Origin ourselves.
    allowRequest: (request: IncomingMessage, callback) => {
      callback(null, isAllowedOrigin(request.headers.origin, publicOrigins));
    },
  });
}
