// The duels module's GameEmitter on Socket.IO: events to one socket by id, and the gameStats
// pushes to the sockets that asked for them (a room). With the Redis adapter an event reaches a
// socket on another node; a socket of this node gets it directly.
import type { Server } from 'socket.io';
import type { GameEmitter } from '../../modules/duels';
import { playerRoom } from './player-room';

export const STATS_ROOM = 'game-stats';
const IS_CONNECTED_TIMEOUT_MS = 1_500;

/** An emitter usable before the server exists: compose builds the module first, then binds io. */
export function createSocketIoEmitter(): { emitter: GameEmitter; bind(io: Server): void } {
  let io: Server | null = null;
  const emitter: GameEmitter = {
    toSocket(socketId, event, payload) {
      // A socket of this node directly: through the adapter every event would be written to Redis
      // and read back by every node before reaching a socket that is right here.
      const local = io?.sockets.sockets.get(socketId);
      if (local) local.emit(event, payload);
      else io?.to(socketId).emit(event, payload);
    },
    toPlayer(walletAddress, event, payload) {
      io?.to(playerRoom(walletAddress)).emit(event, payload);
    },
    watchStats(socketId) {
      io?.in(socketId).socketsJoin(STATS_ROOM);
    },
    // Every node pushes the same (shared) counts to its own watchers: through the adapter each
    // watcher would get one push per node.
    // A node that is going away may not answer: after a short wait the socket counts as unknown.
    async isConnected(socketId) {
      if (!io || socketId === '') return false;
      const found = await io
        .in(socketId)
        .timeout(IS_CONNECTED_TIMEOUT_MS)
        .fetchSockets()
        .catch(() => []);
      return found.length > 0;
    },
    toRoom(room, event, payload) {
      io?.to(room).emit(event, payload);
    },
    // A socket of this node joins at once, so no event sent after this call can miss it.
    joinRoom(socketId, room) {
      const local = io?.sockets.sockets.get(socketId);
      if (local) void local.join(room);
      else io?.in(socketId).socketsJoin(room);
    },
    leaveRoom(socketId, room) {
      const local = io?.sockets.sockets.get(socketId);
      if (local) void local.leave(room);
      else io?.in(socketId).socketsLeave(room);
    },
    toStatsWatchers(payload) {
      io?.local.to(STATS_ROOM).emit('gameStats', payload);
    },
  };
  return {
    emitter,
    bind(server) {
      io = server;
    },
  };
}
