// The socket cap's ConnectionCounts (docs/security.md 23) on every implementation: in-process always,
// Redis too when TEST_REDIS_URL is set. On Redis each test has its own key prefix (its keys
// deleted afterwards) and each node its own connection and node id, as separate server processes
// would; in-process, every node is the one process's count.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ConnectionCounts, createInProcessConnectionCounts } from '../../socket/connection-cap';
import { type RedisConnectionCounts, createRedisConnectionCounts } from './redis-connection-counts';
import { outliveTtls } from '../../test-support/redis-expiry';

/**
 * The heartbeat TTL of the tests that let one lapse: a second to wait out, long enough that a
 * pause of a busy machine (every node beats from this one process) never lapses a live node.
 */
const HEARTBEAT_TTL_MS = 1_000;
/** A dead node stops counting within one TTL; this only catches a hang. */
const LAPSE = { timeout: 15_000, interval: 50 };

interface Space {
  node(options?: { ttlMs?: number; nodeId?: string }): ConnectionCounts;
  /** The node dies without a goodbye: its heartbeat stops, its keys stay to expire. */
  crash(node: ConnectionCounts): void;
  /** The node shuts down gracefully. */
  shutDown(node: ConnectionCounts): Promise<void>;
  /** Resolves once every node's heartbeat, as it stands, would have lapsed by the store's own clock. */
  outliveHeartbeats(): Promise<void>;
  close(): Promise<void>;
}

interface Target {
  readonly kind: string;
  /** Whether nodes live apart (their own count and lifetime), so that one can die alone. */
  readonly separateNodes: boolean;
  open(): Space;
}

const redisUrl = process.env.TEST_REDIS_URL?.trim();

function targets(): Target[] {
  const all: Target[] = [{ kind: 'in-process', separateNodes: false, open: openInProcess }];
  if (redisUrl) all.push({ kind: 'redis', separateNodes: true, open: () => openRedis(redisUrl) });
  return all;
}

function openInProcess(): Space {
  const counts = createInProcessConnectionCounts();
  const apart = (): never => {
    throw new Error('in-process nodes are one process: none can stop alone');
  };
  return { node: () => counts, crash: apart, shutDown: apart, outliveHeartbeats: apart, close: async () => {} };
}

