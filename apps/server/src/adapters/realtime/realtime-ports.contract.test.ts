// The realtime ports' contract (MatchQueue, Presence), run on every implementation: in-process
// always, Redis too when TEST_REDIS_URL is set, as test-databases.ts adds PostgreSQL. Each test
// gets a fresh "space" (on Redis: a random key prefix, its keys deleted and connections closed
// afterwards) on which it opens one or more nodes. On Redis every node has its own connection and
// node id, as separate server processes would; in-process, all nodes are the one process's objects.
import { describe, expect, it, vi } from 'vitest';
import type { MatchQueue, Presence } from '../../modules/duels';
import { createInProcessMatchQueue } from './in-process-match-queue';
import { createInProcessPresence } from './in-process-presence';
import { createRedisMatchQueue } from './redis-match-queue';
import { createRedisPresence } from './redis-presence';
import { HEARTBEAT_TTL_MS, LAPSE, type RedisNodes, type RedisSpace, type Space, openRedisSpace, spaceTargets, testRedisUrl, useSpace } from '../../test-support/node-spaces';

interface RealtimeNode {
  readonly queue: MatchQueue;
  readonly presence: Presence;
}

const openInProcess = (): RealtimeNode => ({ queue: createInProcessMatchQueue(), presence: createInProcessPresence() });

const redisNodes: RedisNodes<RealtimeNode> = {
  open(redis, { nodeId, prefix, ttlMs }) {
    const presence = createRedisPresence(redis, { nodeId, prefix, ttlMs });
    return { node: { queue: createRedisMatchQueue(redis, prefix), presence }, heartbeat: presence };
  },
  heartbeatKeys: 'node:*',
};

async function drain(queue: MatchQueue, tier: string): Promise<string[]> {
  const ids: string[] = [];
  for (let id = await queue.shift(tier); id !== null; id = await queue.shift(tier)) ids.push(id);
  return ids;
}

