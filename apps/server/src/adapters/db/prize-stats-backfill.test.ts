// Migration 0008 adds the prizes paid before prizes counted in the stats, once: a database
// migrated to 0007 with prizes on its books, then migrated on, on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Lamports, toLamports } from '@duel-dojo/rules';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgres } from '../../test-support/test-databases';
import { MIGRATIONS_FOLDER, type Db } from './connect';
import * as schema from './schema';
import { ledger, userStats, users } from './schema';

const BACKFILL = '0008_wallet_money_and_prize_stats';

interface Migratable {
  readonly db: Db;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function pglite(): Promise<Migratable> {
  const client = new PGlite();
  const db = drizzlePglite({ client, schema });
  return { db: db as unknown as Db, migrate: (folder) => migratePglite(db, { migrationsFolder: folder }), close: () => client.close() };
}

async function postgres(url: string): Promise<Migratable> {
  const fresh = await createFreshPostgres(url);
  const pool = new pg.Pool({ connectionString: fresh.databaseUrl, max: 2 });
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      await fresh.drop();
    },
  };
}

const targets: { kind: string; open: () => Promise<Migratable> }[] = [{ kind: 'pglite', open: pglite }];
const url = process.env.TEST_DATABASE_URL?.trim();
if (url) targets.push({ kind: 'postgres', open: () => postgres(url) });

describe.each(targets)('migration 0008 on $kind', (target) => {
  let before: string;
  beforeAll(async () => {
    // The migrations as they were before this one.
    before = await mkdtemp(join(tmpdir(), 'dd-before-0008-'));
    await cp(MIGRATIONS_FOLDER, before, { recursive: true });
    await rm(join(before, `${BACKFILL}.sql`));
    await rm(join(before, 'meta', '0008_snapshot.json'));
    const journalFile = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < 8);
    await writeFile(journalFile, JSON.stringify(journal));
  });
  afterAll(() => rm(before, { recursive: true, force: true }));

  it('adds each player’s confirmed prizes to earnings, profit and the biggest win', async () => {
    const database = await target.open();
    try {
      await database.migrate(before);
      const { db } = database;
      const wallet = 'So11111111111111111111111111111111111111112';
      const [user] = await db.insert(users).values({ walletAddress: wallet, username: 'prized', referralCode: 'PRIZED01' }).returning({ id: users.id });
      const userId = (user as { id: string }).id;
      await db.insert(userStats).values({ userId, totalMatches: 3, totalEarnings: toLamports(50n), totalLosses: toLamports(30n), totalProfit: 20n, biggestWin: toLamports(30n) });
      const prize = (amount: Lamports, status: 'confirmed' | 'pending', to = wallet) =>
        ({ kind: 'prize', amount, wallet: to, tournamentId: randomUUID(), status, idempotencyKey: `prize:${randomUUID()}:1` }) as const;
      await db.insert(ledger).values([prize(toLamports(100n), 'confirmed'), prize(toLamports(40n), 'confirmed'), prize(toLamports(1_000n), 'pending'), prize(toLamports(7n), 'confirmed', '11111111111111111111111111111111')]);

      await database.migrate(MIGRATIONS_FOLDER);
      const [stats] = await db.select().from(userStats).where(eq(userStats.userId, userId));
      expect(stats).toMatchObject({ totalMatches: 3, totalEarnings: 190n, totalLosses: 30n, totalProfit: 160n, biggestWin: 100n });
      // Applied once: migrating again changes nothing.
      await database.migrate(MIGRATIONS_FOLDER);
      const [again] = await db.select().from(userStats).where(eq(userStats.userId, userId));
      expect(again?.totalEarnings).toBe(190n);
    } finally {
      await database.close();
    }
  });
});
