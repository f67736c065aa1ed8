// The socket cap's ConnectionCounts (docs/security.md 23) on every implementation: in-process always,
// Redis too when TEST_REDIS_URL is set. On Redis each test has its own key prefix (its keys
// deleted afterwards) and each node its own connection and node id, as separate server processes
// would; in-process, every node is the one process's count.
import { describe, expect, it, vi } from 'vitest';
import { type ConnectionCounts, createInProcessConnectionCounts } from '../../socket/connection-cap';
import { createRedisConnectionCounts } from './redis-connection-counts';
import { HEARTBEAT_TTL_MS, LAPSE, type RedisNodes, type RedisSpace, type Space, openRedisSpace, spaceTargets, testRedisUrl, useSpace } from '../../test-support/node-spaces';

const redisCounts: RedisNodes<ConnectionCounts> = {
  open(redis, { nodeId, prefix, ttlMs }) {
    const counts = createRedisConnectionCounts(redis, { nodeId, prefix, ...(ttlMs ? { ttlMs } : {}) });
    return { node: counts, heartbeat: counts };
  },
  heartbeatKeys: 'conn-node:*',
};

const redisUrl = testRedisUrl();

/** Acquires until refused; answers how many were counted. */
async function fill(counts: ConnectionCounts, address: string, max: number): Promise<number> {
  let taken = 0;
  while (taken <= max && (await counts.tryAcquire(address, max))) taken += 1;
  return taken;
}

describe.each(spaceTargets(createInProcessConnectionCounts, redisCounts))('connection counts on $kind', (target) => {
  let space: Space<ConnectionCounts>;
  useSpace(() => target.open(), (opened) => (space = opened));

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
    let space: RedisSpace<ConnectionCounts>;
    useSpace(() => openRedisSpace(redisUrl, redisCounts), (opened) => (space = opened));

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
