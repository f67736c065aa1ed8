// A port whose nodes share state (MatchQueue, Presence, ConnectionCounts), run on every
// implementation: in-process always, Redis too when TEST_REDIS_URL is set. Each test gets a fresh
// "space" on which it opens one or more nodes: on Redis a random key prefix, its keys deleted and
// connections closed afterwards, and every node with its own connection and node id, as separate
// server processes would; in-process, every node is the one process's object.
//
//   describe.each(spaceTargets(() => createInProcessX(), redisX))('x on $kind', (target) => {
//     let space: Space<X>;
//     useSpace(() => target.open(), (opened) => (space = opened));
//     … space.node(), space.crash(node), space.outliveHeartbeats() …
//   });
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, beforeEach } from 'vitest';
import { outliveTtls } from './redis-expiry';

/**
 * The heartbeat TTL of the tests that let one lapse: a second to wait out, long enough that a
 * pause of a busy machine (every node beats from this one process) never lapses a live node.
 */
export const HEARTBEAT_TTL_MS = 1_000;
/** A dead node stops counting within one TTL; this only catches a hang. */
export const LAPSE = { timeout: 15_000, interval: 50 };

export interface NodeOptions {
  readonly ttlMs?: number;
  readonly nodeId?: string;
}

export interface Space<Node> {
  node(options?: NodeOptions): Node;
  /** The node dies without a goodbye: its heartbeat stops, its keys stay to expire. */
  crash(node: Node): void;
  /** The node shuts down gracefully. */
  shutDown(node: Node): Promise<void>;
  /** Resolves once every node's heartbeat, as it stands, would have lapsed by the store's own clock. */
  outliveHeartbeats(): Promise<void>;
  close(): Promise<void>;
}

export interface RedisSpace<Node> extends Space<Node> {
  readonly prefix: string;
  /** A connection of the test's own, to look at the keys. */
  readonly admin: Redis;
}

export interface SpaceTarget<Node> {
  readonly kind: string;
  /** Whether nodes live apart (their own state and lifetime), so that one can die alone. */
  readonly separateNodes: boolean;
  open(): Space<Node>;
}

/** What keeps a Redis node counted: stop() is a crash, close() a graceful shutdown. */
export interface Heartbeat {
  stop(): void;
  close(): Promise<void>;
}

/** How the Redis implementation makes a node. */
export interface RedisNodes<Node> {
  /** One node on a connection of its own, under the space's prefix. */
  open(redis: Redis, settings: { readonly nodeId: string; readonly prefix: string; readonly ttlMs?: number }): { node: Node; heartbeat: Heartbeat };
  /** The pattern of the nodes' heartbeat keys, after the prefix (`node:*`). */
  readonly heartbeatKeys: string;
}

export const testRedisUrl = (env: Readonly<Record<string, string | undefined>> = process.env): string | undefined => env.TEST_REDIS_URL?.trim() || undefined;

/** In-process, then Redis when TEST_REDIS_URL is set. `inProcess` makes the one node of a space. */
export function spaceTargets<Node>(inProcess: () => Node, redis: RedisNodes<Node>, env: Readonly<Record<string, string | undefined>> = process.env): SpaceTarget<Node>[] {
  const targets: SpaceTarget<Node>[] = [{ kind: 'in-process', separateNodes: false, open: () => inProcessSpace(inProcess()) }];
  const url = testRedisUrl(env);
  if (url) targets.push({ kind: 'redis', separateNodes: true, open: () => openRedisSpace(url, redis) });
  return targets;
}

/** Every node is `node`: one process, so none can stop alone. */
export function inProcessSpace<Node>(node: Node): Space<Node> {
  const apart = (): never => {
    throw new Error('in-process nodes are one process: none can stop alone');
  };
  return { node: () => node, crash: apart, shutDown: apart, outliveHeartbeats: apart, close: async () => {} };
}

export function openRedisSpace<Node>(url: string, nodes: RedisNodes<Node>): RedisSpace<Node> {
  const prefix = `dd:test:${randomBytes(6).toString('hex')}:`;
  const admin = new Redis(url);
  const connections: Redis[] = [admin];
  const heartbeats = new Map<Node, Heartbeat>();
  const heartbeatOf = (node: Node): Heartbeat => {
    const heartbeat = heartbeats.get(node);
    if (!heartbeat) throw new Error('not a node of this space');
    return heartbeat;
  };
  return {
    prefix,
    admin,
    node(options = {}) {
      const redis = new Redis(url);
      connections.push(redis);
      const { node, heartbeat } = nodes.open(redis, { nodeId: options.nodeId ?? randomBytes(4).toString('hex'), prefix, ttlMs: options.ttlMs });
      heartbeats.set(node, heartbeat);
      return node;
    },
    crash: (node) => heartbeatOf(node).stop(),
    shutDown: (node) => heartbeatOf(node).close(),
    outliveHeartbeats: async () => outliveTtls(admin, await admin.keys(`${prefix}${nodes.heartbeatKeys}`)),
    async close() {
      await Promise.all([...heartbeats.values()].map((heartbeat) => heartbeat.close()));
      let cursor = '0';
      do {
        const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length > 0) await admin.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await Promise.all(connections.map((connection) => connection.quit()));
    },
  };
}

/** A fresh space for each test, closed after it. */
export function useSpace<S extends Space<unknown>>(open: () => S, opened: (space: S) => void): void {
  let space: S | undefined;
  beforeEach(() => {
    space = open();
    opened(space);
  });
  afterEach(() => space?.close());
}
