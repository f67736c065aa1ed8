// Matchmaking queues and invites in Redis, so every node sees one FIFO of waiting games per stake
// tier and one set of invite codes. Same semantics as the in-process queue: a list per tier
// (`<prefix>queue:<tier>`, oldest at the head), when each of its games was queued in a hash
// beside it (`<prefix>queued-at:<tier>`, by Redis's own clock, so that nodes' clocks never
// matter: docs/several-nodes.md), and one key per invite (`<prefix>invite:<code>`), each method
// one atomic step. Keys per invite rather than one hash, so that an invite could be given a TTL
// of its own without touching the others.
import type { Redis } from 'ioredis';
import type { MatchQueue } from '../../modules/duels';

// Redis's clock in ms, as a string (no float on the way).
const NOW_MS = `local function now_ms()
  local t = redis.call('TIME')
  return t[1] .. string.format('%03d', math.floor(tonumber(t[2]) / 1000))
end
`;

// KEYS[1] the tier's list, KEYS[2] its queued-at hash. ARGV: session id, 'front' or 'back', when
// it was queued ('' now). One script, so no other client sees the game missing or queued twice,
// or shifts it, between the LREM and the push: like the in-process Map's delete + set, a game is
// never queued twice.
const PUSH = `${NOW_MS}
redis.call('LREM', KEYS[1], 0, ARGV[1])
if ARGV[2] == 'front' then
  redis.call('LPUSH', KEYS[1], ARGV[1])
else
  redis.call('RPUSH', KEYS[1], ARGV[1])
end
local at = ARGV[3]
if at == '' then at = now_ms() end
redis.call('HSET', KEYS[2], ARGV[1], at)
return 0`;

// KEYS as PUSH. Redis deletes a list (and a hash) when its last element goes, as the in-process
// queue drops an empty tier.
const SHIFT = `
local entry = redis.call('LPOP', KEYS[1])
if entry then redis.call('HDEL', KEYS[2], entry) end
return entry`;

const REMOVE = `
local removed = redis.call('LREM', KEYS[1], 0, ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return removed`;

// KEYS as PUSH, ARGV[1] how many. Answers Redis's now, then each entry and when it was queued ('' unknown).
const WAITING = `${NOW_MS}
local entries = redis.call('LRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)
local answer = { now_ms() }
for _, entry in ipairs(entries) do
  answer[#answer + 1] = entry
  answer[#answer + 1] = redis.call('HGET', KEYS[2], entry) or ''
end
return answer`;

export function createRedisMatchQueue(redis: Redis, prefix = 'dd:'): MatchQueue {
  const keys = (tier: string): [string, string] => [`${prefix}queue:${tier}`, `${prefix}queued-at:${tier}`];
  const inviteKey = (code: string): string => `${prefix}invite:${code}`;

  return {
    async push(tier, sessionId, front = false, queuedAt = null) {
      await redis.eval(PUSH, 2, ...keys(tier), sessionId, front ? 'front' : 'back', queuedAt === null ? '' : String(queuedAt));
    },
    async shift(tier) {
      return (await redis.eval(SHIFT, 2, ...keys(tier))) as string | null;
    },
    async waiting(tier, limit) {
      const [now, ...pairs] = (await redis.eval(WAITING, 2, ...keys(tier), String(limit))) as string[];
      const games = [];
      for (let i = 0; i + 1 < pairs.length; i += 2) {
        const queuedAt = pairs[i + 1] ? Number(pairs[i + 1]) : null;
        games.push({ entry: pairs[i]!, queuedAt, waitedMs: queuedAt === null ? null : Number(now) - queuedAt });
      }
      return games;
    },
    async remove(tier, sessionId) {
      return (await redis.eval(REMOVE, 2, ...keys(tier), sessionId)) === 1;
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
