// Matchmaking on several nodes prefers a waiting game of the joiner's own node (queue-pick.ts,
// docs/several-nodes.md): two players on one node meet each other even when an older waiting game
// of another node is still younger than the limit, so their game's events never cross Redis; a
// game that waited the limit is taken by a joiner of any node, and a lone player on each node
// still meet. Free and paid tiers alike; real servers on one PostgreSQL and one Redis.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_NODE_PREFERENCE_MS } from '../modules/duels/queue-pick';
import { bookedStakes } from '../test-support/booked-stakes';
import { type Database, type GameClient, type GameHarness, type Player, FAST_TIMINGS, GHOST, connect, signUp, startGameServer } from '../test-support/game-server';
import { TEST_LEASES, severalNodeTargets, testRedisUrl } from '../test-support/several-nodes';

const ROUNDS = { ...FAST_TIMINGS, roundMs: 3_000 };

describe.each(severalNodeTargets())('matchmaking prefers the joiner\'s own node on $kind and Redis', (target) => {
  let database: Database;
  let one: GameHarness;
  let two: GameHarness;
  const clients: GameClient[] = [];
  // Stakes as the payments module takes them: once per payment, booked bound to one game.
  const { stakeVerifier, pay } = bookedStakes(() => database);

  beforeAll(async () => {
    database = await target.open();
    const prefix = `dd:test:${randomBytes(6).toString('hex')}:`;
    const start = (nodeId: string) => startGameServer(database, { nodeId, redisPrefix: prefix, stakeVerifier, leaseTimings: TEST_LEASES, gameTimings: ROUNDS, config: { redisUrl: testRedisUrl() ?? null } });
    one = await start('own-node-one');
    two = await start('own-node-two');
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    for (const harness of [one, two]) await harness?.stop().catch(() => undefined);
    await database?.close();
  });

  /** A signed-in player connected to `node`, and how it joins `tier` (paying for it when paid). */
  async function player(node: GameHarness, name: string, tier: string): Promise<{ player: Player; client: GameClient; join: () => void }> {
    const signed = await signUp(node.url, `${name}_${randomBytes(3).toString('hex')}`);
    const client = await connect(node.url, signed.token);
    clients.push(client);
    const join = () => {
      let paymentId: string | null = null;
      if (tier !== 'Free!') {
        paymentId = pay(signed.address);
      }
      client.emit('joinGame', { selectedCharacter: GHOST, betAmount: tier, walletAddress: signed.address, verified: paymentId !== null, paymentId });
    };
    return { player: signed, client, join };
  }
  const waitingGame = (client: GameClient) => client.next('gameState', (state) => state.phase === 'waiting');
  const started = (client: GameClient) => client.next('gameState', (state) => state.phase === 'intro', 10_000);

  it.each(['Free!', '5$'])('two players of one node meet each other while an older game of the other node waits, younger than the limit (%s)', async (tier) => {
    const [amy, bea, cal, dan] = await Promise.all([player(one, 'amy', tier), player(two, 'bea', tier), player(two, 'cal', tier), player(one, 'dan', tier)]);
    amy.join();
    const older = await waitingGame(amy.client);
    bea.join();
    cal.join();
    const [seenByBea, seenByCal] = await Promise.all([started(bea.client), started(cal.client)]);
    expect(seenByBea.sessionId).toBe(seenByCal.sessionId);
    expect(seenByBea.sessionId).not.toBe(older.sessionId);
    expect([seenByBea.player1Wallet, seenByBea.player2Wallet].sort()).toEqual([bea.player.address, cal.player.address].sort());
    // amy's game kept its place for a joiner of its own node.
    dan.join();
    expect(await started(dan.client)).toMatchObject({ sessionId: older.sessionId, player1Wallet: amy.player.address, player2Wallet: dan.player.address });
    for (const client of [amy, bea, cal, dan].map((p) => p.client)) expect(client.all('error')).toEqual([]);
  });

  it.each(['Free!', '5$'])('a waiting game older than the limit is taken by a joiner of the other node, without a wait (%s)', async (tier) => {
    const [eve, fay] = await Promise.all([player(one, 'eve', tier), player(two, 'fay', tier)]);
    eve.join();
    const old = await waitingGame(eve.client);
    await sleep(OWN_NODE_PREFERENCE_MS + 200);
    const joinedAt = Date.now();
    fay.join();
    expect(await started(fay.client)).toMatchObject({ sessionId: old.sessionId, player1Wallet: eve.player.address, player2Wallet: fay.player.address });
    // Taken at once: no hold for a joiner of fay's node.
    expect(Date.now() - joinedAt).toBeLessThan(OWN_NODE_PREFERENCE_MS);
  });

  it.each(['Free!', '5$'])('a lone player on each node still meet, within about the limit (%s)', async (tier) => {
    const [gus, hal] = await Promise.all([player(one, 'gus', tier), player(two, 'hal', tier)]);
    gus.join();
    const waiting = await waitingGame(gus.client);
    const joinedAt = Date.now();
    hal.join();
    expect(await started(hal.client)).toMatchObject({ sessionId: waiting.sessionId, player1Wallet: gus.player.address, player2Wallet: hal.player.address });
    expect(Date.now() - joinedAt).toBeLessThan(OWN_NODE_PREFERENCE_MS + 3_000);
    expect(hal.client.all('gameState').some((state) => state.phase === 'waiting')).toBe(false);
  });
});
