// A creator's stake is bound to a new game a moment before the game's row is written. The two
// clean-ups that give back a stake bound to a game that does not exist (the lease pass's
// stranded stakes, the refund sweep's orphans) must never give back one whose game is being
// written, or the stake would be refunded and then paid out too (docs/money.md). Each order of
// the two is tried here; on PostgreSQL also the interleaving itself, each side holding its
// transaction open while the other waits on the payment row.
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toLamports } from '@duel-dojo/rules';
import type { Fence, LiveState, NewGameRow } from '../../modules/duels';
import { type TestDatabase, testDatabases } from '../../test-support';
import type { Database } from './connect';
import { createGames } from './duels-batch-writes';
import { createDuelsStore } from './duels-store';
import { createGameLeasesStore } from './game-leases-store';
import { createLedgerStore } from './ledger-store';
import { games, payments } from './schema';

const WALLET = 'C'.repeat(44);
const STAKE = toLamports(33_333_333n);
const FENCE: Fence = { node: 'node-a', epoch: 1 };
const LEASE_MS = 60_000;
const LIVE = { betAmount: '5$', paid: true, inviteCode: null, reserved: false, version: 1, seats: { player1: null, player2: null } } as unknown as LiveState;
const AFTER = { abandonAfterMs: 120_000, strandedAfterMs: 120_000 };

const newGame = (sessionId: string): NewGameRow => ({
  sessionId,
  player1Id: null,
  player1Wallet: WALLET,
  player1Name: null,
  player1Character: 3,
  betAmount: '5$',
  stakeLamports: STAKE,
  fairnessCommitment: 'c'.repeat(64),
  serverSeed: 'a'.repeat(64),
  liveState: LIVE,
});

/** Resolves once a statement of this database waits on a row lock: the other side is blocked. */
async function someoneWaits(database: Database): Promise<void> {
  for (let tries = 0; tries < 600; tries += 1) {
    const result = await database.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((result.rows[0]?.waiting ?? 0) > 0) return;
    await sleep(50);
  }
  throw new Error('nothing ever waited on the payment row');
}

/** The stake of these tests and what is asked of it, on the database `current()` gives. */
function theStake(current: () => Database) {
  /** A stake verified long ago, its request expired, bound just now to `sessionId`: old by every clock the clean-ups read. */
  async function boundStake(sessionId: string): Promise<string> {
    const longAgo = new Date(Date.now() - 3_600_000);
    const [row] = await current().db
      .insert(payments)
      .values({ kind: 'stake', wallet: WALLET, expectedLamports: STAKE, status: 'verified', reference: 'R'.repeat(43), signature: 'S'.repeat(88), gameSessionId: sessionId, verifiedAt: longAgo, expiresAt: longAgo })
      .returning({ id: payments.id });
    return row?.id as string;
  }

  const statusOf = async (id: string) => (await current().db.select({ status: payments.status }).from(payments).where(eq(payments.id, id)))[0]?.status;
  const gameRows = async (sessionId: string) => (await current().db.select({ id: games.id }).from(games).where(eq(games.sessionId, sessionId))).length;
  const sweepMarks = (id: string) => createLedgerStore(current().db).markStakeRefundDue(id, new Date());
  const leasePass = () => createGameLeasesStore(current().db).settleAbandoned(new Date(), AFTER);
  const createGame = (row: NewGameRow) => createDuelsStore(current().db, { leaseMs: LEASE_MS }).createGame(row, FENCE);
  return { boundStake, statusOf, gameRows, sweepMarks, leasePass, createGame };
}

/** A database of its own for the suite, emptied of stakes and games before each test. */
function freshDatabase(target: TestDatabase): () => Database {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await database.db.delete(payments);
    await database.db.delete(games);
  });
  return () => database;
}

describe.each(testDatabases())('a stake bound to a game being written, on $kind', (target) => {
  const current = freshDatabase(target);
  const { boundStake, statusOf, gameRows, sweepMarks, leasePass, createGame } = theStake(current);

  it('a stake given back first: its game is never written, and its creator is told', async () => {
    const id = await boundStake('late-game');
    expect(await sweepMarks(id)).toBe(true);
    expect(await createGame(newGame('late-game'))).toBe(false);
    expect(await gameRows('late-game')).toBe(0);
    expect(await statusOf(id)).toBe('refund_due');
  });

  it('a game written first: neither the sweep nor the lease pass gives its stake back', async () => {
    const id = await boundStake('written-game');
    expect(await createGame(newGame('written-game'))).toBe(true);
    expect(await sweepMarks(id)).toBe(false);
    expect(await leasePass()).toMatchObject({ strandedStakes: 0 });
    expect(await statusOf(id)).toBe('verified');
  });

  it('a stake bound to another wallet, or to another game, buys no game row', async () => {
    const id = await boundStake('other-game');
    expect(await createGame({ ...newGame('unpaid-game'), player1Wallet: 'D'.repeat(44) })).toBe(false);
    expect(await createGame({ ...newGame('other-game'), player1Wallet: 'D'.repeat(44) })).toBe(false);
    expect(await gameRows('unpaid-game')).toBe(0);
    expect(await gameRows('other-game')).toBe(0);
    expect(await statusOf(id)).toBe('verified');
  });
});

describe.each(testDatabases().filter((target) => target.kind === 'postgres'))('the two racing on $kind', (target) => {
  const current = freshDatabase(target);
  const { boundStake, statusOf, gameRows, sweepMarks, leasePass, createGame } = theStake(current);

  it('clean-ups that look while the game is being written wait for it, then leave the stake', async () => {
    const id = await boundStake('being-written');
    let commit = () => undefined as void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    const writing = current().db.transaction(async (tx) => {
      const written = await createGames(tx, [{ row: newGame('being-written'), fence: FENCE }], LEASE_MS);
      await held;
      return written;
    });
    // The game's statement has run and holds the payment row until it commits.
    await sleep(200);
    const swept = sweepMarks(id);
    const passed = leasePass();
    await someoneWaits(current());
    commit();
    expect([...(await writing)]).toEqual(['being-written']);
    expect(await swept).toBe(false);
    expect(await passed).toMatchObject({ strandedStakes: 0 });
    expect(await statusOf(id)).toBe('verified');
    expect(await gameRows('being-written')).toBe(1);
  });

  it('a game written while a clean-up gives its stake back waits for it, then is not written', async () => {
    const id = await boundStake('given-back');
    let commit = () => undefined as void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    // The clean-up's own two steps, held open between the change and its commit.
    const giving = current().db.transaction(async (tx) => {
      await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, id)).for('update');
      await tx.update(payments).set({ status: 'refund_due' }).where(eq(payments.id, id));
      await held;
    });
    await sleep(200);
    const creating = createGame(newGame('given-back'));
    await someoneWaits(current());
    commit();
    await giving;
    expect(await creating).toBe(false);
    expect(await gameRows('given-back')).toBe(0);
    expect(await statusOf(id)).toBe('refund_due');
  });
});
