// Several nodes as real processes (docs/several-nodes.md, docs/durable-games.md): main.ts run two
// or three times on one PostgreSQL database, one Redis, one local chain (a process of its own), one
// treasury and one JWT secret, each node on its own port, players connected to different nodes as
// behind a load balancer. A node is killed with SIGKILL, stopped with SIGTERM or started while
// games run, and every game still ends by the rules, recorded once, and a won stake is paid once.
import { ZERO_LAMPORTS, payoutLamports } from '@duel-dojo/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { games, ledger } from '../adapters/db/schema';
import { GHOST, READS_RIGHT, READS_WRONG } from '../test-support/game-server';
import { type ClusterEnv, clusterTargets, openClusterEnv } from '../test-support/cluster/cluster-env';
import { gameRow, gameRows, pairUp, statsOf, until } from '../test-support/cluster/cluster-games';
import { claimOn, payStake, runClusterLedgerCheck } from '../test-support/cluster/cluster-money';
import { type ClusterNode, nodeById, startNodes } from '../test-support/cluster/cluster-node';
import { type ClusterPlayer, GamePlayer, signUpAt } from '../test-support/cluster/cluster-player';
import { type PlayedGame, playersOf, transcripts, verifyPlayedGames } from '../test-support/cluster/played-games';

/** Soldier (45/55): a correct read lands ~12 HP, so a game lasts about nine rounds (Ghost: two). */
const SOLDIER = 8;
/** Games of the rolling restart: 100 players on three nodes play 50 games in about 90 s on 2 cores. */
const ROLLING_GAMES = 50;
const targets = clusterTargets();
const tag = () => Math.random().toString(36).slice(2, 7);