function openRedis(url: string): Space & { readonly prefix: string; readonly admin: Redis } {
  const prefix = `dd:test:${randomBytes(6).toString('hex')}:`;
  const admin = new Redis(url);
  const connections: Redis[] = [admin];
  const nodes: RedisConnectionCounts[] = [];
  const own = (node: ConnectionCounts): RedisConnectionCounts => {
    const found = nodes.find((each) => each === node);
    if (!found) throw new Error('not a node of this space');
    return found;
  };
  return {
    prefix,
    admin,
    node(options = {}) {
      const redis = new Redis(url);
      connections.push(redis);
      const counts = createRedisConnectionCounts(redis, { nodeId: options.nodeId ?? randomBytes(4).toString('hex'), prefix, ...(options.ttlMs ? { ttlMs: options.ttlMs } : {}) });
      nodes.push(counts);
      return counts;
    },
    crash: (node) => own(node).stop(),
    shutDown: (node) => own(node).close(),
    outliveHeartbeats: async () => outliveTtls(admin, await admin.keys(`${prefix}conn-node:*`)),
    async close() {
      await Promise.all(nodes.map((node) => node.close()));
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

/** Acquires until refused; answers how many were counted. */
async function fill(counts: ConnectionCounts, address: string, max: number): Promise<number> {
  let taken = 0;
  while (taken <= max && (await counts.tryAcquire(address, max))) taken += 1;
  return taken;
}

describe.each(targets())('connection counts on $kind', (target) => {
  let space: Space;
  beforeEach(() => {
    space = target.open();
  });
  afterEach(() => space.close());

  it('counts an address up to the cap, refuses past it, and a release frees one slot', async () => {
    const counts = space.node();
    for (let i = 0; i < 3; i += 1) expect(await counts.tryAcquire('10.0.0.1', 3)).toBe(true);
    expect(await counts.tryAcquire('10.0.0.1', 3)).toBe(false);
    expect(await counts.tryAcquire('10.0.0.2', 3)).toBe(true);
    await counts.release('10.0.0.1');
    expect(await counts.tryAcquire('10.0.0.1', 3)).toBe(true);
    expect(await counts.tryAcquire('10.0.0.1', 3)).toBe(false);
    for (let i = 0; i < 3; i += 1) await counts.release('10.0.0.1');
    expect(await fill(counts, '10.0.0.1', 3)).toBe(3);
  });

  it('is one budget for every node', async () => {
    const a = space.node();
    const b = space.node();
    expect(await a.tryAcquire('::1', 3)).toBe(true);
    expect(await a.tryAcquire('::1', 3)).toBe(true);
    expect(await b.tryAcquire('::1', 3)).toBe(true);
    expect(await b.tryAcquire('::1', 3)).toBe(false);
    expect(await a.tryAcquire('::1', 3)).toBe(false);
    await a.release('::1');
    expect(await b.tryAcquire('::1', 3)).toBe(true);
    expect(await a.tryAcquire('::1', 3)).toBe(false);
  });

  it('lets exactly the cap of many concurrent acquires from two nodes through', async () => {
    const a = space.node();
    const b = space.node();
    const results = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? a : b).tryAcquire('10.0.0.9', 7)));
    expect(results.filter(Boolean)).toHaveLength(7);
  });

  if (target.separateNodes) {
    it("stops counting a node's sockets once its heartbeat lapses, and keeps counting a live one's", async () => {
      const a = space.node({ ttlMs: HEARTBEAT_TTL_MS });
      const b = space.node({ ttlMs: HEARTBEAT_TTL_MS });
      expect(await fill(a, '10.0.0.3', 3)).toBe(3);
      expect(await b.tryAcquire('10.0.0.3', 4)).toBe(true);
      // Past the first beats' TTL: only the heartbeat's renewals keep a's sockets counted now.
      await space.outliveHeartbeats();
      expect(await b.tryAcquire('10.0.0.3', 4)).toBe(false);

      space.crash(a);
      await vi.waitFor(async () => expect(await b.tryAcquire('10.0.0.3', 4)).toBe(true), LAPSE);
      expect(await fill(b, '10.0.0.3', 4)).toBe(2);
    });

    it("stops counting a node's sockets at once when it shuts down", async () => {
      const a = space.node();
      const b = space.node();
      expect(await fill(a, '10.0.0.4', 2)).toBe(2);
      await space.shutDown(a);
      expect(await fill(b, '10.0.0.4', 2)).toBe(2);
    });

    it('never counts the sockets of an earlier run of a node restarted under the same id', async () => {
      const first = space.node({ nodeId: 'node-same', ttlMs: HEARTBEAT_TTL_MS });
      expect(await fill(first, '10.0.0.5', 2)).toBe(2);
      // Killed, and started again at once under the same id: its heartbeat must not keep the
      // first run's sockets counted.
      space.crash(first);
      const again = space.node({ nodeId: 'node-same', ttlMs: HEARTBEAT_TTL_MS });
      await vi.waitFor(async () => expect(await again.tryAcquire('10.0.0.5', 2)).toBe(true), LAPSE);
      expect(await fill(again, '10.0.0.5', 2)).toBe(1);
    });
  }
});

if (redisUrl) {
  describe('redis connection counts keys', () => {
    let space: ReturnType<typeof openRedis>;
    beforeEach(() => {
      space = openRedis(redisUrl);
    });
    afterEach(() => space.close());

    it("removes a dead node's sockets from the address once another node counts it", async () => {
      const a = space.node({ ttlMs: HEARTBEAT_TTL_MS });
      const b = space.node({ ttlMs: HEARTBEAT_TTL_MS });
      expect(await fill(a, '10.0.0.6', 5)).toBe(5);
      expect(await space.admin.scard(`${space.prefix}conn:10.0.0.6`)).toBe(5);
      space.crash(a);
      await vi.waitFor(async () => expect(await b.tryAcquire('10.0.0.6', 5)).toBe(true), LAPSE);
      expect(await space.admin.scard(`${space.prefix}conn:10.0.0.6`)).toBe(1);
      await b.release('10.0.0.6');
      expect(await space.admin.exists(`${space.prefix}conn:10.0.0.6`)).toBe(0);
    });

    it("writes a live node's sockets back after the others forgot them", async () => {
      const a = space.node({ ttlMs: HEARTBEAT_TTL_MS });
      const b = space.node({ ttlMs: HEARTBEAT_TTL_MS });
      expect(await fill(a, '10.0.0.7', 3)).toBe(3);
      await a.release('10.0.0.7');
      // What a stall longer than the TTL looks like: every heartbeat gone, and another node
      // counting the address in between removes a's sockets.
      await space.admin.del(...(await space.admin.keys(`${space.prefix}conn-node:*`)));
      expect(await b.tryAcquire('10.0.0.7', 3)).toBe(true);
      // Written back at a's next beat, a quarter of a TTL on.
      await vi.waitFor(async () => expect(await space.admin.scard(`${space.prefix}conn:10.0.0.7`)).toBe(3), { ...LAPSE, interval: 20 });
      expect(await b.tryAcquire('10.0.0.7', 3)).toBe(false);
      expect(await a.tryAcquire('10.0.0.7', 3)).toBe(false);
    });
  });
}