describe.each(spaceTargets(openInProcess, redisNodes))('realtime ports on $kind', (target) => {
  let space: Space<RealtimeNode>;
  useSpace(() => target.open(), (opened) => (space = opened));

  describe('MatchQueue', () => {
    it('hands out each tier oldest first, then null', async () => {
      const { queue } = space.node();
      for (const id of ['g1', 'g2', 'g3']) await queue.push('0.1', id);
      expect(await queue.shift('0.1')).toBe('g1');
      expect(await queue.shift('0.1')).toBe('g2');
      expect(await queue.shift('0.1')).toBe('g3');
      expect(await queue.shift('0.1')).toBeNull();
    });

    it('keeps tiers independent', async () => {
      const { queue } = space.node();
      await queue.push('free', 'g1');
      await queue.push('1', 'g2');
      await queue.push('free', 'g3');
      expect(await drain(queue, '1')).toEqual(['g2']);
      expect(await drain(queue, 'free')).toEqual(['g1', 'g3']);
    });

    it('puts a game back at the front, and never queues a game twice', async () => {
      const { queue } = space.node();
      for (const id of ['g1', 'g2', 'g3']) await queue.push('free', id);
      await queue.push('free', 'g0', true);
      await queue.push('free', 'g3', true);
      await queue.push('free', 'g1');
      expect(await drain(queue, 'free')).toEqual(['g3', 'g0', 'g2', 'g1']);
    });

    it('removes a game from its tier only', async () => {
      const { queue } = space.node();
      for (const id of ['g1', 'g2', 'g3']) await queue.push('free', id);
      await queue.push('1', 'g2');
      await queue.remove('free', 'g2');
      await queue.remove('free', 'unknown');
      await queue.remove('no-such-tier', 'g1');
      expect(await drain(queue, 'free')).toEqual(['g1', 'g3']);
      expect(await drain(queue, '1')).toEqual(['g2']);
    });

    it('answers null when nothing waits', async () => {
      const { queue } = space.node();
      expect(await queue.shift('never-used')).toBeNull();
      await queue.push('free', 'g1');
      await queue.remove('free', 'g1');
      expect(await queue.shift('free')).toBeNull();
    });

    it('adds, finds, replaces and removes invites', async () => {
      const { queue } = space.node();
      expect(await queue.findInvite('ABC123')).toBeNull();
      await queue.addInvite('ABC123', 'g1');
      await queue.addInvite('XYZ789', 'g2');
      expect(await queue.findInvite('ABC123')).toBe('g1');
      await queue.addInvite('ABC123', 'g3');
      expect(await queue.findInvite('ABC123')).toBe('g3');
      await queue.removeInvite('ABC123');
      expect(await queue.findInvite('ABC123')).toBeNull();
      expect(await queue.findInvite('XYZ789')).toBe('g2');
    });

    it('tells each waiting game oldest first with how long it waited, and what a remove removed', async () => {
      const { queue } = space.node();
      await queue.push('free', 'g1', false, 1_000);
      await queue.push('free', 'g2');
      await queue.push('free', 'g3');
      const [first, second, ...rest] = await queue.waiting('free', 2);
      expect(rest).toEqual([]);
      expect(first).toMatchObject({ entry: 'g1', queuedAt: 1_000 });
      expect(first?.waitedMs).toBeGreaterThan(1_000_000);
      expect(second?.entry).toBe('g2');
      expect(second?.waitedMs).toBeGreaterThanOrEqual(0);
      expect(second?.waitedMs).toBeLessThan(60_000);
      expect(await queue.remove('free', 'g2')).toBe(true);
      expect(await queue.remove('free', 'g2')).toBe(false);
      expect(await queue.waiting('never-used', 10)).toEqual([]);
      // Put back at the front with its age kept.
      expect(await queue.shift('free')).toBe('g1');
      await queue.push('free', 'g1', true, 1_000);
      expect((await queue.waiting('free', 10)).map((game) => [game.entry, game.queuedAt === 1_000])).toEqual([
        ['g1', true],
        ['g3', false],
      ]);
    });

    it('is one queue for every node', async () => {
      const a = space.node();
      const b = space.node();
      await a.queue.push('free', 'g1');
      await b.queue.push('free', 'g2');
      await a.queue.addInvite('ABC123', 'g1');
      expect(await b.queue.shift('free')).toBe('g1');
      expect(await a.queue.shift('free')).toBe('g2');
      expect(await b.queue.findInvite('ABC123')).toBe('g1');
    });
  });

  describe('Presence', () => {
    it('claims a player with a compare-and-set and releases only for the holder', async () => {
      const { presence } = space.node();
      expect(await presence.gameOf('wallet')).toBeNull();
      expect(await presence.claimPlayer('wallet', 'g1', 'g0')).toBe(false);
      expect(await presence.claimPlayer('wallet', 'g1')).toBe(true);
      expect(await presence.claimPlayer('wallet', 'g2')).toBe(false);
      expect(await presence.claimPlayer('wallet', 'g2', null)).toBe(false);
      expect(await presence.claimPlayer('wallet', 'g2', 'g9')).toBe(false);
      expect(await presence.gameOf('wallet')).toBe('g1');

      expect(await presence.claimPlayer('wallet', 'g2', 'g1')).toBe(true);
      expect(await presence.gameOf('wallet')).toBe('g2');
      await presence.releasePlayer('wallet', 'g1');
      expect(await presence.gameOf('wallet')).toBe('g2');
      expect(await presence.gameOf('other')).toBeNull();

      await presence.releasePlayer('wallet', 'g2');
      expect(await presence.gameOf('wallet')).toBeNull();
      expect(await presence.claimPlayer('wallet', 'g3', null)).toBe(true);
    });

    it('lets exactly one of many concurrent claims from two nodes win', async () => {
      const a = space.node();
      const b = space.node();
      const attempts = Array.from({ length: 40 }, (_, index) => ({ node: index % 2 === 0 ? a : b, sessionId: `g${index}` }));
      const results = await Promise.all(attempts.map(({ node, sessionId }) => node.presence.claimPlayer('wallet', sessionId, null)));
      const winners = attempts.filter((_, index) => results[index]);
      expect(winners).toHaveLength(1);
      expect(await b.presence.gameOf('wallet')).toBe(winners[0]?.sessionId);
      expect(await a.presence.gameOf('wallet')).toBe(winners[0]?.sessionId);
    });

    it('counts the sockets of every node', async () => {
      const a = space.node();
      const b = space.node();
      for (const id of ['s1', 's2']) await a.presence.socketConnected(id);
      for (const id of ['s3', 's4', 's5']) await b.presence.socketConnected(id);
      expect(await a.presence.onlineCount()).toBe(5);
      expect(await b.presence.onlineCount()).toBe(5);
      await b.presence.socketDisconnected('s3');
      await a.presence.socketConnected('s1');
      await a.presence.socketDisconnected('unknown');
      expect(await a.presence.onlineCount()).toBe(4);
      expect(await b.presence.onlineCount()).toBe(4);
    });

    if (target.separateNodes) {
      it('stops counting a node whose heartbeat expired, and keeps counting a live one', async () => {
        const a = space.node({ ttlMs: HEARTBEAT_TTL_MS });
        const b = space.node({ ttlMs: HEARTBEAT_TTL_MS });
        for (const id of ['s1', 's2']) await a.presence.socketConnected(id);
        for (const id of ['s3', 's4', 's5']) await b.presence.socketConnected(id);
        // Past the first beats' TTL: only the heartbeat timer's renewals keep both nodes counted now.
        await space.outliveHeartbeats();
        expect(await a.presence.onlineCount()).toBe(5);

        space.crash(b);
        await vi.waitFor(async () => expect(await a.presence.onlineCount()).toBe(2), LAPSE);
        expect(await b.presence.onlineCount()).toBe(2);
      });

      it('stops counting a node at once when it shuts down', async () => {
        const a = space.node();
        const b = space.node();
        await a.presence.socketConnected('s1');
        await b.presence.socketConnected('s2');
        expect(await a.presence.onlineCount()).toBe(2);
        await space.shutDown(b);
        expect(await a.presence.onlineCount()).toBe(1);
      });
    }
  });
});

