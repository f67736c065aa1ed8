// The one leader of the singleton work (tournaments, the ledger's loop) among several nodes on
// Redis: exactly one node leads at a time; a leader that stops hands over at once, and one that
// dies (its renewals stop) is replaced once its lead lapses.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Leadership, createRedisLeadership } from './redis-leadership';

const redisUrl = process.env.TEST_REDIS_URL?.trim();

describe.each(redisUrl ? [redisUrl] : [])('leadership on Redis %s', (url) => {
  const connections: Redis[] = [];
  const prefix = `dd:test:${randomBytes(6).toString('hex')}:`;
  afterAll(async () => {
    const cleaner = new Redis(url);
    await cleaner.del(`${prefix}leader`);
    await cleaner.quit();
    for (const connection of connections) connection.disconnect();
  });

  function node(nodeId: string, log: string[]): Promise<Leadership> {
    const redis = new Redis(url);
    connections.push(redis);
    const note = (what: string) => async () => {
      log.push(`${nodeId} ${what}`);
    };
    return createRedisLeadership(redis, { nodeId, prefix, ttlMs: 600, gained: note('gained'), lost: note('lost'), report: () => undefined });
  }

  it('gives the lead to exactly one node; a stop hands it over, and a dead leader is replaced after its lead lapses', async () => {
    const log: string[] = [];
    const nodes = await Promise.all(['a', 'b', 'c'].map((id) => node(id, log)));
    expect(nodes.filter((each) => each.leads())).toHaveLength(1);
    const first = nodes.findIndex((each) => each.leads());
    await nodes[first]?.stop();
    await vi.waitFor(() => expect(nodes.filter((each, index) => index !== first && each.leads())).toHaveLength(1), { timeout: 5_000 });
    const second = nodes.findIndex((each, index) => index !== first && each.leads());

    // The second leader's connection dies: no renewal, no resignation. Its key lapses and a
    // third node takes over (the dead one still believes it leads: it cannot know, as in a crash).
    connections[second]?.disconnect();
    const third = nodes.findIndex((_each, index) => index !== first && index !== second);
    await vi.waitFor(() => expect(nodes[third]?.leads()).toBe(true), { timeout: 5_000 });
    expect(log.filter((line) => line.endsWith('gained'))).toHaveLength(3);
    await nodes[third]?.stop();
  });
});
