// Rematch over real Socket.IO on real databases (docs/rematch.md): after game over the two players
// of a duel ask for a new one with the same stake; the first ask opens it and tells the opponent,
// the second starts it; a stranger, a bot game and a late ask are refused; an offer nobody took is
// cancelled at the end of its window.
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support';
import { type GameClient, type GameHarness, type Player, FAST_TIMINGS, FREE_JOIN, READS_RIGHT, READS_WRONG, connect, playToEnd } from '../test-support/game-server';
import { useGameServer } from '../test-support/game-server-suite';

const WINDOW_MS = 1_500;

describe.each(testDatabases())('rematch on $kind', (target) => {
  let game: GameHarness, alice: Player, bob: Player, carol: Player;
  useGameServer(target, (suite) => ({ game, players: { alice, bob, carol } } = suite), {
    gameTimings: { ...FAST_TIMINGS, rematchWindowMs: WINDOW_MS },
    players: ['alice', 'bob', 'carol'],
  });

  /** A free game of alice (player1) and bob played to its end; its session id. */
  async function played(a: GameClient, b: GameClient): Promise<string> {
    a.emit('joinGame', FREE_JOIN(alice.address));
    const waiting = await a.next('gameState', (s) => s.phase === 'waiting');
    b.emit('joinGame', FREE_JOIN(bob.address, 3));
    await playToEnd(a, b, READS_RIGHT, READS_WRONG);
    await Promise.all([a.next('gameState', (s) => s.gameOver), b.next('gameState', (s) => s.gameOver)]);
    return waiting.sessionId;
  }

  it('starts a new game with the same two players when both ask; a stranger is refused', async () => {
    const [a, b, c] = await Promise.all([connect(game.url, alice.token), connect(game.url, bob.token), connect(game.url, carol.token)]);
    try {
      const sessionId = await played(a, b);
      c.emit('requestRematch', { sessionId, walletAddress: carol.address });
      expect(await c.next('rematchResult')).toMatchObject({ success: false, code: 'REMATCH_NOT_AVAILABLE', sessionId });

      a.emit('requestRematch', { sessionId, walletAddress: alice.address });
      const asked = await a.next('rematchResult');
      expect(asked).toMatchObject({ success: true, started: false, sessionId });
      const offer = await b.next('rematchOffered');
      expect(offer).toMatchObject({ sessionId, from: 'alice', betAmount: 'Free!', stakeLamports: '0' });
      expect(offer.expiresAt).toBe(asked.expiresAt);
      expect(c.all('rematchOffered')).toEqual([]);
      // Asked twice: the same offer.
      a.emit('requestRematch', { sessionId, walletAddress: alice.address });
      expect(await a.next('rematchResult')).toMatchObject({ success: true, started: false, newSessionId: asked.newSessionId });

      b.emit('requestRematch', { sessionId, walletAddress: bob.address, selectedCharacter: 5 });
      expect(await b.next('rematchResult')).toMatchObject({ success: true, started: true, newSessionId: asked.newSessionId });
      const [introA, introB] = await Promise.all([
        a.next('gameState', (s) => s.phase === 'intro' && s.sessionId === asked.newSessionId),
        b.next('gameState', (s) => s.phase === 'intro' && s.sessionId === asked.newSessionId),
      ]);
      expect(introA).toMatchObject({ player1Wallet: alice.address, player2Wallet: bob.address, betAmount: 'Free!', playerCharacter: { id: 4 }, opponentCharacter: { id: 5 } });
      expect(introB.sessionId).toBe(asked.newSessionId);
      a.emit('resign', { sessionId: asked.newSessionId });
      await b.next('gameState', (s) => s.gameOver && s.sessionId === asked.newSessionId);
    } finally {
      for (const client of [a, b, c]) client.close();
    }
  });

  it('cancels an offer nobody took at the end of its window, and refuses a later ask', async () => {
    const [a, b] = await Promise.all([connect(game.url, alice.token), connect(game.url, bob.token)]);
    try {
      const sessionId = await played(a, b);
      a.emit('requestRematch', { sessionId, walletAddress: alice.address });
      const asked = await a.next('rematchResult');
      expect(await a.next('gameState', (s) => s.sessionId === asked.newSessionId && s.phase === 'waiting')).toMatchObject({ canInvite: false, inviteCode: null });
      expect(await a.next('gameState', (s) => s.sessionId === asked.newSessionId && s.phase === 'cancelled', WINDOW_MS + 3_000)).toBeTruthy();
      b.emit('requestRematch', { sessionId, walletAddress: bob.address });
      expect(await b.next('rematchResult')).toMatchObject({ success: false, code: 'REMATCH_EXPIRED' });
      // Both are free to play again.
      a.emit('joinGame', FREE_JOIN(alice.address));
      const again = await a.next('gameState', (s) => s.phase === 'waiting' && s.sessionId !== asked.newSessionId);
      a.emit('cancelGame', { sessionId: again.sessionId, walletAddress: alice.address });
      expect(await a.next('cancelGameResult')).toMatchObject({ success: true });
    } finally {
      a.close();
      b.close();
    }
  });

  it('has no rematch for a game against the bot', async () => {
    const a = await connect(game.url, carol.token);
    try {
      a.emit('joinGame', FREE_JOIN(carol.address));
      const waiting = await a.next('gameState', (s) => s.phase === 'waiting');
      a.emit('playWithBot', { sessionId: waiting.sessionId });
      await a.next('roundStart');
      a.emit('resign', { sessionId: waiting.sessionId });
      expect(await a.next('gameState', (s) => s.gameOver)).toMatchObject({ winner: 'player2', endReason: 'resigned' });
      a.emit('requestRematch', { sessionId: waiting.sessionId, walletAddress: carol.address });
      expect(await a.next('rematchResult')).toMatchObject({ success: false, code: 'REMATCH_NOT_AVAILABLE' });
    } finally {
      a.close();
    }
  });
});
