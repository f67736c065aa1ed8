// Presence shared by every node through Redis: one "active game" per wallet, and the number of
// sockets open on all the nodes together.
//
// Keys (all under `prefix`, so tests and deployments sharing one Redis stay apart):
//   player:<playerKey>  the player's active game (session id); claimPlayer is a compare-and-set
//   nodes               the set of node ids that may hold sockets
//   node:<nodeId>       that node's heartbeat, with a TTL, refreshed every ttlMs / 3
//   online:<nodeId>     the set of that node's open socket ids
//
// Why a set per node plus a heartbeat, rather than one shared counter: a node that dies (kill -9,
// lost network) never sends its disconnects, so a shared counter would keep its sockets forever.
// Here each node's sockets only count while its heartbeat key lives, so a dead node's sockets stop
// counting within the TTL, and the first onlineCount that sees a lapsed heartbeat removes that
// node's keys. A live node whose heartbeat lapsed anyway (a stall longer than the TTL) rewrites
// its set from memory at its next beat, so being forgotten by the others is never permanent.
//
// Not released with a dead node: its players' claims (player:*). They hold no node id, so they
// stay until their game's node releases them.
import type { Redis } from 'ioredis';
import type { Presence } from '../../modules/duels';

export const DEFAULT_PRESENCE_TTL_MS = 15_000;

export interface RedisPresenceOptions {
  /** This process's id, unique among the live nodes (random per start is fine). */
  nodeId: string;
  prefix?: string;
  /** How long a node's sockets keep counting after its last heartbeat. Default 15 s. */
  ttlMs?: number;
  /** A heartbeat that failed (Redis unreachable…); the next one, ttlMs / 3 later, tries again. */
  onError?: (error: unknown) => void;
}

export interface RedisPresence extends Presence {
  /** Stops the heartbeat and leaves this node's keys to expire: what a crash looks like to the others. */
  stop(): void;
  /** Stops the heartbeat and removes this node's sockets at once: a graceful shutdown. */
  close(): Promise<void>;
}

// KEYS[1] player key. ARGV: new session id, '1' when an expected game is given, the expected game.
// GET returns false for a missing key, so "expected none" means "key absent".
const CLAIM = `
local current = redis.call('GET', KEYS[1])
if ARGV[2] == '1' then
  if current ~= ARGV[3] then return 0 end
elseif current then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1])
return 1`;

// KEYS[1] player key. ARGV[1] the session that must still hold it.
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

// KEYS: heartbeat, online set, node registry. ARGV[1] node id. Checked and removed in one step,
// so a node that beats again in between is never forgotten after its beat.
const FORGET_IF_DEAD = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('SREM', KEYS[3], ARGV[1])
return 1`;

export function createRedisPresence(redis: Redis, options: RedisPresenceOptions): RedisPresence {
  const prefix = options.prefix ?? 'dd:';
  const ttlMs = options.ttlMs ?? DEFAULT_PRESENCE_TTL_MS;
  const onError = options.onError ?? (() => {});
  const nodesKey = `${prefix}nodes`;
  const heartbeatKey = (nodeId: string): string => `${prefix}node:${nodeId}`;
  const onlineKey = (nodeId: string): string => `${prefix}online:${nodeId}`;
  const playerKey = (key: string): string => `${prefix}player:${key}`;
  const ownHeartbeat = heartbeatKey(options.nodeId);
  const ownOnline = onlineKey(options.nodeId);

  // This node's sockets, kept in memory too so the Redis set can be rewritten after a lapse.
  const sockets = new Set<string>();
  let stopped = false;
  let beating: Promise<void> | null = null;

  /** `rewrite`: write this node's keys whole without asking first (the first beat). */
  async function beat(rewrite: boolean): Promise<void> {
    if (!rewrite && ((await redis.pexpire(ownHeartbeat, ttlMs)) === 1 || stopped)) return;
    // First beat, or the heartbeat lapsed and another node may have removed our set: write it
    // all again from memory. Built when it is sent, so it holds every connect sent before it,
    // and later ones follow it on the same connection.
    const transaction = redis.multi().del(ownOnline);
    if (sockets.size > 0) transaction.sadd(ownOnline, ...sockets);
    transaction.set(ownHeartbeat, '1', 'PX', ttlMs).sadd(nodesKey, options.nodeId);
    throwFirstError(await transaction.exec());
  }

  function tick(rewrite = false): void {
    // A beat slower than the interval is not doubled: the next tick tries again.
    if (beating || stopped) return;
    beating = beat(rewrite)
      .catch(onError)
      .finally(() => {
        beating = null;
      });
  }

  // Sent before anything else on this connection, so this node is registered before its first
  // socket or count: a node never misses its own sockets.
  tick(true);
  const timer = setInterval(() => tick(), Math.max(1, Math.floor(ttlMs / 3)));
  // The heartbeat alone must not keep the process alive; the server stops it when it shuts down.
  timer.unref();

  function stop(): void {
    stopped = true;
    clearInterval(timer);
  }

  return {
    async socketConnected(socketId) {
      sockets.add(socketId);
      await redis.sadd(ownOnline, socketId);
    },
    async socketDisconnected(socketId) {
      sockets.delete(socketId);
      await redis.srem(ownOnline, socketId);
    },
    async onlineCount() {
      const nodes = await redis.smembers(nodesKey);
      if (nodes.length === 0) return 0;
      const pipeline = redis.pipeline();
      for (const nodeId of nodes) pipeline.exists(heartbeatKey(nodeId)).scard(onlineKey(nodeId));
      const replies = await pipeline.exec();
      if (replies === null) throw new Error('Redis pipeline was aborted');
      let total = 0;
      const dead: string[] = [];
      nodes.forEach((nodeId, index) => {
        const [aliveError, alive] = replies[index * 2] ?? [null, 0];
        const [countError, count] = replies[index * 2 + 1] ?? [null, 0];
        if (aliveError) throw aliveError;
        if (countError) throw countError;
        if (alive === 1) total += Number(count);
        else dead.push(nodeId);
      });
      await Promise.all(dead.map((nodeId) => redis.eval(FORGET_IF_DEAD, 3, heartbeatKey(nodeId), onlineKey(nodeId), nodesKey, nodeId)));
      return total;
    },
    async claimPlayer(key, sessionId, expected = null) {
      const args = expected === null ? [sessionId, '0', ''] : [sessionId, '1', expected];
      return (await redis.eval(CLAIM, 1, playerKey(key), ...args)) === 1;
    },
    async releasePlayer(key, sessionId) {
      await redis.eval(RELEASE, 1, playerKey(key), sessionId);
    },
    async gameOf(key) {
      return redis.get(playerKey(key));
    },
    stop,
    async close() {
      stop();
      // A beat in flight could otherwise write the keys again after they are removed.
      await beating;
      sockets.clear();
      throwFirstError(await redis.multi().del(ownHeartbeat, ownOnline).srem(nodesKey, options.nodeId).exec());
    },
  };
}

/** EXEC answers each command's error in its reply instead of rejecting: surface the first one. */
function throwFirstError(replies: [error: Error | null, result: unknown][] | null): void {
  if (replies === null) throw new Error('Redis transaction was aborted');
  for (const [error] of replies) if (error) throw error;
}
