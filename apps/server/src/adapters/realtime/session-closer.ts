// The accounts module's SessionRevocationListener on Socket.IO: every socket of a signed-in
// player joins a room named by its session when it connects, and a revoked session (logout)
// closes that room, so a socket opened with the token before the logout does not outlive it
// (docs/security.md 21). With the Redis adapter, the room's sockets on every node are closed.
import { ERROR_MESSAGES } from '@duel-dojo/protocol';
import type { Server } from 'socket.io';
import type { SessionRevocationListener } from '../../modules/accounts';

export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;

/** A listener usable before the server exists: compose builds accounts first, then binds io. */
export function createSessionCloser(): { listener: SessionRevocationListener; bind(io: Server): void } {
  let io: Server | null = null;
  return {
    listener: {
      sessionRevoked(sessionId) {
        if (!io) return;
        const room = sessionRoom(sessionId);
        // Said before the close, so the client can tell a revoked session from a dropped line.
        io.in(room).emit('error', { message: ERROR_MESSAGES.INVALID_TOKEN, code: 'INVALID_TOKEN' });
        io.in(room).disconnectSockets(true);
      },
    },
    bind(server) {
      io = server;
      // After the handshake middleware: socket.data.sessionId is set by then. A logout that
      // lands between the handshake's check and this join is caught by session-guard.ts's
      // check at connection.
      server.on('connection', (socket) => {
        const sessionId = (socket.data as { sessionId?: string | null }).sessionId;
        if (sessionId) void socket.join(sessionRoom(sessionId));
      });
    },
  };
}