const redisUrl = testRedisUrl();
if (redisUrl) {
  describe('redis presence keys', () => {
    let space: RedisSpace<RealtimeNode>;
    useSpace(() => openRedisSpace(redisUrl, redisNodes), (opened) => (space = opened));

    it("removes a dead node's keys once another node sees its heartbeat gone", async () => {
      const a = space.node({ ttlMs: HEARTBEAT_TTL_MS });
      const b = space.node({ ttlMs: HEARTBEAT_TTL_MS });
      await b.presence.socketConnected('s1');
      expect(await a.presence.onlineCount()).toBe(1);
      expect(await space.admin.smembers(`${space.prefix}nodes`)).toHaveLength(2);
      expect(await space.admin.keys(`${space.prefix}online:*`)).toHaveLength(1);

      space.crash(b);
      await vi.waitFor(async () => expect(await a.presence.onlineCount()).toBe(0), LAPSE);
      expect(await space.admin.smembers(`${space.prefix}nodes`)).toHaveLength(1);
      expect(await space.admin.keys(`${space.prefix}online:*`)).toHaveLength(0);
    });

    it('writes a live node back whole after the others forgot it', async () => {
      const a = space.node({ ttlMs: HEARTBEAT_TTL_MS });
      const b = space.node({ ttlMs: HEARTBEAT_TTL_MS });
      for (const id of ['s1', 's2']) await b.presence.socketConnected(id);
      expect(await a.presence.onlineCount()).toBe(2);
      // What another node does to one whose heartbeat lapsed during a long stall.
      await space.admin.del(...(await space.admin.keys(`${space.prefix}node:*`)), ...(await space.admin.keys(`${space.prefix}online:*`)));
      await space.admin.del(`${space.prefix}nodes`);
      expect(await a.presence.onlineCount()).toBe(0);
      // Written back at b's next beat, a third of a TTL on.
      await vi.waitFor(async () => expect(await a.presence.onlineCount()).toBe(2), LAPSE);
    });
  });
}