describe.each(targets)('a cluster of node processes on PostgreSQL and Redis', (target) => {
  let env: ClusterEnv;
  const nodes: ClusterNode[] = [];
  const players: GamePlayer[] = [];
  const start = (names: readonly string[], gameTimingsMs: string) => startNodes(env, names, { gameTimingsMs }, nodes);
  const up = () => nodes.filter((node) => node.up);
  /** A player connected to `node`, playing `moves` at every round start; signed up as `signedUp` or anew. */
  const player = async (node: ClusterNode, name: string, moves = READS_RIGHT, options: { holdAfter?: number; signedUp?: ClusterPlayer } = {}) => {
    const signedUp = options.signedUp ?? (await signUpAt(node.url, `${name}_${tag()}`));
    const playing = new GamePlayer(signedUp, moves, up, options.holdAfter === undefined ? {} : { holdAfter: options.holdAfter });
    players.push(playing);
    await playing.connect(node);
    return playing;
  };
  /** `count` games, creator on one node and joiner on the next, made one after another (no two wait at once). */
  const makeGames = async (count: number, on: readonly ClusterNode[], character: number): Promise<PlayedGame[]> => {
    const made: PlayedGame[] = [];
    for (let index = 0; index < count; index += 1) {
      const creator = await player(on[index % on.length] as ClusterNode, `c${index}`, READS_RIGHT);
      const joiner = await player(on[(index + 1) % on.length] as ClusterNode, `j${index}`, READS_WRONG);
      made.push({ sessionId: await pairUp(creator, joiner, character), creator, joiner });
    }
    return made;
  };
  /** What the nodes logged, for a failure message. */
  const logs = () => nodes.map((node) => `--- ${node.name} (${node.nodeId}) stderr:\n${node.process.stderrTail()}`).join('\n');
  /** The rows of games not over, and which node run each id is: where a stuck game stands. */
  const running = async () => {
    const rows = await env.database.db.select().from(games).where(eq(games.gameOver, false));
    const owners = nodes.map((node) => `${node.name}: ${node.runs.join(' then ')}`).join('; ');
    return `games not over: ${rows.length}; node runs: ${owners}\n${rows.map((row) => `  ${row.sessionId} round ${row.currentRound} owner ${row.ownerNode} epoch ${row.leaseEpoch} lease until ${row.leaseExpiresAt?.toISOString()}`).join('\n')}`;
  };
  const explained = <T>(work: Promise<T>, seen: readonly GamePlayer[]) =>
    work.catch(async (error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${await running()}\n${transcripts(seen)}\n${logs()}`, { cause: error });
    });

  beforeAll(async () => {
    env = await openClusterEnv(target);
  }, 240_000);
  afterEach(async () => {
    for (const playing of players.splice(0)) playing.close();
    await Promise.all(nodes.splice(0).map((node) => node.kill()));
  });
  afterAll(async () => {
    await env?.close();
  });

  it('kill -9 of the node that owns a running game: the player who lost its node rejoins elsewhere, round 2 is played, a winner, recorded once', { timeout: 360_000 }, async () => {
    const [owner, other, third] = await start(['owner', 'other', 'third'], '300,8000,300');
    if (!owner || !other || !third) throw new Error('three nodes');
    // The creator's game lives on the creator's node; the joiner plays through another one.
    const creator = await player(owner, 'kill_creator', READS_RIGHT, { holdAfter: 1 });
    const joiner = await player(other, 'kill_joiner', READS_WRONG, { holdAfter: 1 });
    const sessionId = await pairUp(creator, joiner, GHOST);
    await Promise.all([creator.next('roundEnd', (end) => end.round === 1), joiner.next('roundEnd', (end) => end.round === 1)]);
    // Round 1 is closed once it is written: what a resumed game starts from.
    const written = await until(() => gameRow(env.database, sessionId), (row) => row?.currentRound === 1, 10_000, 'round 1 written');
    expect(nodeById(nodes, written?.ownerNode ?? null)).toBe(owner);

    await owner.kill();
    const killedAt = Date.now();
    creator.release();
    joiner.release();
    // The creator's socket died with the node: it connects to a node that is up and asks for its game once.
    const [creatorEnd, joinerEnd] = await explained(Promise.all([creator.finished(60_000), joiner.finished(60_000)]), [creator, joiner]);
    const context = transcripts([creator, joiner]);
    // Resumed from round 2: a dead node's leases lapse within 10 s and are taken at the next 2 s
    // pass; the round starts again 1.5 s after both players are back (10 s without them).
    const resumed = joiner.roundStarts().filter((start) => start.at > killedAt);
    expect(resumed[0]?.round, context).toBe(2);
    expect((resumed[0]?.at ?? Infinity) - killedAt, context).toBeLessThan(20_000);
    // The creator asked for its game as soon as it reconnected: it was back before round 2 restarted.
    expect(creator.roundStarts().filter((start) => start.at > killedAt)[0]?.round, context).toBe(2);
    expect(creatorEnd, context).toEqual({ winner: 'player1', slot: 'player1', lastRound: 2 });
    expect(joinerEnd, context).toEqual({ winner: 'player1', slot: 'player2', lastRound: 2 });

    const row = await until(() => gameRow(env.database, sessionId), (found) => found?.gameOver === true, 10_000, 'the game recorded');
    expect(row).toMatchObject({ gameOver: true, winner: creator.player.address, currentRound: 2, ownerNode: null });
    expect(row?.leaseEpoch).toBeGreaterThan(written?.leaseEpoch ?? 0);
    // Both played round 2 after the takeover: both moves are in its line of the log.
    expect(row?.rounds[1], context).toMatchObject({ player1: { action: 'attack' }, player2: { action: 'attack' } });
    const stats = await statsOf(env.database, [creator.player.userId, joiner.player.userId]);
    expect(stats.get(creator.player.userId)).toMatchObject({ totalMatches: 1, wins: 1 });
    expect(stats.get(joiner.player.userId)).toMatchObject({ totalMatches: 1, losses: 1 });
    console.info(`kill -9: round 2 started again ${(resumed[0]?.at ?? 0) - killedAt} ms after the kill`);
  });

  it('a paid 5$ game whose node is killed right after the game over: the claim sent to two other nodes at once pays once, and ledger:check balances', { timeout: 480_000 }, async () => {
    const [owner, second, third] = await start(['owner', 'second', 'third'], '300,8000,300');
    if (!owner || !second || !third) throw new Error('three nodes');
    const [winnerWallet, loserWallet] = await Promise.all([env.chain.player(2_000_000_000n), env.chain.player(2_000_000_000n)]);
    const creator = await player(owner, 'paid_winner', READS_RIGHT, { signedUp: await signUpAt(owner.url, `paid_winner_${tag()}`, winnerWallet.wallet) });
    const joiner = await player(second, 'paid_loser', READS_WRONG, { signedUp: await signUpAt(second.url, `paid_loser_${tag()}`, loserWallet.wallet) });
    const [creatorPayment, joinerPayment] = await Promise.all([payStake(env, creator, winnerWallet.signer, '5$'), payStake(env, joiner, loserWallet.signer, '5$')]);
    const sessionId = await pairUp(creator, joiner, GHOST, { creator: { betAmount: '5$', paymentId: creatorPayment }, joiner: { betAmount: '5$', paymentId: joinerPayment } });
    expect(nodeById(nodes, (await gameRow(env.database, sessionId))?.ownerNode ?? null)).toBe(owner);
    expect(await explained(creator.finished(60_000), [creator, joiner])).toMatchObject({ winner: 'player1' });
    await owner.kill();

    const row = await gameRow(env.database, sessionId);
    expect(row).toMatchObject({ gameOver: true, winner: creator.player.address, payoutState: 'due' });
    const stake = row?.stakeLamports ?? ZERO_LAMPORTS;
    expect(stake).toBeGreaterThan(0n);
    const payout = payoutLamports(stake, stake);
    const before = await env.chain.balance(creator.player.address);

    const [onSecond, onThird] = await Promise.all([claimOn(second, creator.player, sessionId), claimOn(third, creator.player, sessionId)]);
    const answers = [...onSecond, ...onThird];
    const context = JSON.stringify(answers);
    const finals = [onSecond.at(-1), onThird.at(-1)];
    expect(finals.every((answer) => answer?.success), context).toBe(true);
    expect(new Set(answers.filter((answer) => answer.success).map((answer) => answer.transactionSignature)).size, context).toBe(1);
    expect(finals.map((answer) => answer?.amount)).toEqual([payout.toString(), payout.toString()]);
    await until(() => env.chain.balance(creator.player.address), (balance) => balance !== before, 30_000, 'the payout landed');
    expect((await env.chain.balance(creator.player.address)) - before).toBe(payout);
    const payouts = await env.database.db.select().from(ledger).where(and(eq(ledger.kind, 'payout'), eq(ledger.gameId, row?.id ?? '')));
    expect(payouts.map((entry) => [entry.status, entry.signature])).toEqual([['confirmed', finals[0]?.transactionSignature]]);

    const check = await runClusterLedgerCheck(env);
    expect(check.difference, check.output).toBe(0n);
    expect(check.exitCode, check.output).toBe(0);
    // Nothing more reached the winner meanwhile: one payout, once.
    expect((await env.chain.balance(creator.player.address)) - before).toBe(payout);
  });

  it('a node started while games run elsewhere takes none of them: every game ends on its node with a winner', { timeout: 360_000 }, async () => {
    const [first] = await start(['first'], '300,8000,2500');
    if (!first) throw new Error('one node');
    const played = await makeGames(4, [first], SOLDIER);
    const ids = played.map((game) => game.sessionId);
    const before = await gameRows(env.database, ids);
    expect(before.map((row) => nodeById(nodes, row.ownerNode))).toEqual(played.map(() => first));

    await start(['newcomer'], '300,8000,2500');
    const newcomerUp = Date.now();
    // Its first pass ran before it served anyone: the games are still running, all on the first node.
    const after = await gameRows(env.database, ids);
    expect(after.map((row) => ({ over: row.gameOver, owner: nodeById(nodes, row.ownerNode)?.name }))).toEqual(ids.map(() => ({ over: false, owner: 'first' })));

    await explained(verifyPlayedGames(env.database, played, { timeoutMs: 120_000, winner: 'player1' }), playersOf(played));
    // No takeover ever (each raises the epoch), while the newcomer made passes every 2 s.
    const ended = await gameRows(env.database, ids);
    expect(ended.map((row) => row.leaseEpoch)).toEqual(ids.map((id) => before.find((row) => row.sessionId === id)?.leaseEpoch));
    expect(Math.min(...ended.map((row) => row.endedAt?.getTime() ?? 0)) - newcomerUp).toBeGreaterThan(4_000);
  });

  it(`a rolling restart (SIGTERM, one node at a time) while ${ROLLING_GAMES} games run: every game ends with a winner, recorded once`, { timeout: 720_000 }, async () => {
    const cluster = await start(['alpha', 'beta', 'gamma'], '500,15000,6000');
    const played = await makeGames(ROLLING_GAMES, cluster, SOLDIER);
    const ids = played.map((game) => game.sessionId);
    const began = Date.now();
    const restarts: number[] = [];
    for (const node of cluster) {
      await node.stop();
      restarts.push(await node.start());
    }
    const restarted = Date.now();
    await explained(verifyPlayedGames(env.database, played, { timeoutMs: 150_000 }), playersOf(played));
    // Not vacuous: every game was running when its node stopped, and was taken over (epoch 1 at creation).
    const rows = await gameRows(env.database, ids);
    expect(rows.filter((row) => row.leaseEpoch < 2).map((row) => row.sessionId)).toEqual([]);
    console.info(`rolling restart of ${ROLLING_GAMES} games: ${restarted - began} ms (starts ${restarts.map(Math.round).join(', ')} ms); every game over ${Date.now() - restarted} ms later`);
  });
});
