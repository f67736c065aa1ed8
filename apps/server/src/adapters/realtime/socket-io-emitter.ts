// The duels module's GameEmitter on Socket.IO: events to one socket by id, and the gameStats
// pushes to the sockets that asked for them (a room). With the Redis adapter an event reaches a
// socket on another node; a socket of this node gets it directly.
import type { Server } from 'socket.io';
import type { GameEmitter } from '../../modules/duels';
import { playerRoom } from './player-room';

export const STATS_ROOM = 'game-stats';
const IS_CONNECTED_TIMEOUT_MS = 1_500;
/** Sockets per slice of a gameStats push (docs/game-events.md). */
export const STATS_SLICE = 250;

/** An emitter usable before the server exists: compose builds the module first, then binds io. */
export function createSocketIoEmitter(): { emitter: GameEmitter; bind(io: Server): void } {
  let io: Server | null = null;
  /** The sockets in a room (a socket id is one), asked of every node; none when one does not answer in time. */
  const socketsIn = async (room: string) => (io ? io.in(room).timeout(IS_CONNECTED_TIMEOUT_MS).fetchSockets().catch(() => []) : []);
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
    unwatchStats(socketId) {
      const local = io?.sockets.sockets.get(socketId);
      if (local) void local.leave(STATS_ROOM);
      else io?.in(socketId).socketsLeave(STATS_ROOM);
    },
    // Every node pushes the same (shared) counts to its own watchers: through the adapter each
    // watcher would get one push per node.
    // A node that is going away may not answer: after a short wait the socket counts as unknown.
    async isConnected(socketId) {
      return socketId !== '' && (await socketsIn(socketId)).length > 0;
    },
    // Every signed-in socket is in its wallet's room (tournament-notifier.ts), on whichever node.
    async socketOfPlayer(walletAddress) {
      return (await socketsIn(playerRoom(walletAddress)))[0]?.id ?? null;
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
    // In slices of STATS_SLICE sockets, one per turn of the event loop: one burst to thousands of
    // sockets would hold the loop (and every game's timers) for tens of ms.
    toStatsWatchers(payload) {
      const watchers = io?.sockets.adapter.rooms.get(STATS_ROOM);
      if (!io || !watchers || watchers.size === 0) return;
      const server = io;
      const ids = [...watchers];
      const sendFrom = (start: number): void => {
        server.local.to(ids.slice(start, start + STATS_SLICE)).emit('gameStats', payload);
        if (start + STATS_SLICE < ids.length) setImmediate(() => sendFrom(start + STATS_SLICE));
      };
      sendFrom(0);
    },
  };
  return {
    emitter,
    bind(server) {
      io = server;
    },
  };
}
