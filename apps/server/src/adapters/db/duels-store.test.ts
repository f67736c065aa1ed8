// The per-game statements, prepared once (duels-statements.ts), write exactly the rows the
// statements drizzle built on every call wrote before: the same game created, started, its round
// saved and its record written twice, once each way, gives the same row. A game with no
// registered player is finished by one UPDATE, with the same fencing as the transaction.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FinishedGameRow, NewGameRow, SavedRound } from '../../modules/duels';
import { testDatabases } from '../../test-support';
import { useDatabase } from '../../test-support/database-suite';
import { gameRowWithoutIds, newGameRow } from '../../test-support/game-rows';
import type { Database, Db } from './connect';
import { createDuelsStore } from './duels-store';
import { games } from './schema';

const LEASE_MS = 60_000;
const fence = { node: 'node-a', epoch: 1 };
const liveState = { betAmount: 'Free!', paid: false, inviteCode: 'invite', reserved: false, version: 1, seats: { player1: null, player2: null } } as never;
const side = { action: 'attack', prediction: 'dodge', predictedRight: false, damageTaken: 12, healingReceived: 0, health: 88, factor: 1.0123 };
const rounds = [{ round: 1, suddenDeath: false, roundWinner: 'player2', player1: side, player2: { ...side, health: 100, damageTaken: 0, factor: 0.9456 } }];

const newRow = (sessionId: string): NewGameRow => newGameRow(sessionId, liveState);
const matched = { player2Id: null, player2Wallet: null, player2Name: null, player2Character: 2, isBot: true };
const saved = (sessionId: string): SavedRound => ({ sessionId, currentRound: 1, rounds: rounds as never, liveState: { ...(liveState as object), version: 4 } as never });
const result = (sessionId: string): FinishedGameRow => ({
  sessionId,
  winner: 'player2',
  endReason: 'knockout',
  currentRound: 1,
  rounds: rounds as never,
  serverSeed: 'ab'.repeat(32),
  clientSeeds: { player1: 'seed-1', player2: '' },
  endedAt: new Date('2026-11-26T10:00:00.000Z'),
  payoutState: 'none',
});

/** The statements as duels-store.ts built them before they were prepared. */
async function writeTheOldWay(db: Db, sessionId: string): Promise<void> {
  const held = and(eq(games.sessionId, sessionId), eq(games.ownerNode, fence.node), eq(games.leaseEpoch, fence.epoch));
  await db.insert(games).values({ ...newRow(sessionId), payoutState: 'none', ownerNode: fence.node, leaseEpoch: fence.epoch, leaseExpiresAt: sql`now() + ${LEASE_MS} * interval '1 millisecond'` });
  await db.update(games).set({ ...matched, liveState }).where(and(held, eq(games.gameOver, false), isNull(games.endedAt), isNull(games.player2Character)));
  const round = saved(sessionId);
  await db.update(games).set({ currentRound: round.currentRound, rounds: round.rounds.map((entry) => ({ ...entry })), liveState: round.liveState }).where(held);
  const done = result(sessionId);
  await db.transaction(async (tx) => {
    await tx
      .update(games)
      .set({ ...done, rounds: done.rounds.map((entry) => ({ ...entry })), gameOver: true, ownerNode: null, liveState: null })
      .where(and(held, eq(games.gameOver, false)));
  });
}

describe.each(testDatabases())('the duels store on $kind', (target) => {
  let database: Database;
  useDatabase(target, (opened) => (database = opened));
  const row = (sessionId: string) => gameRowWithoutIds(database, sessionId);

  it('writes through its prepared statements the same rows as the statements built per call', async () => {
    const store = createDuelsStore(database.db, { leaseMs: LEASE_MS });
    const mine = `prepared-${Date.now()}`;
    const before = `built-${Date.now()}`;
    await writeTheOldWay(database.db, before);

    await store.createGame(newRow(mine), fence);
    expect(await store.startGame(mine, matched, liveState, fence)).toBe(true);
    expect(await store.startGame(mine, matched, liveState, fence)).toBe(false);
    const midGame = await row(mine);
    expect(midGame).toMatchObject({ player2Character: 2, isBot: true, ownerNode: 'node-a', leaseEpoch: 1, gameOver: false });
    expect(await store.saveRound(saved(mine), fence)).toBe(true);
    expect(await store.saveRound(saved(mine), { node: 'node-b', epoch: 2 })).toBe(false);
    expect(await store.finishGame(result(mine), [], { node: 'node-a', epoch: 2 })).toBe(false);
    expect(await store.finishGame(result(mine), [], fence)).toBe(true);
    // Over is over: a retry after a late success writes nothing.
    expect(await store.finishGame(result(mine), [], fence)).toBe(false);

    expect(await row(mine)).toEqual(await row(before));
    expect(await row(mine)).toMatchObject({ gameOver: true, winner: 'player2', rounds, liveState: null, ownerNode: null, clientSeeds: { player1: 'seed-1', player2: '' } });
  });
});
