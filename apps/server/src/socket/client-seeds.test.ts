// Client seeds over real Socket.IO (docs/fairness.md, docs/security.md 33): a seed is taken once
// per player, from a player of the game (who was sent its commitment), and only before round 1; a
// stranger's, a repeated, a late or a malformed one is refused and changes nothing. A player who
// sent none plays with the empty seed, published as such at the end.
import { hitFactor } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support';
import { type Database, type GameHarness, type Player, FAST_TIMINGS, FREE_JOIN, connect, recorded } from '../test-support/game-server';
import { useGameServer } from '../test-support/game-server-suite';

describe.each(testDatabases())('client seeds on $kind', (target) => {
  let database: Database, game: GameHarness, alice: Player, bob: Player, carol: Player;
  useGameServer(target, (suite) => ({ database, game, players: { alice, bob, carol } } = suite), {
    gameTimings: { ...FAST_TIMINGS, introMs: 400 },
    players: ['alice', 'bob', 'carol'],
  });

  it('takes one seed per player before round 1, refuses the rest, and publishes "" for a player who sent none', async () => {
    const [a, b, c] = await Promise.all([connect(game.url, alice.token), connect(game.url, bob.token), connect(game.url, carol.token)]);
    try {
      a.emit('joinGame', FREE_JOIN(alice.address));
      const waiting = await a.next('gameState');
      const sessionId = waiting.sessionId;
      // Not a player of this game: it was never sent the commitment.
      c.emit('submitClientSeed', { sessionId, clientSeed: 'intruder' });
      expect(await c.next('error')).toMatchObject({ code: 'NO_ACTIVE_GAME', event: 'submitClientSeed' });
      // Malformed: refused by the protocol before the game hears of it.
      a.emit('submitClientSeed', { sessionId, clientSeed: 'has:colon' });
      expect(await a.next('error')).toMatchObject({ event: 'submitClientSeed', code: 'VALIDATION_FAILED' });
      a.emit('submitClientSeed', { sessionId, clientSeed: 'alice-first' });
      a.emit('submitClientSeed', { sessionId, clientSeed: 'alice-second' });
      expect(await a.next('error', (e) => e.code === 'CLIENT_SEED_ALREADY_SENT')).toMatchObject({ message: 'Your seed for this game is already set' });

      b.emit('joinGame', FREE_JOIN(bob.address));
      await b.next('roundStart');
      b.emit('submitClientSeed', { sessionId, clientSeed: 'too-late' });
      expect(await b.next('error')).toMatchObject({ code: 'CLIENT_SEED_TOO_LATE', event: 'submitClientSeed' });

      a.emit('playerAction', { action: 'attack', prediction: 'dodge' });
      b.emit('playerAction', { action: 'attack', prediction: 'attack' });
      await a.next('roundEnd');
      a.emit('resign', { sessionId });
      const over = await a.next('gameState', (s) => s.gameOver);
      const clientSeeds = { player1: 'alice-first', player2: '' };
      expect(over.fairness.clientSeeds).toEqual(clientSeeds);
      // Round 1's hits were made with exactly these seeds.
      const seed = over.fairness.serverSeed ?? '';
      await recorded(database, sessionId);
      const record = await fetch(`${game.url}/api/games/${sessionId}`).then((r) => r.json() as Promise<{ game: { rounds: { player1: { factor: number } }[]; fairness: unknown } }>);
      expect(record.game.fairness).toEqual({ commitment: waiting.fairness.commitment, serverSeed: seed, clientSeeds });
      expect(record.game.rounds[0]?.player1.factor).toBe(hitFactor(seed, sessionId, 1, 'player1', clientSeeds));
    } finally {
      for (const client of [a, b, c]) client.close();
    }
  });
});
