// The per-address socket cap (docs/security.md 23, socket/connection-cap.ts) counted once over every
// node, so an address holds at most the cap in total wherever its sockets land.
//
// Keys (all under `prefix`):
//   conn:<address>       set of that address's open sockets, one member `<token>@<instance>` each
//   conn-node:<instance> that node instance's heartbeat, with a TTL, refreshed every ttlMs / 4
//
// Why a member per socket rather than a counter per node: ioredis sends a command again after a
// reconnect when its answer was lost, and a member added twice is still one socket where a
// counter would count it twice, forever. Why a heartbeat: a node that dies never sends its
// disconnects, so its members count only while its heartbeat lives; the next acquire for the
// address that finds them dead removes them. The instance is the node id plus a random part of
// its own, so a node restarted under the same id never inherits the sockets of its previous run.
// A live node whose heartbeat lapsed anyway (a stall longer than the TTL) may have had its members
// removed: it takes no new socket until it has written them back from memory with its heartbeat.
//
// Left behind by a node that dies: its members of an address that never connects again (a few
// bytes each; removed at that address's next connection).
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const DEFAULT_CONNECTION_COUNTS_TTL_MS = 10_000;

export interface RedisConnectionCountsOptions {
  /** This node's id (a readable part of its keys). */
  readonly nodeId: string;
  readonly prefix: string;
  /** How long a node's sockets keep counting after its last heartbeat. Default 10 s. */
  readonly ttlMs?: number;
  /** A heartbeat that failed (Redis unreachable…); the next one tries again. */
  readonly onError?: (error: unknown) => void;
}

/** socket/connection-cap.ts's ConnectionCounts, shared by every node, with this node's lifetime. */
export interface RedisConnectionCounts {
  tryAcquire(address: string, max: number): Promise<boolean>;
  release(address: string): Promise<void>;
  /** Stops the heartbeat and leaves this node's sockets to stop counting when it lapses: a crash. */
  stop(): void;
  /** Stops the heartbeat and stops counting this node's sockets at once: a graceful shutdown. */
  close(): Promise<void>;
}

// KEYS: the address's set, this node's heartbeat. ARGV: the cap, the new member, the heartbeat
// keys' prefix. Answers 1 counted, 0 at the cap, -1 this node's heartbeat lapsed (nothing done).
const ACQUIRE = `
if redis.call('EXISTS', KEYS[2]) == 0 then return -1 end
if redis.call('SISMEMBER', KEYS[1], ARGV[2]) == 1 then return 1 end
local alive = {}
local count = 0
for _, member in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local node = string.match(member, '^[^@]*@(.*)$') or ''
  if alive[node] == nil then alive[node] = redis.call('EXISTS', ARGV[3] .. node) == 1 end
  if alive[node] then count = count + 1 else redis.call('SREM', KEYS[1], member) end
end
if count >= tonumber(ARGV[1]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[2])
return 1`;

/** How often one acquire writes this node back after finding its heartbeat lapsed. */
const ACQUIRE_ATTEMPTS = 3;

