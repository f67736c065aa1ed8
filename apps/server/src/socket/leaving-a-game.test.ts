// Presence and honest leaving over real Socket.IO on real databases (docs/leaving-a-game.md): a
// player is told the opponent's move is in (never which), when the opponent drops and comes back;
// resigning ends the game at once for the opponent; a victory may be claimed only over an
// opponent away for the claim delay. Every ending is written with its reason.
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games } from '../adapters/db/schema';
import { testDatabases } from '../test-support';
import { type Database, type GameClient, type GameHarness, type Player, FAST_TIMINGS, FREE_JOIN, READS_RIGHT, READS_WRONG, connect, playToEnd, recorded } from '../test-support/game-server';
import { useGameServer } from '../test-support/game-server-suite';

const CLAIM_AFTER_MS = 2_000;

describe.each(testDatabases())('leaving a game on $kind', (target) => {
  let database: Database, game: GameHarness, alice: Player, bob: Player, carol: Player;
  // Long rounds: nothing ends by itself while a test looks at presence.
  useGameServer(target, (suite) => ({ database, game, players: { alice, bob, carol } } = suite), {
    gameTimings: { ...FAST_TIMINGS, roundMs: 20_000, claimVictoryAfterMs: CLAIM_AFTER_MS },
    players: ['alice', 'bob', 'carol'],
  });

  /** alice (player1) and bob (player2) in round 1 of a free game. */
  async function matched(): Promise<{ a: GameClient; b: GameClient; sessionId: string }> {
    const [a, b] = await Promise.all([connect(game.url, alice.token), connect(game.url, bob.token)]);
    a.emit('joinGame', FREE_JOIN(alice.address));
    const waiting = await a.next('gameState');
    b.emit('joinGame', FREE_JOIN(bob.address));
    await Promise.all([a.next('roundStart'), b.next('roundStart')]);
    return { a, b, sessionId: waiting.sessionId };
  }

  const record = async (sessionId: string) => (await database.db.select().from(games).where(eq(games.sessionId, sessionId)))[0];

  it('tells a player that the opponent locked in, never the move, and shows it on a rejoin', async () => {
    const { a, b, sessionId } = await matched();
    try {
      a.emit('playerAction', { action: 'attack', prediction: 'dodge' });
      const locked = await b.next('opponentLocked');
      expect(locked).toEqual({ sessionId, version: expect.any(Number), round: 1 });
      await a.next('actionConfirmed');
      // alice hears nothing of her own move as the opponent's.
      expect(a.all('opponentLocked')).toEqual([]);
      const again = await connect(game.url, bob.token);
      again.emit('checkActiveGame', { walletAddress: bob.address });
      const { gameSession } = await again.next('activeGameCheck');
      expect(gameSession).toMatchObject({ phase: 'round', opponentLocked: true, opponentStatus: { connected: true } });
      expect(JSON.stringify(gameSession)).not.toContain('"dodge"');
      again.emit('resign', { sessionId });
      await a.next('gameState', (state) => state.gameOver);
      again.close();
    } finally {
      a.close();
      b.close();
    }
  });

  it('tells a player when the opponent drops and comes back, with the time of the change', async () => {
    const { a, b, sessionId } = await matched();
    try {
      const before = Date.now();
      b.close();
      const away = await a.next('opponentStatus');
      expect(away).toMatchObject({ sessionId, connected: false });
      expect(away.since).toBeGreaterThanOrEqual(before);

      const back = await connect(game.url, bob.token);
      back.emit('checkActiveGame', { walletAddress: bob.address });
      const { gameSession } = await back.next('activeGameCheck');
      expect(gameSession?.opponentStatus).toEqual({ connected: true, since: expect.any(Number) });
      expect(await a.next('opponentStatus')).toMatchObject({ sessionId, connected: true });
      // A rejoining player sees the opponent's absence at once.
      a.close();
      expect(await back.next('opponentStatus')).toMatchObject({ connected: false });
      const alsoBack = await connect(game.url, alice.token);
      alsoBack.emit('checkActiveGame', { walletAddress: alice.address });
      await alsoBack.next('activeGameCheck');
      alsoBack.emit('resign', { sessionId });
      await back.next('gameState', (state) => state.gameOver);
      alsoBack.close();
      back.close();
    } finally {
      a.close();
    }
  });

  it('ends the game at once when a player resigns: the opponent wins, the record says resigned', async () => {
    const { a, b, sessionId } = await matched();
    const stranger = await connect(game.url, carol.token);
    try {
      stranger.emit('resign', { sessionId });
      expect(await stranger.next('error')).toMatchObject({ code: 'NO_ACTIVE_GAME', event: 'resign' });

      a.emit('resign', { sessionId });
      const [overA, overB] = await Promise.all([a.next('gameState', (s) => s.gameOver), b.next('gameState', (s) => s.gameOver)]);
      expect(overB).toMatchObject({ phase: 'over', winner: 'player2', endReason: 'resigned' });
      expect(overA).toMatchObject({ winner: 'player2', endReason: 'resigned' });
      expect(overB.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      await recorded(database, sessionId);
      expect(await record(sessionId)).toMatchObject({ gameOver: true, winner: bob.address, endReason: 'resigned' });

      // Over: a second resignation, or a late claim, changes nothing.
      b.emit('resign', { sessionId });
      expect(await b.next('error')).toMatchObject({ code: 'NO_ACTIVE_GAME' });
      expect(await record(sessionId)).toMatchObject({ winner: bob.address, endReason: 'resigned' });
    } finally {
      for (const client of [a, b, stranger]) client.close();
    }
  });

  it('lets the present player claim the victory only over an opponent away for the claim delay', async () => {
    const { a, b, sessionId } = await matched();
    try {
      a.emit('claimVictory', { sessionId });
      expect(await a.next('error')).toMatchObject({ code: 'OPPONENT_CONNECTED', event: 'claimVictory' });

      b.close();
      await a.next('opponentStatus', (status) => !status.connected);
      a.emit('claimVictory', { sessionId });
      expect(await a.next('error')).toMatchObject({ code: 'OPPONENT_NOT_AWAY_LONG_ENOUGH', message: 'Your opponent has been away for less than 2 seconds' });
      expect(await record(sessionId)).toMatchObject({ gameOver: false });

      await sleep(CLAIM_AFTER_MS + 50);
      a.emit('claimVictory', { sessionId });
      expect(await a.next('gameState', (s) => s.gameOver)).toMatchObject({ winner: 'player1', endReason: 'abandoned' });
      await recorded(database, sessionId);
      expect(await record(sessionId)).toMatchObject({ gameOver: true, winner: alice.address, endReason: 'abandoned' });

      // The absent player, back, finds the result, not a game to play.
      const back = await connect(game.url, bob.token);
      back.emit('checkActiveGame', { walletAddress: bob.address });
      expect(await back.next('activeGameCheck')).toMatchObject({ hasActiveGame: false });
      back.close();
    } finally {
      a.close();
      b.close();
    }
  });

  it('writes how an ordinary game ended', async () => {
    const { a, b, sessionId } = await matched();
    try {
      // Round 1 is running already; then both act at every round until bob is knocked out.
      a.emit('playerAction', READS_RIGHT);
      b.emit('playerAction', READS_WRONG);
      await a.next('roundEnd');
      await playToEnd(a, b, READS_RIGHT, READS_WRONG);
      expect(await a.next('gameState', (s) => s.gameOver)).toMatchObject({ winner: 'player1', endReason: 'knockout' });
      await recorded(database, sessionId);
      expect(await record(sessionId)).toMatchObject({ endReason: 'knockout' });
    } finally {
      a.close();
      b.close();
    }
  });
});
