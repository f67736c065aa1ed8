// Matchmaking queues and invites in Redis, so every node sees one FIFO of waiting games per stake
// tier and one set of invite codes. Same semantics as the in-process queue: a list per tier
// (`<prefix>queue:<tier>`, oldest at the head) and one key per invite (`<prefix>invite:<code>`),
// each method one atomic step. Keys per invite rather than one hash, so that an invite could be
// given a TTL of its own without touching the others.
import type { Redis } from 'ioredis';
import type { MatchQueue } from '../../modules/duels';

// KEYS[1] the tier's list. ARGV: session id, 'front' or 'back'. One script, so no other client
// sees the game missing or queued twice, or shifts it, between the LREM and the push: like the
// in-process Set's delete + add, a game is never queued twice.
const PUSH = `
redis.call('LREM', KEYS[1], 0, ARGV[1])
if ARGV[2] == 'front' then
  redis.call('LPUSH', KEYS[1], ARGV[1])
else
  redis.call('RPUSH', KEYS[1], ARGV[1])
end
return 0`;

export function createRedisMatchQueue(redis: Redis, prefix = 'dd:'): MatchQueue {
  const queueKey = (tier: string): string => `${prefix}queue:${tier}`;
  const inviteKey = (code: string): string => `${prefix}invite:${code}`;

  return {
    async push(tier, sessionId, front = false) {
      await redis.eval(PUSH, 1, queueKey(tier), sessionId, front ? 'front' : 'back');
    },
    async shift(tier) {
      // Redis deletes a list when its last element goes, as the in-process queue drops an empty tier.
      return redis.lpop(queueKey(tier));
    },
    async remove(tier, sessionId) {
      await redis.lrem(queueKey(tier), 0, sessionId);
    },
    async addInvite(code, sessionId) {
      await redis.set(inviteKey(code), sessionId);
    },
    async findInvite(code) {
      return redis.get(inviteKey(code));
    },
    async removeInvite(code) {
      await redis.del(inviteKey(code));
    },
  };
}
