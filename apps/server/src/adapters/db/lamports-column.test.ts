// The lamports column type (tables/columns.ts): amounts go in and come back exact, as rules'
// branded Lamports, on every database the server runs on; a plain bigint does not compile where
// an amount is meant.
import { type Lamports, toLamports } from '@duel-dojo/rules';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { testDatabases } from '../../test-support';
import { useDatabase } from '../../test-support/database-suite';
import type { Db } from './connect';
import { games, ledger } from './schema';

/** The largest value a PostgreSQL bigint holds; the chain's u64 goes further, the books do not. */
const INT8_MAX = toLamports(2n ** 63n - 1n);

describe.each(testDatabases())('lamports columns on $kind', (target) => {
  let db: Db;
  useDatabase(target, (opened) => (db = opened.db));

  it('keeps 0, 1 and 2^63-1 lamports exact through a write and a read', async () => {
    const amounts = [toLamports(0n), toLamports(1n), INT8_MAX];
    await db.insert(ledger).values(amounts.map((amount, index) => ({ kind: 'top_up' as const, amount, wallet: 'Treasury', idempotencyKey: `extreme:${index}` })));
    const rows = await db.select({ key: ledger.idempotencyKey, amount: ledger.amount }).from(ledger).orderBy(ledger.idempotencyKey);
    expect(rows).toEqual(amounts.map((amount, index) => ({ key: `extreme:${index}`, amount })));
    for (const row of rows) expect(typeof row.amount).toBe('bigint');
    expectTypeOf(rows[0]?.amount).toEqualTypeOf<Lamports | undefined>();
    // The database agrees on the digits: nothing was rounded through a float on the way in.
    const text = await db.execute<{ amount: string }>(sql`select amount::text as amount from ledger where idempotency_key = 'extreme:2'`);
    expect(text.rows[0]?.amount).toBe('9223372036854775807');
  });

  it('refuses to read a negative amount written behind the code as Lamports', async () => {
    await db.insert(games).values({ sessionId: 'negative-stake', player1Character: 1, betAmount: '5$', stakeLamports: toLamports(5n) });
    await db.execute(sql`update games set stake_lamports = -5 where session_id = 'negative-stake'`);
    await expect(db.select({ stake: games.stakeLamports }).from(games).where(eq(games.sessionId, 'negative-stake'))).rejects.toThrow(RangeError);
  });

  it('does not compile with a plain bigint where lamports are meant', () => {
    const count = 5n;
    const row = {
      kind: 'fee' as const,
      // @ts-expect-error a plain bigint (a count, a sum, a difference) is not Lamports
      amount: count,
      wallet: 'W',
      idempotencyKey: 'plain',
    } satisfies typeof ledger.$inferInsert;
    expectTypeOf(count).not.toMatchTypeOf<Lamports>();
    expect(row.amount).toBe(5n);
  });
});
