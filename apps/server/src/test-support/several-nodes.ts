// Several nodes in one test process (docs/several-nodes.md): real servers on one PostgreSQL and
// one Redis, each with its own node id, Socket.IO and Redis connections, under a key prefix of
// their own so test files never share a queue or a lock.
import { randomBytes } from 'node:crypto';
import type { GameTimings } from '../modules/duels';
import { testDatabases } from './index';
import { type Database, type GameHarness, startGameServer } from './game-server';

/** Short leases, so a stopped node's games move on within a test. */
export const TEST_LEASES = { leaseMs: 1_000, tickMs: 100, abandonAfterMs: 60_000 };

export const testRedisUrl = (): string | undefined => process.env.TEST_REDIS_URL?.trim() || undefined;

/** Only a shared server database and a Redis make several nodes (npm test provides both). */
export function severalNodeTargets(): ReturnType<typeof testDatabases> {
  return testRedisUrl() ? testDatabases().filter((target) => target.kind === 'postgres') : [];
}

export interface NodeCluster {
  readonly prefix: string;
  /** Every node started, in order (a test may add its own). */
  readonly harnesses: GameHarness[];
  start(database: Database, nodeId: string): Promise<GameHarness>;
  stopAll(): Promise<void>;
}

export function nodeCluster(rounds: Partial<GameTimings>): NodeCluster {
  const prefix = `dd:test:${randomBytes(6).toString('hex')}:`;
  const harnesses: GameHarness[] = [];
  return {
    prefix,
    harnesses,
    async start(database, nodeId) {
      const harness = await startGameServer(database, { nodeId, redisPrefix: prefix, leaseTimings: TEST_LEASES, gameTimings: rounds, config: { redisUrl: testRedisUrl() ?? null } });
      harnesses.push(harness);
      return harness;
    },
    async stopAll() {
      for (const harness of harnesses) await harness.stop().catch(() => undefined);
    },
  };
}
