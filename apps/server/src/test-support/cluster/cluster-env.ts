// What every node of a test cluster shares (docs/several-nodes.md): a fresh PostgreSQL database,
// a Redis logical database of its own, the local chain as a process of its own with one treasury
// key file, and one JWT secret. The nodes use Redis's default key prefix (main.ts has no setting
// for it), so a suite cannot share database 0 with another one running at the same time: it
// takes one of 1-15, empty and marked as taken, and empties it again at the end.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { type Database, openDatabase } from '../../adapters/db/connect';
import { type ChainProcess, startChainProcess } from '../chain-process';
import { createFreshPostgres, withPath } from '../test-databases';

export interface ClusterTarget {
  readonly postgresUrl: string;
  readonly redisUrl: string;
}

/** Both services, or none: without them the cluster suite has nothing to run on (never a skip). */
export function clusterTargets(env: Readonly<Record<string, string | undefined>> = process.env): ClusterTarget[] {
  const postgresUrl = env.TEST_DATABASE_URL?.trim();
  const redisUrl = env.TEST_REDIS_URL?.trim();
  return postgresUrl && redisUrl ? [{ postgresUrl, redisUrl }] : [];
}

export interface ClusterEnv {
  /** The nodes' DATABASE_URL: a database made for this suite, dropped by close(). */
  readonly databaseUrl: string;
  /** The nodes' REDIS_URL, naming this suite's logical database. */
  readonly redisUrl: string;
  /** The same database, for the test's reads of what the nodes wrote. */
  readonly database: Database;
  /** This suite's Redis database: where the nodes announce themselves (node ids). */
  readonly redis: Redis;
  readonly chain: ChainProcess;
  readonly jwtSecret: string;
  /** Each node's DATA_DIR lives under it (nothing is kept there with PostgreSQL, but it must exist). */
  readonly dataRoot: string;
  close(): Promise<void>;
}

/** Outlives a crashed suite's claim on a Redis database only this long. */
const CLAIM_TTL_MS = 30 * 60_000;
const CLAIM_KEY = 'cluster-test:claim';

export async function openClusterEnv(target: ClusterTarget): Promise<ClusterEnv> {
  const closers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => undefined);
  };
  try {
    const { databaseUrl, drop } = await createFreshPostgres(target.postgresUrl);
    closers.push(drop);
    // Migrated here once, so the nodes' starts find the schema in place.
    const database = await openDatabase({ databaseUrl });
    closers.push(() => database.close());

    const { redis, redisUrl } = await claimRedisDatabase(target.redisUrl);
    closers.push(async () => {
      await redis.flushdb();
      redis.disconnect();
    });

    const chain = await startChainProcess();
    closers.push(() => chain.stop());
    const dataRoot = await mkdtemp(join(tmpdir(), 'dd-cluster-'));
    closers.push(() => rm(dataRoot, { recursive: true, force: true }));
    return { databaseUrl, redisUrl, database, redis, chain, jwtSecret: randomBytes(32).toString('hex'), dataRoot, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A logical database nobody else holds: the claim key is set only where none is (WATCH makes the
 * check and the FLUSHDB that empties it one step), so two suites never take the same one.
 */
async function claimRedisDatabase(serverUrl: string): Promise<{ redis: Redis; redisUrl: string }> {
  const numbers = Array.from({ length: 15 }, (_, index) => index + 1).sort(() => Math.random() - 0.5);
  const token = randomBytes(8).toString('hex');
  for (const number of numbers) {
    const redisUrl = withPath(serverUrl, String(number));
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    await redis.connect();
    await redis.watch(CLAIM_KEY);
    const taken = (await redis.get(CLAIM_KEY)) !== null;
    const claimed = !taken && (await redis.multi().flushdb().set(CLAIM_KEY, token, 'PX', CLAIM_TTL_MS).exec()) !== null;
    if (claimed) return { redis, redisUrl };
    await redis.unwatch();
    redis.disconnect();
  }
  throw new Error('every Redis database 1-15 is held by another cluster suite');
}
