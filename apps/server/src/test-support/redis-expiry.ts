// Redis expires a key by its own clock, which no test can move. A test that needs a TTL to have
// run out (a heartbeat outlived, so that only its renewals explain a node still counted) waits for
// Redis's clock to pass the key's deadline, polling, instead of sleeping for a guessed duration.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';

const epochMs = ([seconds, micros]: readonly unknown[]): number => Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);

/**
 * Resolves once Redis's clock is past the moment the last of `keys` would expire as things stand
 * now, unless renewed meanwhile. Fails after `timeoutMs`: a hang, not a slow machine.
 */
export async function outliveTtls(redis: Redis, keys: readonly string[], timeoutMs = 30_000): Promise<void> {
  if (keys.length === 0) throw new Error('no keys to outlive');
  // TIME and the TTLs in one transaction: the deadline is read at a single instant.
  const transaction = redis.multi().time();
  for (const key of keys) transaction.pttl(key);
  const [now, ...ttls] = ((await transaction.exec()) ?? []).map(([error, value]) => {
    if (error) throw error;
    return value;
  });
  const remaining = ttls.map(Number);
  // -2: gone, -1: no TTL; either way not a key that lapses.
  if (remaining.length !== keys.length || remaining.some((ttl) => ttl < 0)) throw new Error(`not every key has a TTL: ${keys.join(', ')} -> ${remaining.join(', ')}`);
  const deadline = epochMs(now as unknown[]) + Math.max(...remaining);
  const givenUp = Date.now() + timeoutMs;
  while (epochMs(await redis.time()) <= deadline) {
    if (Date.now() > givenUp) throw new Error(`Redis's clock did not pass ${new Date(deadline).toISOString()} within ${timeoutMs} ms`);
    await sleep(25);
  }
}
