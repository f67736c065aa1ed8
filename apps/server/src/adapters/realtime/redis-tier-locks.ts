// One join at a time per stake tier across every node (modules/duels/matchmaker.ts): a Redis lock
// per tier (`<prefix>tier-lock:<tier>`, SET NX with an expiry, released by its holder only),
// taken behind this node's own queue for the tier, so a node's joins wait in memory and only one
// of them at a time polls Redis. The expiry frees the tier if its holder dies mid-join.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { TierLocks } from '../../modules/duels';
import { KeyedQueue } from '../../concurrency/keyed-queue';

// KEYS[1] the lock. ARGV[1] the holder's token.
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

export interface TierLockTimings {
  /** A holder that died frees the tier after this long; a join takes far less. */
  readonly expiryMs: number;
  /** Between two tries of a taken lock. */
  readonly retryMs: number;
  /** A lock not taken within this long fails the join (Redis away, or a join stuck elsewhere). */
  readonly waitMs: number;
}

export const DEFAULT_TIER_LOCK_TIMINGS: TierLockTimings = { expiryMs: 15_000, retryMs: 10, waitMs: 20_000 };

export function createRedisTierLocks(redis: Redis, options: { prefix: string; timings?: Partial<TierLockTimings> }): TierLocks {
  const { expiryMs, retryMs, waitMs } = { ...DEFAULT_TIER_LOCK_TIMINGS, ...options.timings };
  const local = new KeyedQueue();

  async function acquire(key: string, token: string): Promise<void> {
    const deadline = Date.now() + waitMs;
    while ((await redis.set(key, token, 'PX', expiryMs, 'NX')) !== 'OK') {
      if (Date.now() > deadline) throw new Error(`the matchmaking lock ${key} stayed taken for ${waitMs} ms`);
      await sleep(retryMs);
    }
  }

  return {
    run(tier, task) {
      return local.run(tier, async () => {
        const key = `${options.prefix}tier-lock:${tier}`;
        const token = randomUUID();
        await acquire(key, token);
        try {
          return await task();
        } finally {
          await redis.eval(RELEASE, 1, key, token);
        }
      });
    },
  };
}
