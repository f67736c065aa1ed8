// docs/security.md 31 with several nodes: a tournament's reserved duel lives on the leader, and its
// players may be connected to another node. From there too, Play with Bot and Cancel are refused
// by the game's own node, and a reload followed by "Fight now" (joinViaInvite again) puts the
// player back into the same match, which the two then play.
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReservedGameOver } from '../modules/tournaments';
import { type Database, type GameHarness, GHOST, READS_RIGHT, READS_WRONG, connect, playToEnd, signUp } from '../test-support/game-server';
import { nodeCluster, severalNodeTargets, testRedisUrl } from '../test-support/several-nodes';

const ROUNDS = { introMs: 60, roundMs: 3_000, resultsMs: 60, statsPushMs: 100 };
const redisUrl = testRedisUrl();

describe.each(severalNodeTargets())('a called match on the leader, players on another node ($kind and Redis)', (target) => {
  let database: Database;
  const cluster = nodeCluster(ROUNDS);
  const { prefix, harnesses } = cluster;

  beforeAll(async () => {
    database = await target.open();
    for (const nodeId of ['node-a', 'node-b']) await cluster.start(database, nodeId);
  });
  afterAll(async () => {
    await cluster.stopAll();
    await database?.close();
  });

  async function leaderAndOther(): Promise<[GameHarness, GameHarness]> {
    const reader = new Redis(redisUrl ?? '');
    // The first node to start takes the leadership within its first pass; the bound only catches a hang.
    const leaderId = await vi
      .waitFor(
        async () => {
          const id = await reader.get(`${prefix}leader`);
          if (id === null) throw new Error('no leader yet');
          return id;
        },
        { timeout: 30_000, interval: 50 },
      )
      .finally(() => reader.quit());
    const leader = harnesses.find((harness) => harness.nodeId === leaderId);
    const other = harnesses.find((harness) => harness.nodeId !== leaderId);
    if (!leader || !other) throw new Error(`no leader among the nodes (leader key: ${leaderId})`);
    return [leader, other];
  }

  it('refuses the bot and Cancel from the other node, and "Fight now" after a reload returns to the same match', async () => {
    const [leader, other] = await leaderAndOther();
    const ivy = await signUp(other.url, 'ivy_called');
    const jon = await signUp(other.url, 'jon_called');
    const results: ReservedGameOver[] = [];
    leader.modules.duels.reserved.onGameOver((result) => results.push(result));
    const inviteCode = `called-${randomBytes(6).toString('hex')}`;
    leader.modules.duels.reserved.reserve({ key: randomUUID(), inviteCode, wallets: [ivy.address, jon.address] });

    const first = await connect(other.url, ivy.token);
    first.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: ivy.address });
    expect(await first.next('joinViaInviteResult')).toMatchObject({ success: true });
    const waiting = await first.next('gameState', (state) => state.phase === 'waiting');
    first.emit('playWithBot', { sessionId: waiting.sessionId });
    expect(await first.next('playWithBotResult')).toMatchObject({ success: false, code: 'TOURNAMENT_MATCH_NO_BOT' });
    first.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: ivy.address });
    expect(await first.next('cancelGameResult')).toMatchObject({ success: false, code: 'TOURNAMENT_MATCH_NO_CANCEL' });
    first.emit('resetGame');
    first.close();

    // A reload, on the same other node: the match is found, the bot still refused, and the
    // code leads back into it.
    const ivyAgain = await connect(other.url, ivy.token);
    ivyAgain.emit('checkActiveGames', { walletAddress: ivy.address });
    expect((await ivyAgain.next('activeGameResult')).gameData).toMatchObject({ sessionId: waiting.sessionId, phase: 'waiting', player2: null });
    ivyAgain.emit('playWithBot', { sessionId: waiting.sessionId });
    expect(await ivyAgain.next('playWithBotResult')).toMatchObject({ success: false, code: 'TOURNAMENT_MATCH_NO_BOT' });
    ivyAgain.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: ivy.address });
    expect(await ivyAgain.next('joinViaInviteResult')).toMatchObject({ success: true });
    expect(await ivyAgain.next('gameState', (state) => state.player1 === ivyAgain.id)).toMatchObject({ sessionId: waiting.sessionId, phase: 'waiting' });

    const j = await connect(other.url, jon.token);
    j.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: jon.address });
    expect(await j.next('joinViaInviteResult')).toMatchObject({ success: true });
    expect(await ivyAgain.next('gameState', (state) => state.phase === 'intro')).toMatchObject({ sessionId: waiting.sessionId, vsBot: false, player2Wallet: jon.address });
    const ends = await playToEnd(ivyAgain, j, READS_RIGHT, READS_WRONG);
    expect(ends.at(-1)).toMatchObject({ gameOver: true, winner: 'player1' });
    await expect.poll(() => results.map((result) => [result.sessionId, result.winnerWallet])).toEqual([[waiting.sessionId, ivy.address]]);
    for (const client of [ivyAgain, j]) client.close();
  });
});
