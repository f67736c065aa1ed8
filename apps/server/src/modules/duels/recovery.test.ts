// Leases of live games on the real database (docs/durable-games.md): a game whose node is gone is
// taken over once, under a new epoch that fences the old node; only a game nobody took over in
// time is settled by the abandonment rule, and no stake stays stuck.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Lamports, ZERO_LAMPORTS, toLamports } from '@duel-dojo/rules';
import type { Database } from '../../adapters/db/connect';
import { createDuelsStore } from '../../adapters/db/duels-store';
import { createGameLeasesStore } from '../../adapters/db/game-leases-store';
import { games, payments } from '../../adapters/db/schema';
import { testDatabases } from '../../test-support';
import { seedGame } from '../../test-support/seed';
import type { GameLeasesStore } from './recovery';

const A = { id: null, wallet: 'A'.repeat(44) };
const B = { id: null, wallet: 'B'.repeat(44) };
const LEASE = { leaseMs: 60_000, abandonAfterMs: 120_000, limit: 100, anyLease: false };
const liveState = { betAmount: 'Free!', paid: false, inviteCode: null, reserved: false, version: 3, seats: { player1: null, player2: null } };

describe.each(testDatabases())('game leases on $kind', (target) => {
  let database: Database;
  let leases: GameLeasesStore;
  beforeAll(async () => {
    database = await target.open();
    leases = createGameLeasesStore(database.db);
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await database.db.delete(payments);
    await database.db.delete(games);
  });

  /** A live game leased to `node`, its lease lapsing `lapsesInMs` from now (negative: lapsed). */
  async function leased(sessionId: string, node: string, lapsesInMs: number, options: { stake?: Lamports; waiting?: boolean } = {}) {
    const stake = options.stake ?? ZERO_LAMPORTS;
    await seedGame(database.db, { sessionId, player1: A, player2: options.waiting ? null : B, stakeLamports: stake, betAmount: stake > 0n ? '5$' : 'Free!', serverSeed: 'ab'.repeat(32) });
    await database.db
      .update(games)
      .set({ ownerNode: node, leaseEpoch: 1, liveState, leaseExpiresAt: sql`now() + ${lapsesInMs} * interval '1 millisecond'` })
      .where(eq(games.sessionId, sessionId));
  }

  const row = async (sessionId: string) => (await database.db.select().from(games).where(eq(games.sessionId, sessionId)))[0];

  it('takes over only games whose lease lapsed, each under a new epoch, and never twice', async () => {
    await leased('alive', 'node-a', 60_000);
    await leased('orphan', 'node-b', -1_000);
    await leased('orphan-waiting', 'node-b', -5_000, { waiting: true });

    const taken = await leases.takeOver('node-c', LEASE);
    expect(taken.map((game) => game.sessionId).sort()).toEqual(['orphan', 'orphan-waiting']);
    expect(taken.every((game) => game.fence.node === 'node-c' && game.fence.epoch === 2)).toBe(true);
    expect(taken.find((game) => game.sessionId === 'orphan')).toMatchObject({ serverSeed: 'ab'.repeat(32), liveState });
    expect(await row('alive')).toMatchObject({ ownerNode: 'node-a', leaseEpoch: 1 });
    // Leased to node-c now: another node finds nothing to take.
    expect(await leases.takeOver('node-d', LEASE)).toEqual([]);
  });

  it('splits lapsed games between two nodes looking at once: each game gets exactly one new owner', async () => {
    for (let i = 0; i < 12; i += 1) await leased(`orphan-${i}`, 'dead', -1_000);
    const [one, two] = await Promise.all([leases.takeOver('node-1', { ...LEASE, limit: 7 }), leases.takeOver('node-2', { ...LEASE, limit: 7 })]);
    const ids = [...(one ?? []), ...(two ?? [])].map((game) => game.sessionId);
    expect(new Set(ids).size).toBe(ids.length);
    // Whatever the first pass left (a node's batch is 7), the next pass takes; no game is lost.
    const rest = await leases.takeOver('node-1', LEASE);
    expect(ids.length + rest.length).toBe(12);
    const rows = await database.db.select().from(games);
    expect(rows.every((game) => game.leaseEpoch === 2 && (game.ownerNode === 'node-1' || game.ownerNode === 'node-2'))).toBe(true);
  });

  it('fences the old owner: after a takeover its round, result and cancel writes change nothing', async () => {
    await leased('contested', 'old', -1_000);
    const [taken] = await leases.takeOver('new', LEASE);
    expect(taken?.fence).toEqual({ node: 'new', epoch: 2 });
    const store = createDuelsStore(database.db, { leaseMs: 60_000 });
    const round = { sessionId: 'contested', currentRound: 1, rounds: [], liveState: { ...liveState, version: 9 } } as never;
    expect(await store.saveRound(round, { node: 'old', epoch: 1 })).toBe(false);
    const result = { sessionId: 'contested', winner: A.wallet, currentRound: 2, rounds: [], serverSeed: 'ab'.repeat(32), endedAt: new Date(), payoutState: 'none' as const, endReason: 'knockout' as const, clientSeeds: null };
    expect(await store.finishGame(result, [], { node: 'old', epoch: 1 })).toBe(false);
    expect(await row('contested')).toMatchObject({ gameOver: false, winner: null, ownerNode: 'new' });
    // The new owner's writes go through, once.
    expect(await store.saveRound(round, { node: 'new', epoch: 2 })).toBe(true);
    expect(await store.finishGame(result, [], { node: 'new', epoch: 2 })).toBe(true);
    expect(await store.finishGame(result, [], { node: 'new', epoch: 2 })).toBe(false);
    expect(await row('contested')).toMatchObject({ gameOver: true, winner: A.wallet });
  });

  it('renews only its own live games and lets them all go at a graceful stop', async () => {
    await leased('mine', 'me', 500);
    await leased('theirs', 'them', 500);
    const held = await leases.renew('me', 60_000);
    expect([...held]).toEqual([['mine', 1]]);
    expect(await leases.takeOver('other', LEASE)).toEqual([]);
    await leases.release('me');
    await expect.poll(async () => (await leases.takeOver('other', LEASE)).map((game) => game.sessionId)).toEqual(['mine']);
  });

  it('settles only games no node took over within the deadline: a started one drawn, a waiting one closed, paid ones refunded', async () => {
    await leased('running-paid', 'dead', -200_000, { stake: toLamports(50_000_000n) });
    await leased('running-free', 'dead', -200_000);
    await leased('waiting-paid', 'dead', -200_000, { stake: toLamports(50_000_000n), waiting: true });
    await leased('recently-orphaned', 'dead', -5_000, { stake: toLamports(50_000_000n) });
    await seedGame(database.db, { sessionId: 'finished', player1: A, player2: B, winner: A.wallet, stakeLamports: toLamports(50_000_000n), betAmount: '5$' });
    await database.db.update(games).set({ payoutState: 'due' }).where(eq(games.sessionId, 'finished'));

    const now = new Date('2026-06-01T00:00:00Z');
    const after = { abandonAfterMs: 120_000, strandedAfterMs: 120_000 };
    const result = await leases.settleAbandoned(now, after);
    expect(result).toMatchObject({ started: 2, waiting: 1, strandedStakes: 0 });
    // With the live state that names their players, whose one-game claims are then freed.
    expect(result.settled.map((game) => game.sessionId).sort()).toEqual(['running-free', 'running-paid', 'waiting-paid']);
    expect(result.settled.map((game) => game.liveState)).toEqual([liveState, liveState, liveState]);
    expect(await row('running-paid')).toMatchObject({ gameOver: true, winner: 'draw', payoutState: 'refund_due', endedAt: now });
    expect(await row('running-free')).toMatchObject({ gameOver: true, winner: 'draw', payoutState: 'none' });
    expect(await row('waiting-paid')).toMatchObject({ gameOver: false, payoutState: 'refund_due', endedAt: now });
    expect(await row('finished')).toMatchObject({ gameOver: true, winner: A.wallet, payoutState: 'due' });
    // Still within the deadline: another node will resume it.
    expect(await row('recently-orphaned')).toMatchObject({ gameOver: false, endedAt: null, payoutState: 'none' });
    expect(await leases.settleAbandoned(now, after)).toEqual({ started: 0, waiting: 0, strandedStakes: 0, settled: [] });
  });

  it('gives back a verified stake bound to a game never written, once its node had time to write it', async () => {
    const stake = { kind: 'stake' as const, wallet: 'C'.repeat(44), expectedLamports: toLamports(33_333_333n), status: 'verified' as const, expiresAt: new Date(Date.now() + 600_000) };
    const longAgo = new Date(Date.now() - 600_000);
    const [stranded] = await database.db.insert(payments).values({ ...stake, reference: 'R'.repeat(43), signature: 'S'.repeat(88), gameSessionId: 'never-written', verifiedAt: longAgo }).returning();
    const [justBound] = await database.db.insert(payments).values({ ...stake, reference: 'V'.repeat(43), signature: 'W'.repeat(88), gameSessionId: 'being-written', verifiedAt: new Date() }).returning();
    const [unbound] = await database.db.insert(payments).values({ ...stake, reference: 'Q'.repeat(43), signature: 'T'.repeat(88), gameSessionId: null, verifiedAt: longAgo }).returning();
    await seedGame(database.db, { sessionId: 'written', player1: { id: null, wallet: stake.wallet }, player2: null, stakeLamports: toLamports(33_333_333n), betAmount: '5$' });
    await database.db.update(games).set({ leaseExpiresAt: sql`now() + interval '1 minute'` }).where(eq(games.sessionId, 'written'));
    const [bound] = await database.db.insert(payments).values({ ...stake, reference: 'P'.repeat(43), signature: 'U'.repeat(88), gameSessionId: 'written', verifiedAt: longAgo }).returning();

    expect(await leases.settleAbandoned(new Date(), { abandonAfterMs: 120_000, strandedAfterMs: 120_000 })).toMatchObject({ strandedStakes: 1 });
    const status = async (id: string | undefined) => (await database.db.select().from(payments).where(eq(payments.id, id as string)))[0]?.status;
    expect(await status(stranded?.id)).toBe('refund_due');
    // Another node may be writing that game's row right now; a stake not bound yet is the
    // player's to use; one bound to a written game is that game's.
    expect(await status(justBound?.id)).toBe('verified');
    expect(await status(unbound?.id)).toBe('verified');
    expect(await status(bound?.id)).toBe('verified');
    // With no other node possible (an embedded database at start), it goes back at once.
    expect(await leases.settleAbandoned(new Date(), { abandonAfterMs: 120_000, strandedAfterMs: 0 })).toMatchObject({ strandedStakes: 1 });
    expect(await status(justBound?.id)).toBe('refund_due');
  });
});
