// Many games' new rows, second seats, rounds and records in one statement per kind, on the real
// database (docs/durable-games.md "One statement for many games"): the rows are the same as one
// write per game gives, every game
// of a batch resumes from its own round after its node is gone, and a game another node took over
// refuses its row while the rest of the batch lands.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/connect';
import { createDuelsStore } from '../../adapters/db/duels-store';
import { createGameLeasesStore } from '../../adapters/db/game-leases-store';
import { games } from '../../adapters/db/schema';
import { testDatabases } from '../../test-support';
import { useDatabase } from '../../test-support/database-suite';
import { gameRowWithoutIds, newGameRow } from '../../test-support/game-rows';
import { batchedWrites } from './game-write-batches';
import type { LiveState } from './live-state';
import type { DuelsStore, FinishedGameRow, NewGameRow, RoundLogRow, SavedRound } from './ports';

const LEASE_MS = 60_000;
const GAMES = 12;
const mine = { node: 'node-a', epoch: 1 };

const liveState = (version: number) => ({ betAmount: 'Free!', paid: false, inviteCode: null, reserved: false, version, seats: { player1: null, player2: null } }) as unknown as LiveState;
const side = (health: number, factor: number) => ({ action: 'attack', prediction: 'dodge', predictedRight: false, damageTaken: 100 - health, healingReceived: 0, health, factor });
const log = (rounds: number, salt: number): RoundLogRow[] =>
  Array.from({ length: rounds }, (_, i) => ({ round: i + 1, suddenDeath: false, roundWinner: 'player1', player1: side(100, 1.01 + salt / 1000), player2: side(90 - i * 7, 0.93) }));

const newRow = (sessionId: string): NewGameRow => newGameRow(sessionId, liveState(1));
const matched = { player2Id: null, player2Wallet: null, player2Name: null, player2Character: 2, isBot: true };
const saved = (sessionId: string, rounds: number, salt: number): SavedRound => ({ sessionId, currentRound: rounds, rounds: log(rounds, salt), liveState: liveState(10 + salt) });
const result = (sessionId: string, clientSeeds: FinishedGameRow['clientSeeds']): FinishedGameRow => ({
  sessionId,
  winner: 'player1',
  endReason: 'knockout',
  currentRound: 3,
  rounds: log(3, 7),
  serverSeed: 'ab'.repeat(32),
  clientSeeds,
  endedAt: new Date('2026-11-26T10:00:00.123Z'),
  payoutState: 'none',
});

/** The store, counting the batched statements it is asked for. */
function counted(store: DuelsStore) {
  const statements: { kind: string; rows: number }[] = [];
  const wrapped: DuelsStore = {
    ...store,
    createGames: (batch) => (statements.push({ kind: 'creates', rows: batch.length }), store.createGames(batch)),
    startGames: (batch) => (statements.push({ kind: 'starts', rows: batch.length }), store.startGames(batch)),
    saveRounds: (batch) => (statements.push({ kind: 'rounds', rows: batch.length }), store.saveRounds(batch)),
    finishGames: (batch) => (statements.push({ kind: 'records', rows: batch.length }), store.finishGames(batch)),
  };
  return { store: wrapped, statements };
}

