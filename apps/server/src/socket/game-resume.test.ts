// Durable games (docs/durable-games.md), on real servers sharing one database: a game outlives
// the node that ran it. The node stops in the middle of a round (a deploy) or another node takes
// it over; the players reconnect to the node that has it, the round in progress starts again,
// and the game ends by the rules with its record and stats written once. A node that starts
// while games run elsewhere leaves them alone.
import { setTimeout as sleep } from 'node:timers/promises';
import { type PublishedGame, replayRecord } from '@duel-dojo/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, userStats } from '../adapters/db/schema';
import { type TestDatabase, testDatabases } from '../test-support';
import { type Database, FREE_JOIN, type GameHarness, GHOST, READS_RIGHT, READS_WRONG, connect, playToEnd, signUp, startGameServer } from '../test-support/game-server';

const LEASES = { leaseMs: 1_000, tickMs: 100, abandonAfterMs: 60_000 };
const ROUNDS = { introMs: 60, roundMs: 3_000, resultsMs: 60, statsPushMs: 100 };

/**
 * Registers the describe's hooks: one database opened before its tests, and every node started on
 * it stopped after them (a test that fails half-way leaves none running), then the database closed.
 */
function nodesOn(target: TestDatabase) {
  let database: Database;
  const harnesses: GameHarness[] = [];
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    for (const harness of harnesses) await harness.stop().catch(() => undefined);
    await database?.close();
  });
  return {
    get database(): Database {
      return database;
    },
    async node(nodeId: string): Promise<GameHarness> {
      const harness = await startGameServer(database, { nodeId, leaseTimings: LEASES, gameTimings: ROUNDS });
      harnesses.push(harness);
      return harness;
    },
  };
}

describe.each(testDatabases())('durable games on $kind', (target) => {
  const nodes = nodesOn(target);

  it('a node stops mid-round (a deploy): another node resumes the game from its last closed round, and it ends by the rules, written once', async () => {
    const { database } = nodes;
    const first = await nodes.node('first');
    const one = await signUp(first.url, 'resumer_one');
    const two = await signUp(first.url, 'resumer_two');
    const a1 = await connect(first.url, one.token);
    const a2 = await connect(first.url, two.token);
    a1.emit('joinGame', FREE_JOIN(one.address, GHOST));
    const joined = await a1.next('gameState');
    // A seed of player 1's own: the hits of every round, before and after the resume, use it.
    a1.emit('submitClientSeed', { sessionId: joined.sessionId, clientSeed: 'resumer-seed' });
    a1.emit('submitClientSeed', { sessionId: joined.sessionId, clientSeed: 'again' });
    await a1.next('error', (error) => error.code === 'CLIENT_SEED_ALREADY_SENT');
    a2.emit('joinGame', FREE_JOIN(two.address, GHOST));
    await a1.next('roundStart', (start) => start.round === 1);
    await a2.next('roundStart', (start) => start.round === 1);
    a1.emit('playerAction', READS_RIGHT);
    a2.emit('playerAction', READS_WRONG);
    const closed = await a1.next('roundEnd', (end) => end.round === 1);
    expect(closed.gameOver).toBe(false);
    await a1.next('roundStart', (start) => start.round === 2);
    a1.emit('playerAction', READS_RIGHT);
    await a1.next('actionConfirmed', (confirmed) => confirmed.round === 2);
    const lastSeen = Math.max(...a1.received.map((item) => (item.payload as { version?: number })?.version ?? 0));

    await first.stop();
    const second = await nodes.node('second');
    const b1 = await connect(second.url, one.token);
    const b2 = await connect(second.url, two.token);
    // The new node has the game (its takeover runs before it serves anyone).
    b1.emit('checkActiveGame', { walletAddress: one.address });
    const found = await b1.next('activeGameCheck');
    expect(found.gameSession).toMatchObject({ sessionId: joined.sessionId, phase: 'results', round: 1, gameOver: false });
    expect(found.gameSession?.playerCharacter.health).toBe(closed.player1Health);
    expect(found.gameSession?.opponentCharacter?.health).toBe(closed.player2Health);
    // Past anything the old node sent: clients take the new state, and drop the old node's late events.
    expect(found.gameSession?.version).toBeGreaterThan(lastSeen);
    b2.emit('checkActiveGame', { walletAddress: two.address });
    await b2.next('activeGameCheck', (check) => check.gameSession?.sessionId === joined.sessionId);

    // The interrupted round 2 starts again once both are back; the move locked before is void.
    const ends = await playToEnd(b1, b2, READS_RIGHT, READS_WRONG);
    expect(ends[0]?.round).toBe(2);
    const last = ends[ends.length - 1];
    expect(last).toMatchObject({ gameOver: true, winner: 'player1' });

    await expect.poll(async () => (await database.db.select().from(games).where(eq(games.sessionId, joined.sessionId)))[0]?.gameOver).toBe(true);
    const [row] = await database.db.select().from(games).where(eq(games.sessionId, joined.sessionId));
    expect(row).toMatchObject({ winner: one.address, currentRound: last?.round, ownerNode: null });
    expect(row?.rounds).toHaveLength(last?.round ?? 0);
    const stats = async (userId: string) => (await database.db.select().from(userStats).where(eq(userStats.userId, userId)))[0];
    expect(await stats(one.userId)).toMatchObject({ totalMatches: 1, wins: 1 });
    expect(await stats(two.userId)).toMatchObject({ totalMatches: 1, losses: 1 });
    // Anyone can check the whole game, the rounds played on both nodes, with the seeds published.
    const record = (await fetch(`${second.url}/api/games/${joined.sessionId}`).then((answer) => answer.json())) as { game: PublishedGame };
    expect(record.game.fairness?.clientSeeds).toEqual({ player1: 'resumer-seed', player2: '' });
    const replay = replayRecord(record.game);
    expect(replay).toMatchObject({ withClientSeeds: true, mismatchedRounds: [], problems: [], valid: true });
    for (const client of [a1, a2, b1, b2]) client.close();
  });
});

// Only a shared server database can have two nodes at once (an embedded one has one process).
describe.each(testDatabases().filter((target) => target.kind === 'postgres'))('several nodes on $kind', (target) => {
  const nodes = nodesOn(target);

  it('a node started while another runs games takes none of them: the game ends on its own node with a winner', async () => {
    const running = await nodes.node('running');
    const one = await signUp(running.url, 'steady_one');
    const two = await signUp(running.url, 'steady_two');
    const c1 = await connect(running.url, one.token);
    const c2 = await connect(running.url, two.token);
    c1.emit('joinGame', FREE_JOIN(one.address, GHOST));
    const joined = await c1.next('gameState');
    c2.emit('joinGame', FREE_JOIN(two.address, GHOST));
    await c1.next('roundStart', (start) => start.round === 1);

    const newcomer = await nodes.node('newcomer');
    // Several of the newcomer's passes go by while the game runs.
    await sleep(LEASES.leaseMs * 2);
    const ends = await playToEnd(c1, c2, READS_RIGHT, READS_WRONG);
    expect(ends[ends.length - 1]).toMatchObject({ gameOver: true, winner: 'player1' });
    const { database } = nodes;
    await expect.poll(async () => (await database.db.select().from(games).where(eq(games.sessionId, joined.sessionId)))[0]?.winner).toBe(one.address);
    expect((await newcomer.modules.duels.stats()).activeGames).toBe(0);
    for (const client of [c1, c2]) client.close();
  });
});
