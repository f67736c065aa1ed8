// Matchmaking queues and invites in this process's memory: one FIFO of waiting games per stake
// tier, and invite codes. The Redis version (a later issue) keeps the same shape in lists and
// hashes so every node sees one queue.
import type { MatchQueue } from '../../modules/duels';

export function createInProcessMatchQueue(): MatchQueue {
  // A Set keeps insertion order: the oldest waiting game is the first entry.
  const tiers = new Map<string, Set<string>>();
  const invites = new Map<string, string>();

  const tier = (name: string): Set<string> => {
    let queue = tiers.get(name);
    if (!queue) {
      queue = new Set();
      tiers.set(name, queue);
    }
    return queue;
  };

  return {
    async push(name, sessionId, front = false) {
      const queue = tier(name);
      queue.delete(sessionId);
      if (front) tiers.set(name, new Set([sessionId, ...queue]));
      else queue.add(sessionId);
    },
    async shift(name) {
      const queue = tiers.get(name);
      const first = queue?.values().next();
      if (!queue || !first || first.done) return null;
      queue.delete(first.value);
      if (queue.size === 0) tiers.delete(name);
      return first.value;
    },
    async remove(name, sessionId) {
      const queue = tiers.get(name);
      if (!queue) return;
      queue.delete(sessionId);
      if (queue.size === 0) tiers.delete(name);
    },
    async addInvite(code, sessionId) {
      invites.set(code, sessionId);
    },
    async findInvite(code) {
      return invites.get(code) ?? null;
    },
    async removeInvite(code) {
      invites.delete(code);
    },
  };
}