describe.each(testDatabases())('batched game writes on $kind', (target) => {
  let database: Database;
  useDatabase(target, (opened) => (database = opened));
  const row = (sessionId: string) => gameRowWithoutIds(database, sessionId);
  const startedGame = async (store: DuelsStore, sessionId: string) => {
    await store.createGame(newRow(sessionId), mine);
    expect(await store.startGame(sessionId, matched, liveState(2), mine)).toBe(true);
  };
  /** Another node took the game over (a new epoch): this node's fence is stale for it. */
  const takenOver = (sessionId: string) => database.db.update(games).set({ ownerNode: 'node-b', leaseEpoch: 2 }).where(eq(games.sessionId, sessionId));

  it("writes many games' closed rounds in one statement; each resumes from its own round on another node, and a stale one refuses only its row", async () => {
    const plain = createDuelsStore(database.db, { leaseMs: LEASE_MS });
    const { store, statements } = counted(plain);
    const ids = Array.from({ length: GAMES }, (_, i) => `tick-${i}`);
    for (const id of ids) await startedGame(plain, id);
    await takenOver('tick-5');

    const batches = batchedWrites(store);
    const answers = await Promise.all(ids.map((id, i) => batches.saveRound(saved(id, (i % 4) + 1, i), mine)));

    expect(statements).toEqual([{ kind: 'rounds', rows: GAMES }]);
    expect(answers).toEqual(ids.map((id) => id !== 'tick-5'));
    // The same row as one UPDATE per game writes.
    const single = 'single-write';
    await startedGame(plain, single);
    expect(await plain.saveRound(saved(single, 2, 1), mine)).toBe(true);
    expect(await row('tick-1')).toEqual(await row(single));
    // The stale owner changed nothing of the game it lost.
    expect(await row('tick-5')).toMatchObject({ currentRound: 0, rounds: [], ownerNode: 'node-b', leaseEpoch: 2 });

    // node-a is gone: another node takes its games over and reads each one's own round log and live state.
    const leases = createGameLeasesStore(database.db);
    await leases.release('node-a');
    const taken = await leases.takeOver('node-c', { leaseMs: LEASE_MS, abandonAfterMs: 120_000, limit: 100, anyLease: false });
    const resumed = new Map(taken.map((game) => [game.sessionId, game]));
    expect([...resumed.keys()].sort()).toEqual([...ids.filter((id) => id !== 'tick-5'), single].sort());
    ids.forEach((id, i) => {
      if (id === 'tick-5') return;
      const rounds = (i % 4) + 1;
      expect(resumed.get(id)).toMatchObject({ rounds: log(rounds, i), liveState: liveState(10 + i), fence: { node: 'node-c', epoch: 2 } });
    });
  });

  it("creates and seats many games in one statement each, the same rows as one at a time; a game taken over or seated refuses its seat", async () => {
    const plain = createDuelsStore(database.db, { leaseMs: LEASE_MS });
    const { store, statements } = counted(plain);
    const batches = batchedWrites(store);
    const ids = ['new-a', 'new-b', 'new-stale', 'new-seated'];
    await Promise.all(ids.map((id) => batches.createGame({ ...newRow(id), player1Name: `name ${id}` }, mine)));
    await takenOver('new-stale');
    expect(await plain.startGame('new-seated', matched, liveState(2), mine)).toBe(true);
    const seated = await Promise.all(ids.map((id) => batches.startGame(id, { ...matched, player2Character: 3 }, liveState(5), mine)));

    expect(statements).toEqual([
      { kind: 'creates', rows: 4 },
      { kind: 'starts', rows: 4 },
    ]);
    expect(seated).toEqual([true, true, false, false]);
    await plain.createGame({ ...newRow('alone'), player1Name: 'name new-a' }, mine);
    expect(await plain.startGame('alone', { ...matched, player2Character: 3 }, liveState(5), mine)).toBe(true);
    expect(await row('new-a')).toEqual(await row('alone'));
    expect(await row('new-b')).toMatchObject({ player1Name: 'name new-b', player2Character: 3, ownerNode: 'node-a', leaseEpoch: 1, stakeLamports: 0n });
    expect(await row('new-stale')).toMatchObject({ player2Character: null, ownerNode: 'node-b' });
    expect(await row('new-seated')).toMatchObject({ player2Character: 2, liveState: liveState(2) });
  });

  it("writes many games' records in one statement, the same rows as one at a time; a game over or taken over refuses its own", async () => {
    const plain = createDuelsStore(database.db, { leaseMs: LEASE_MS });
    const { store, statements } = counted(plain);
    for (const id of ['end-a', 'end-b', 'end-stale', 'end-over', 'one-a', 'one-b']) await startedGame(plain, id);
    await takenOver('end-stale');
    expect(await plain.finishGame(result('end-over', null), [], mine)).toBe(true);
    const seeds = { player1: 'seed-1', player2: '' };

    const batches = batchedWrites(store);
    const answers = await Promise.all([
      batches.finishGame(result('end-a', seeds), [], mine),
      batches.finishGame(result('end-b', null), [], mine),
      batches.finishGame(result('end-stale', seeds), [], mine),
      batches.finishGame(result('end-over', seeds), [], mine),
    ]);

    expect(statements).toEqual([{ kind: 'records', rows: 4 }]);
    expect(answers).toEqual([true, true, false, false]);
    expect(await plain.finishGame(result('one-a', seeds), [], mine)).toBe(true);
    expect(await plain.finishGame(result('one-b', null), [], mine)).toBe(true);
    expect(await row('end-a')).toEqual(await row('one-a'));
    expect(await row('end-b')).toEqual(await row('one-b'));
    expect(await row('end-b')).toMatchObject({ gameOver: true, clientSeeds: null, liveState: null, ownerNode: null, endedAt: new Date('2026-11-26T10:00:00.123Z') });
    expect(await row('end-stale')).toMatchObject({ gameOver: false, winner: null, ownerNode: 'node-b' });
    // Over is over: the earlier record stays as it was.
    expect(await row('end-over')).toMatchObject({ gameOver: true, clientSeeds: null });
  });
});
