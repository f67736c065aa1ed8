// A game's spectators' room is sent to only when someone may be in it (docs/spectating.md). With
// the Redis adapter a room emit is a publish that every node reads and decodes, twice a round for
// every game, spectators or none: the one event of a game whose two players are on its own node
// that would still cross nodes (docs/several-nodes.md). The game's node counts its spectators
// (spectators.ts), each counted only after it joined the room, so a game nobody counts sends
// nothing there. A game this node took over keeps sending: the spectators of its former node stay
// in the room without being counted here.
import type { GameEmitter } from './ports';
import { watchRoom } from './spectators';

const WATCH_PREFIX = watchRoom('');

export interface WatchedGames {
  /** Spectators counted on this node for the game. */
  count(sessionId: string): number;
  /** Whether this node took the game over from another (its spectators there are not counted here). */
  inherited(sessionId: string): boolean;
}

export function roomsWithWatchers(emitter: GameEmitter, games: WatchedGames): GameEmitter {
  return {
    toSocket: (socketId, event, payload) => emitter.toSocket(socketId, event, payload),
    toPlayer: (walletAddress, event, payload) => emitter.toPlayer(walletAddress, event, payload),
    watchStats: (socketId) => emitter.watchStats(socketId),
    unwatchStats: (socketId) => emitter.unwatchStats(socketId),
    toStatsWatchers: (payload) => emitter.toStatsWatchers(payload),
    isConnected: (socketId) => emitter.isConnected(socketId),
    socketOfPlayer: (walletAddress) => emitter.socketOfPlayer(walletAddress),
    joinRoom: (socketId, room) => emitter.joinRoom(socketId, room),
    leaveRoom: (socketId, room) => emitter.leaveRoom(socketId, room),
    toRoom(room, event, payload) {
      if (room.startsWith(WATCH_PREFIX)) {
        const sessionId = room.slice(WATCH_PREFIX.length);
        if (games.count(sessionId) === 0 && !games.inherited(sessionId)) return;
      }
      emitter.toRoom(room, event, payload);
    },
  };
}