export function createRedisConnectionCounts(redis: Redis, options: RedisConnectionCountsOptions): RedisConnectionCounts {
  const ttlMs = options.ttlMs ?? DEFAULT_CONNECTION_COUNTS_TTL_MS;
  const onError = options.onError ?? (() => {});
  const instance = `${options.nodeId}/${randomBytes(6).toString('hex')}`;
  const heartbeatPrefix = `${options.prefix}conn-node:`;
  const heartbeat = `${heartbeatPrefix}${instance}`;
  const setKey = (address: string): string => `${options.prefix}conn:${address}`;

  // This node's members per address: what it writes back after a lapse.
  const members = new Map<string, Set<string>>();
  // Members that may be in Redis but must not be (a release or an acquire whose answer was an
  // error): removed at the next beats until Redis confirms.
  const strays: { key: string; member: string }[] = [];
  // Acquires sent and not answered yet: a write-back waits for them so that it knows every member.
  const pending = new Set<Promise<unknown>>();
  let revival: Promise<void> | null = null;
  let beating: Promise<void> | null = null;
  let stopped = false;
  let closed = false;

  async function writeBack(): Promise<void> {
    await Promise.allSettled([...pending]);
    const transaction = redis.multi();
    for (const [address, own] of members) if (own.size > 0) transaction.sadd(setKey(address), ...own);
    transaction.set(heartbeat, '1', 'PX', ttlMs);
    throwFirstError(await transaction.exec());
  }

  /** Writes this node's members and heartbeat back, once however many callers ask at a time. */
  function revive(): Promise<void> {
    revival ??= writeBack().finally(() => {
      revival = null;
    });
    return revival;
  }

  async function beat(): Promise<void> {
    if ((await redis.pexpire(heartbeat, ttlMs)) !== 1 && !stopped) await revive();
    const retried = strays.splice(0);
    if (retried.length === 0) return;
    const pipeline = redis.pipeline();
    for (const { key, member } of retried) pipeline.srem(key, member);
    const replies = (await pipeline.exec()) ?? [];
    retried.forEach((stray, index) => {
      if (replies[index]?.[0] !== null) strays.push(stray);
    });
  }

  function tick(): void {
    if (beating || stopped) return;
    beating = beat()
      .catch(onError)
      .finally(() => {
        beating = null;
      });
  }

  // Sent before anything else on this connection, so the first acquire finds the heartbeat.
  revive().catch(onError);
  const timer = setInterval(tick, Math.max(1, Math.floor(ttlMs / 4)));
  // The heartbeat alone must not keep the process alive; the server stops it when it shuts down.
  timer.unref();

  /** One try: 1 counted, 0 at the cap, -1 this node must be written back first. */
  function attempt(address: string, member: string, max: number): Promise<number> {
    const sent = redis.eval(ACQUIRE, 2, setKey(address), heartbeat, String(max), member, heartbeatPrefix).then(
      (answer) => {
        if (answer === 1) {
          const own = members.get(address) ?? new Set<string>();
          own.add(member);
          members.set(address, own);
        }
        return Number(answer);
      },
      (error: unknown) => {
        // The script may have run before the answer was lost.
        strays.push({ key: setKey(address), member });
        throw error;
      },
    );
    pending.add(sent);
    const done = (): void => void pending.delete(sent);
    sent.then(done, done);
    return sent;
  }

  function stop(): void {
    stopped = true;
    clearInterval(timer);
  }

  return {
    async tryAcquire(address, max) {
      if (closed) throw new Error('the connection counts are closed');
      const member = `${randomBytes(9).toString('base64url')}@${instance}`;
      for (let tries = 0; tries < ACQUIRE_ATTEMPTS; tries += 1) {
        const answer = await attempt(address, member, max);
        if (answer !== -1) return answer === 1;
        await revive();
      }
      throw new Error(`the heartbeat of ${instance} keeps lapsing`);
    },
    async release(address) {
      const own = members.get(address);
      const member = own?.values().next().value;
      if (!own || member === undefined) return;
      own.delete(member);
      if (own.size === 0) members.delete(address);
      if (closed) return;
      try {
        await redis.srem(setKey(address), member);
      } catch (error) {
        strays.push({ key: setKey(address), member });
        throw error;
      }
    },
    stop,
    async close() {
      stop();
      closed = true;
      await beating;
      await revival?.catch(() => undefined);
      const transaction = redis.multi().del(heartbeat);
      for (const [address, own] of members) if (own.size > 0) transaction.srem(setKey(address), ...own);
      for (const { key, member } of strays.splice(0)) transaction.srem(key, member);
      members.clear();
      throwFirstError(await transaction.exec());
    },
  };
}

/** EXEC answers each command's error in its reply instead of rejecting: surface the first one. */
function throwFirstError(replies: [error: Error | null, result: unknown][] | null): void {
  if (replies === null) throw new Error('Redis transaction was aborted');
  for (const [error] of replies) if (error) throw error;
}
