// Who is online and which game each player is in, in this process's memory. The Redis version
// (a later issue) makes claimPlayer one atomic compare-and-set shared by every node.
import type { Presence } from '../../modules/duels';

export function createInProcessPresence(): Presence {
  const sockets = new Set<string>();
  const players = new Map<string, string>();

  return {
    async socketConnected(socketId) {
      sockets.add(socketId);
    },
    async socketDisconnected(socketId) {
      sockets.delete(socketId);
    },
    async onlineCount() {
      return sockets.size;
    },
    async claimPlayer(playerKey, sessionId, expected = null) {
      if ((players.get(playerKey) ?? null) !== expected) return false;
      players.set(playerKey, sessionId);
      return true;
    },
    async releasePlayer(playerKey, sessionId) {
      if (players.get(playerKey) === sessionId) players.delete(playerKey);
    },
    async gameOf(playerKey) {
      return players.get(playerKey) ?? null;
    },
  };
}
