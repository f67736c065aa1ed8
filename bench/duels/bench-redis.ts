// Redis for cluster-run.ts. Each run keeps its keys under a random prefix of its own (the
// server's ComposeOptions.redisPrefix), so it never sees another run's or a test's queues on the
// shared Redis, and deletes them when it ends. Pub/sub channels keep nothing: only keys are left.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.BENCH_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

/** Letters, digits, `-` and `:` only: no glob character, so `${prefix}*` matches only this run's keys. */
export function runPrefix(): string {
  return `dd-bench-${randomBytes(6).toString('hex')}:`;
}

async function connect(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 3 });
  redis.on('error', () => undefined);
  await redis.connect();
  return redis;
}

/** Throws with a readable message when Redis does not answer. */
export async function checkRedis(url: string): Promise<void> {
  const redis = await connect(url).catch((error: unknown) => {
    throw new Error(`Redis not reachable at ${url} (${error instanceof Error ? error.message : String(error)}); set BENCH_REDIS_URL`);
  });
  redis.disconnect();
}

/** Deletes every key under `prefix`; answers how many there were. */
export async function deleteKeys(url: string, prefix: string): Promise<number> {
  const redis = await connect(url);
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}
