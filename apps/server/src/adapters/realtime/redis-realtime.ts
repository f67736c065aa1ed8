// Several nodes on one Redis (docs/several-nodes.md): the Socket.IO adapter, so an event for a
// socket reaches it on whichever node it is connected to; the shared match queue, invites,
// presence and tier locks; and the bus that carries a game's commands to the node that holds it.
// Which adapter and why: socket-adapter.ts. Each part has its own connection where Redis needs
// it: a subscribed connection sends nothing else.
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import type { MatchQueue, NodeBus, Presence, TierLocks } from '../../modules/duels';
import { type RedisConnectionCounts, createRedisConnectionCounts } from './redis-connection-counts';
import { type Leadership, type LeadershipOptions, createRedisLeadership } from './redis-leadership';
import { createRedisMatchQueue } from './redis-match-queue';
import { createRedisNodeBus } from './redis-node-bus';
import { createRedisPresence } from './redis-presence';
import { createRedisTierLocks } from './redis-tier-locks';
import { attachRedisSocketAdapter } from './socket-adapter';

export interface RedisRealtime {
  readonly matchQueue: MatchQueue;
  readonly presence: Presence;
  readonly tierLocks: TierLocks;
  readonly bus: NodeBus;
  /** The node that leads now (redis-leadership.ts), or null. */
  leader(): Promise<string | null>;
  /** The HTTP rate limits' counters, shared by every node. */
  readonly rateLimitStore: { readonly redis: Redis; readonly nameSpace: string };
  /** The per-address socket cap's count, shared by every node (redis-connection-counts.ts). */
  readonly connectionCounts: RedisConnectionCounts;
  /** Takes part in choosing the one node that runs the singleton work (redis-leadership.ts). */
  lead(hooks: Pick<LeadershipOptions, 'gained' | 'lost' | 'report'>): Promise<Leadership>;
  /** Puts the Socket.IO server on the Redis adapter (before any connection); resolves once it hears the other nodes. */
  attach(io: Server): Promise<void>;
  close(): Promise<void>;
}

/** How long a start waits for Redis before it says it cannot reach it. */
const CONNECT_TIMEOUT_MS = 5_000;

export class RedisUnreachable extends Error {
  constructor(url: string, cause: unknown) {
    super(`REDIS_URL: cannot reach Redis at ${url} (${cause instanceof Error ? cause.message : String(cause)})`);
    this.name = 'RedisUnreachable';
  }
}

function open(url: string): Redis {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 3 });
  // Connecting reports its failure through connect()'s rejection; later errors go to the report.
  redis.on('error', () => undefined);
  return redis;
}

/** Answers once Redis at `url` answers PING; throws RedisUnreachable otherwise. */
export async function pingRedis(url: string): Promise<void> {
  const probe = open(url);
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new RedisUnreachable(url, error);
  } finally {
    probe.disconnect();
  }
}

export async function openRedisRealtime(url: string, options: { nodeId: string; prefix: string; report: (error: unknown, message: string) => void }): Promise<RedisRealtime> {
  const commands = open(url);
  const subscriber = open(url);
  const adapterSubscriber = open(url);
  const connections = [commands, subscriber, adapterSubscriber];
  try {
    await Promise.all(connections.map((connection) => connection.connect()));
    await commands.ping();
  } catch (error) {
    connections.forEach((connection) => connection.disconnect());
    throw new RedisUnreachable(url, error);
  }
  for (const connection of connections) connection.on('error', (error: unknown) => options.report(error, 'redis connection error'));
  const { prefix, nodeId } = options;
  const presence = createRedisPresence(commands, { nodeId, prefix, onError: (error) => options.report(error, 'presence heartbeat failed') });
  const bus = await createRedisNodeBus(commands, subscriber, { nodeId, prefix });
  const connectionCounts = createRedisConnectionCounts(commands, { nodeId, prefix, onError: (error) => options.report(error, 'connection counts heartbeat failed') });
  return {
    matchQueue: createRedisMatchQueue(commands, prefix),
    presence,
    tierLocks: createRedisTierLocks(commands, { prefix }),
    bus,
    leader: () => commands.get(`${prefix}leader`),
    rateLimitStore: { redis: commands, nameSpace: `${prefix}rate-limit:` },
    connectionCounts,
    lead: (hooks) => createRedisLeadership(commands, { nodeId, prefix, ...hooks }),
    attach: (io) => attachRedisSocketAdapter(io, commands, adapterSubscriber, prefix),
    async close() {
      await bus.close();
      await presence.close();
      await connectionCounts.close();
      await Promise.all(connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
    },
  };
}
