// The typed Socket.IO server and socket of the game: protocol's event maps, and what the
// handshake stores on each socket (who it is, and the session that says so).
import type { ClientToServerEvents, ServerToClientEvents } from '@duel-dojo/protocol';
import type { Server, Socket } from 'socket.io';
import type { PlayerIdentity } from '../modules/duels';

export interface SocketData {
  /** Set by the handshake: the token's player, or a guest. */
  identity: PlayerIdentity;
  /**
   * Set by the handshake: the token's session, null for a guest. The socket lives only as long
   * as it does: its room closes on logout, and money events re-check it (docs/security.md 21).
   */
  sessionId: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no server-to-server events
type InterServerEvents = {};

export type GameServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type GameSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
