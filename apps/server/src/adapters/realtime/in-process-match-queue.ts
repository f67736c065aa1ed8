// Matchmaking queues and invites in this process's memory: one FIFO of waiting games per stake
// tier, and invite codes. The Redis version (redis-match-queue.ts) keeps the same shape in lists
// and keys so every node sees one queue.
import type { MatchQueue } from '../../modules/duels';

export function createInProcessMatchQueue(now: () => number = Date.now): MatchQueue {
  // A Map keeps insertion order: the oldest waiting game is the first entry; its value is when it was queued.
  const tiers = new Map<string, Map<string, number>>();
  const invites = new Map<string, string>();

  const tier = (name: string): Map<string, number> => {
    let queue = tiers.get(name);
    if (!queue) {
      queue = new Map();
      tiers.set(name, queue);
    }
    return queue;
  };

  return {
    async push(name, sessionId, front = false, queuedAt = null) {
      const queue = tier(name);
      const at = queuedAt ?? now();
      queue.delete(sessionId);
      if (front) tiers.set(name, new Map([[sessionId, at], ...queue]));
      else queue.set(sessionId, at);
    },
    async shift(name) {
      const queue = tiers.get(name);
      const first = queue?.keys().next();
      if (!queue || !first || first.done) return null;
      queue.delete(first.value);
      if (queue.size === 0) tiers.delete(name);
      return first.value;
    },
    async waiting(name, limit) {
      const at = now();
      return [...(tiers.get(name) ?? [])].slice(0, limit).map(([entry, queuedAt]) => ({ entry, queuedAt, waitedMs: at - queuedAt }));
    },
    async remove(name, sessionId) {
      const queue = tiers.get(name);
      if (!queue) return false;
      const removed = queue.delete(sessionId);
      if (queue.size === 0) tiers.delete(name);
      return removed;
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
