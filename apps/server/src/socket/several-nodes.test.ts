// Several nodes on one PostgreSQL and one Redis (docs/several-nodes.md), as real servers in this
// process, each with its own Socket.IO, Redis connections and node id: players connected to
// different nodes meet exactly as on one node, an invite made on one is joined from another, a
// wallet holds one game across all of them, and a game whose node stops plays on elsewhere with
// the player who never left their node.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../adapters/db/schema';
import type { ReservedGameOver } from '../modules/tournaments';
import { type Database, FREE_JOIN, type GameHarness, GHOST, READS_RIGHT, READS_WRONG, connect, playToEnd, recorded, signUp, startGameServer } from '../test-support/game-server';
import { TEST_LEASES, nodeCluster, severalNodeTargets, testRedisUrl } from '../test-support/several-nodes';

const ROUNDS = { introMs: 60, roundMs: 3_000, resultsMs: 60, statsPushMs: 100 };
const redisUrl = testRedisUrl();

describe.each(severalNodeTargets())('several nodes on $kind and Redis', (target) => {
  let database: Database;
  const cluster = nodeCluster(ROUNDS);
  const { prefix, harnesses } = cluster;
  const node = (nodeId: string) => cluster.start(database, nodeId);
  let one: GameHarness;
  let two: GameHarness;

  beforeAll(async () => {
    database = await target.open();
    one = await node('node-one');
    two = await node('node-two');
  });
  afterAll(async () => {
    await cluster.stopAll();
    await database?.close();
  });

  const recordOf = async (sessionId: string) => (await database.db.select().from(games).where(eq(games.sessionId, sessionId)))[0];

  it('matches two players connected to different nodes and plays their game to the end, recorded once', async () => {
    const alice = await signUp(one.url, 'alice_nodes');
    const bob = await signUp(two.url, 'bob_nodes');
    const a = await connect(one.url, alice.token);
    const b = await connect(two.url, bob.token);
    a.emit('joinGame', FREE_JOIN(alice.address, GHOST));
    const waiting = await a.next('gameState', (state) => state.phase === 'waiting');
    b.emit('joinGame', FREE_JOIN(bob.address, GHOST));
    const seen = await b.next('gameState', (state) => state.phase === 'intro');
    expect(seen).toMatchObject({ sessionId: waiting.sessionId, player1Wallet: alice.address, player2Wallet: bob.address });
    const ends = await playToEnd(a, b, READS_RIGHT, READS_WRONG);
    expect(ends.at(-1)).toMatchObject({ gameOver: true, winner: 'player1' });
    await expect.poll(async () => (await recordOf(waiting.sessionId))?.winner).toBe(alice.address);
    expect(a.all('error')).toEqual([]);
    expect(b.all('error')).toEqual([]);
    a.close();
    b.close();
  });

  it('tells a player on one node that the opponent on another locked in, dropped and resigned', async () => {
    const kim = await signUp(one.url, 'kim_nodes');
    const lee = await signUp(two.url, 'lee_nodes');
    const k = await connect(one.url, kim.token);
    const l = await connect(two.url, lee.token);
    k.emit('joinGame', FREE_JOIN(kim.address, GHOST));
    const waiting = await k.next('gameState', (state) => state.phase === 'waiting');
    l.emit('joinGame', FREE_JOIN(lee.address, GHOST));
    await Promise.all([k.next('roundStart'), l.next('roundStart')]);
    l.emit('playerAction', READS_RIGHT);
    expect(await k.next('opponentLocked')).toMatchObject({ sessionId: waiting.sessionId, round: 1 });
    l.close();
    expect(await k.next('opponentStatus')).toMatchObject({ connected: false });
    // Back on the other node, lee resigns the game held by the first.
    const back = await connect(two.url, lee.token);
    back.emit('checkActiveGame', { walletAddress: lee.address });
    await back.next('activeGameCheck');
    back.emit('resign', { sessionId: waiting.sessionId });
    expect(await k.next('gameState', (state) => state.gameOver)).toMatchObject({ winner: 'player1', endReason: 'resigned' });
    await expect.poll(async () => (await recordOf(waiting.sessionId))?.endReason).toBe('resigned');
    k.close();
    back.close();
  });

  it('joins from one node the invite made on another, and a wallet cannot hold a second game through another node', async () => {
    const carol = await signUp(one.url, 'carol_nodes');
    const dave = await signUp(two.url, 'dave_nodes');
    const c = await connect(one.url, carol.token);
    const cElsewhere = await connect(two.url, carol.token);
    const d = await connect(two.url, dave.token);
    c.emit('joinGame', FREE_JOIN(carol.address, GHOST));
    const waiting = await c.next('gameState', (state) => state.phase === 'waiting');
    expect(waiting.inviteCode).toBeTruthy();

    cElsewhere.emit('joinGame', FREE_JOIN(carol.address, GHOST));
    expect(await cElsewhere.next('error')).toMatchObject({ code: 'ALREADY_IN_GAME' });

    // The other node tells who waits behind the invite, before Join.
    d.emit('lookupInvite', { inviteCode: waiting.inviteCode ?? '' });
    expect(await d.next('inviteInfo')).toMatchObject({ found: true, betAmount: 'Free!', inviterName: waiting.player1Name });
    d.emit('joinViaInvite', { inviteCode: waiting.inviteCode, selectedCharacter: GHOST, walletAddress: dave.address });
    expect(await d.next('joinViaInviteResult')).toMatchObject({ success: true });
    expect(await c.next('gameState', (state) => state.phase === 'intro')).toMatchObject({ player2Wallet: dave.address });
    const ends = await playToEnd(c, d, READS_WRONG, READS_RIGHT);
    expect(ends.at(-1)).toMatchObject({ gameOver: true, winner: 'player2' });
    for (const client of [c, cElsewhere, d]) client.close();
  });

  it('pairs twelve players joining one tier at once through two nodes into six games, none left waiting', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp((i % 2 ? two : one).url, `crowd_${i}_nodes`)));
    const clients = await Promise.all(players.map((player, i) => connect((i % 2 ? two : one).url, player.token)));
    clients.forEach((client, i) => client.emit('joinGame', FREE_JOIN(players[i]!.address, GHOST)));
    const started = await Promise.all(clients.map((client) => client.next('gameState', (state) => state.phase === 'intro', 30_000)));
    const sessions = new Map<string, string[]>();
    for (const [i, state] of started.entries()) sessions.set(state.sessionId, [...(sessions.get(state.sessionId) ?? []), players[i]!.address]);
    expect(sessions.size).toBe(6);
    for (const seated of sessions.values()) expect(seated).toHaveLength(2);
    for (const client of clients) expect(client.all('error')).toEqual([]);
    for (const client of clients) client.close();
  });

  /**
   * A game held by a node of its own (`ownerId`), its creator connected there and the joiner on
   * node two, with round 1 played (the creator wins it).
   */
  async function roundOnePlayed(ownerId: string, names: readonly [string, string]) {
    const owner = await node(ownerId);
    const creator = await signUp(owner.url, names[0]);
    const joiner = await signUp(two.url, names[1]);
    const c = await connect(owner.url, creator.token);
    const j = await connect(two.url, joiner.token);
    c.emit('joinGame', FREE_JOIN(creator.address, GHOST));
    const waiting = await c.next('gameState', (state) => state.phase === 'waiting');
    j.emit('joinGame', FREE_JOIN(joiner.address, GHOST));
    await j.next('roundStart', (start) => start.round === 1);
    await c.next('roundStart', (start) => start.round === 1);
    c.emit('playerAction', READS_RIGHT);
    j.emit('playerAction', READS_WRONG);
    const closed = await j.next('roundEnd', (end) => end.round === 1);
    expect((await recordOf(waiting.sessionId))?.ownerNode).toBe(ownerId);
    return { owner, creator, joiner, c, j, waiting, closed };
  }

  it('a game whose node stops plays on at another node: the player connected elsewhere never rejoins, the other comes back', async () => {
    const { owner: third, creator: erin, c: e, j: f, waiting, closed } = await roundOnePlayed('node-three', ['erin_nodes', 'finn_nodes']);

    await third.stop();
    // Finn, on node two all along, is told the resumed state by whichever node took it over
    // (its versions skip far past the old node's).
    const resumed = await f.next('gameState', (state) => state.phase === 'results' && state.round === 1 && state.version > closed.version + 50, 10_000);
    expect(resumed.sessionId).toBe(waiting.sessionId);
    const back = await connect(one.url, erin.token);
    back.emit('checkActiveGame', { walletAddress: erin.address });
    expect(await back.next('activeGameCheck')).toMatchObject({ hasActiveGame: true, gameSession: { sessionId: waiting.sessionId, round: 1 } });
    const ends = await playToEnd(back, f, READS_RIGHT, READS_WRONG);
    expect(ends[0]?.round).toBe(2);
    expect(ends.at(-1)).toMatchObject({ gameOver: true, winner: 'player1' });
    await recorded(database, waiting.sessionId);
    const record = await recordOf(waiting.sessionId);
    expect(record).toMatchObject({ gameOver: true, winner: erin.address });
    for (const client of [e, f, back]) client.close();
  });

  it("a game whose node stops reaches a player on the new socket that node had not yet written down", async () => {
    const { owner: fourth, creator: gail, joiner: hank, c: g, j: h, waiting, closed } = await roundOnePlayed('node-four', ['gail_nodes', 'hank_nodes']);

    // Hank's connection drops and comes back on node one with a new socket, which has not yet
    // asked for the game (nothing written of it) when node four goes.
    h.close();
    const again = await connect(one.url, hank.token);
    await fourth.stop();
    const resumed = await again.next('gameState', (state) => state.sessionId === waiting.sessionId && state.phase === 'results' && state.version > closed.version + 50, 10_000);
    expect(resumed.round).toBe(1);
    // Then the two play it to the end, Gail back through node one.
    const back = await connect(one.url, gail.token);
    back.emit('checkActiveGame', { walletAddress: gail.address });
    await back.next('activeGameCheck');
    const ends = await playToEnd(back, again, READS_RIGHT, READS_WRONG);
    expect(ends.at(-1)).toMatchObject({ gameOver: true, winner: 'player1' });
    for (const client of [g, again, back]) client.close();
  });

  it('counts a client\'s HTTP rate limit once across the nodes', async () => {
    const limited = { redisPrefix: `${prefix}limits:`, authRateLimitPerMinute: 3, leaseTimings: TEST_LEASES, gameTimings: ROUNDS, config: { redisUrl: redisUrl ?? null } };
    const left = await startGameServer(database, { ...limited, nodeId: 'limit-left' });
    const right = await startGameServer(database, { ...limited, nodeId: 'limit-right' });
    harnesses.push(left, right);
    const ask = (url: string) => fetch(`${url}/api/auth/generate-message`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ walletAddress: 'So11111111111111111111111111111111111111112' }) });
    const statuses = [];
    for (const url of [left.url, right.url, left.url, right.url]) statuses.push((await ask(url)).status);
    // Three answered between the two nodes; the fourth is over the one shared limit.
    expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it('a tournament duel reserved on the leader is joined by its code and played by two players connected to another node', async () => {
    const reader = new Redis(redisUrl ?? '');
    const leaderId = await reader.get(`${prefix}leader`);
    await reader.quit();
    const leader = [one, two].find((harness) => harness.nodeId === leaderId);
    const other = [one, two].find((harness) => harness.nodeId !== leaderId);
    if (!leader || !other) throw new Error(`no leader among the nodes (leader key: ${leaderId})`);
    const gina = await signUp(other.url, 'gina_nodes');
    const hugo = await signUp(other.url, 'hugo_nodes');
    const results: ReservedGameOver[] = [];
    leader.modules.duels.reserved.onGameOver((result) => results.push(result));
    const inviteCode = `reserved-${randomBytes(6).toString('hex')}`;
    // Not a tournament's call (a random id): the tournaments module finds no match for its result.
    leader.modules.duels.reserved.reserve({ key: randomUUID(), inviteCode, wallets: [gina.address, hugo.address] });

    const g = await connect(other.url, gina.token);
    const h = await connect(other.url, hugo.token);
    g.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: gina.address });
    expect(await g.next('joinViaInviteResult')).toMatchObject({ success: true });
    h.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: hugo.address });
    expect(await h.next('joinViaInviteResult')).toMatchObject({ success: true });
    const ends = await playToEnd(g, h, READS_RIGHT, READS_WRONG);
    expect(ends.at(-1)).toMatchObject({ gameOver: true, winner: 'player1' });
    await expect.poll(() => results.map((result) => result.winnerWallet)).toEqual([gina.address]);
    for (const client of [g, h]) client.close();
  });
});
