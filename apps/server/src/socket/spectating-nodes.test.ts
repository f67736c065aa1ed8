// Spectating across nodes (docs/spectating.md, docs/several-nodes.md): a spectator connected to
// another node than the game's is counted by the game's node and gets every broadcast through
// the Socket.IO Redis adapter's room, never a move before its reveal (docs/security.md 32).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '../test-support';
import { type Database, FREE_JOIN, type GameHarness, GHOST, READS_RIGHT, READS_WRONG, connect, signUp } from '../test-support/game-server';
import { nodeCluster, severalNodeTargets } from '../test-support/several-nodes';
import { expectNoMoveBeforeReveal } from '../test-support/spectator-checks';

const ROUNDS = { introMs: 400, roundMs: 3_000, resultsMs: 60, statsPushMs: 100 };

describe.each(severalNodeTargets())('spectating across nodes on $kind and Redis', (target) => {
  let database: Database;
  const cluster = nodeCluster(ROUNDS);
  const { harnesses } = cluster;

  beforeAll(async () => {
    database = await target.open();
    await cluster.start(database, 'watch-node-one');
    await cluster.start(database, 'watch-node-two');
  });
  afterAll(async () => {
    await cluster.stopAll();
    await database?.close();
  });

  it("a spectator on the other node sees the game's every broadcast, then unwatches", async () => {
    const [one, two] = harnesses as [GameHarness, GameHarness];
    const [gus, hal] = await Promise.all([signUp(one.url, 'gus_nodes'), signUp(one.url, 'hal_nodes')]);
    const [g, h] = await Promise.all([connect(one.url, gus.token), connect(one.url, hal.token)]);
    g.emit('joinGame', FREE_JOIN(gus.address, GHOST));
    const waiting = await g.next('gameState', (s) => s.phase === 'waiting');
    h.emit('joinGame', FREE_JOIN(hal.address, GHOST));
    await g.next('gameState', (s) => s.phase === 'intro');
    const { sessionId } = waiting;

    // The match is written behind the game's first emit, so the list shows it once that write lands.
    await expect
      .poll(async () => (await getJson<{ games: { sessionId: string }[] }>(`${two.url}/api/games/live`)).body.games.map((game) => game.sessionId), { timeout: 15_000 })
      .toContain(sessionId);
    const spectator = await connect(two.url);
    spectator.emit('watchGame', { sessionId });
    expect(await spectator.next('gameState')).toMatchObject({ sessionId, player1Name: 'gus_nodes', player2Name: 'hal_nodes' });
    expect(await spectator.next('spectators')).toEqual({ sessionId, count: 1 });

    const start = await spectator.next('roundStart', () => true, 8_000);
    g.emit('playerAction', READS_RIGHT);
    await h.next('opponentLocked', (l) => l.round === start.round);
    h.emit('playerAction', READS_WRONG);
    const end = await spectator.next('roundEnd', (e) => e.round === start.round);
    expect(end).toEqual(await g.next('roundEnd', (e) => e.round === start.round));
    // No gameState per round (docs/game-events.md): roundEnd is the round's whole news.

    spectator.emit('unwatchGame', { sessionId });
    // The game's node forgets the spectator: a fresh count push says none is left.
    const other = await connect(two.url);
    other.emit('watchGame', { sessionId });
    await other.next('gameState');
    expect(await other.next('spectators')).toEqual({ sessionId, count: 1 });
    const heard = spectator.received.length;
    // Any later round: on a loaded machine the next round may have begun before this watch did.
    await other.next('roundStart', (s) => s.round > start.round, 8_000);
    g.emit('resign', { sessionId });
    await other.next('gameState', (s) => s.gameOver);
    expect(spectator.received.slice(heard)).toEqual([]);
    expectNoMoveBeforeReveal(spectator);
    expectNoMoveBeforeReveal(other);
    for (const client of [g, h, spectator, other]) client.close();
  });
});
