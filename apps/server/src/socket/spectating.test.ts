// Spectating over real Socket.IO (docs/spectating.md): a guest watches a duel between two players
// and sees its state and every round's result, never a move before its reveal (docs/security.md
// 32); the cap refuses one spectator too many; unwatching, or leaving, stops the events and frees
// the place; a finished game answers its final state; the HTTP list of live duels and one game's
// record.
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, testDatabases } from '../test-support';
import { type Database, type GameHarness, type Player, FREE_JOIN, GHOST, READS_RIGHT, READS_WRONG, connect, signUp, startGameServer } from '../test-support/game-server';
import { expectNoMoveBeforeReveal } from '../test-support/spectator-checks';

const CAP = 2;

describe.each(testDatabases())('spectating on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  const players: Player[] = [];

  beforeAll(async () => {
    database = await target.open();
    game = await startGameServer(database, { spectatorCap: CAP, gameTimings: { introMs: 400, roundMs: 1_500, resultsMs: 60, statsPushMs: 100 } });
    players.push(...(await Promise.all(['ann_watch', 'ben_watch', 'cat_watch', 'dan_watch'].map((name) => signUp(game.url, name)))));
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });

  /** Two players in a running game: the state they got at the match. */
  async function startDuel(one: Player, two: Player) {
    const [a, b] = await Promise.all([connect(game.url, one.token), connect(game.url, two.token)]);
    a.emit('joinGame', FREE_JOIN(one.address, GHOST));
    const waiting = await a.next('gameState', (s) => s.phase === 'waiting');
    b.emit('joinGame', FREE_JOIN(two.address, GHOST));
    await a.next('gameState', (s) => s.phase === 'intro');
    return { a, b, sessionId: waiting.sessionId };
  }

  it('shows a guest the state and every round as it is revealed, never a move before, then the end', async () => {
    const [ann, ben] = players as [Player, Player];
    const { a, b, sessionId } = await startDuel(ann, ben);
    const spectator = await connect(game.url);
    spectator.emit('watchGame', { sessionId });
    const first = await spectator.next('gameState');
    expect(first).toMatchObject({ sessionId, player1Name: 'ann_watch', player2Name: 'ben_watch', player1Wallet: ann.address, inviteCode: null, canInvite: false, gameOver: false });
    expect([first.player1, first.player2]).toEqual(['player1', 'player2']);
    expect(first.fairness.serverSeed).toBeNull();
    expect(await spectator.next('spectators')).toEqual({ sessionId, count: 1 });

    const ends: ServerEventPayload<'roundEnd'>[] = [];
    for (;;) {
      const start = await a.next('roundStart');
      await spectator.next('roundStart', (s) => s.round === start.round);
      // One player moves first: the spectator hears nothing of it until the round is revealed.
      a.emit('playerAction', READS_RIGHT);
      await a.next('actionConfirmed', (c) => c.round === start.round);
      await b.next('opponentLocked', (l) => l.round === start.round);
      b.emit('playerAction', READS_WRONG);
      const end = await spectator.next('roundEnd', (e) => e.round === start.round);
      expect(end).toEqual(await a.next('roundEnd', (e) => e.round === start.round));
      ends.push(end);
      if (end.gameOver) break;
    }
    const over = await spectator.next('gameState', (s) => s.gameOver);
    expect(over).toMatchObject({ winner: 'player1', endReason: expect.any(String) });
    expect(over.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(ends.at(-1)?.player1.action).toBe('attack');
    expectNoMoveBeforeReveal(spectator);
    // Versions run on without a gap after the spectator's first state, as for a player.
    const versions = spectator.received.filter((r) => ['gameState', 'roundStart', 'roundEnd'].includes(r.name)).map((r) => (r.payload as { version: number }).version);
    for (let i = 1; i < versions.length; i += 1) expect(versions[i]).toBe((versions[i - 1] ?? 0) + 1);
    for (const client of [a, b, spectator]) client.close();
  });

  it('refuses one spectator over the cap; unwatching or leaving stops the events and frees a place', async () => {
    const [, , cat, dan] = players as [Player, Player, Player, Player];
    const { a, b, sessionId } = await startDuel(cat, dan);
    const [one, two, three] = await Promise.all([connect(game.url), connect(game.url), connect(game.url)]);
    one.emit('watchGame', { sessionId });
    await one.next('gameState');
    two.emit('watchGame', { sessionId });
    await two.next('gameState');
    three.emit('watchGame', { sessionId });
    expect(await three.next('error')).toMatchObject({ code: 'SPECTATORS_FULL', event: 'watchGame', message: 'This duel has as many spectators as it can take' });
    await one.next('spectators', (s) => s.count === 2);

    one.emit('unwatchGame', { sessionId });
    three.emit('watchGame', { sessionId });
    await three.next('gameState');
    // Nobody acts: the round closes at its end; the one who unwatched hears nothing of it.
    const heard = one.received.length;
    const end = await three.next('roundEnd');
    await two.next('roundEnd', (e) => e.round === end.round);
    expect(one.received.slice(heard).map((r) => r.name)).toEqual([]);

    two.close();
    const four = await connect(game.url);
    await expect.poll(async () => {
      four.emit('watchGame', { sessionId });
      return Promise.race([four.next('gameState', () => true, 500).then(() => 'in'), four.next('error', () => true, 500).then(() => 'full')]).catch(() => 'none');
    }).toBe('in');
    a.emit('resign', { sessionId });
    expect(await three.next('gameState', (s) => s.gameOver)).toMatchObject({ winner: 'player2', endReason: 'resigned' });
    expectNoMoveBeforeReveal(three);
    for (const client of [a, b, one, three, four]) client.close();
  });

  it('answers the final state of a finished game and NOT_FOUND for an unknown one; serves the live list and one record', async () => {
    const [ann, ben] = players as [Player, Player];
    const { a, b, sessionId } = await startDuel(ben, ann);
    // The match is written behind the game's first emit, so the list shows it once that write lands.
    const liveGames = async () => {
      const live = await getJson<{ games: Record<string, unknown>[] }>(`${game.url}/api/games/live`);
      expect(live.status).toBe(200);
      return live.body.games;
    };
    await expect.poll(async () => (await liveGames())[0], { timeout: 15_000 }).toMatchObject({ sessionId, player1Name: 'ben_watch', player2Name: 'ann_watch', player1Character: GHOST, player2Character: GHOST, betAmount: 'Free!', round: 0, vsBot: false });
    const running = await getJson<{ game: { rounds: unknown[]; fairness: { serverSeed: string | null }; gameOver: boolean } }>(`${game.url}/api/games/${sessionId}`);
    expect(running.body.game).toMatchObject({ gameOver: false, rounds: [], fairness: { serverSeed: null } });

    a.emit('resign', { sessionId });
    await b.next('gameState', (s) => s.gameOver);
    await expect.poll(async () => (await getJson<{ games: { sessionId: string }[] }>(`${game.url}/api/games/live`)).body.games.map((g) => g.sessionId)).not.toContain(sessionId);
    const spectator = await connect(game.url);
    spectator.emit('watchGame', { sessionId });
    expect(await spectator.next('gameState')).toMatchObject({ sessionId, phase: 'over', gameOver: true, winner: 'player2', endReason: 'resigned', player2Name: 'ann_watch' });
    spectator.emit('watchGame', { sessionId: 'no-such-game' });
    expect(await spectator.next('error')).toMatchObject({ code: 'NOT_FOUND', event: 'watchGame' });

    const record = await getJson<{ game: { endReason: string; fairness: { serverSeed: string | null } } }>(`${game.url}/api/games/${sessionId}`);
    expect(record.body.game).toMatchObject({ endReason: 'resigned', gameOver: true });
    expect(record.body.game.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const docs = await getJson<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }> }>(`${game.url}/api/docs/json`);
    expect(Object.keys(docs.body.paths['/api/games/live']?.get?.responses ?? {})).toContain('200');
    expect(Object.keys(docs.body.paths['/api/games/{sessionId}']?.get?.responses ?? {})).toContain('200');
    const unknown = await getJson<{ code: string }>(`${game.url}/api/games/no-such-game`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    for (const client of [a, b, spectator]) client.close();
  });
});
