// The ways into a game over real Socket.IO: the bot, an invite, guests, the waiting room's rules
// (one active game per wallet, cancel, someone else's game), and the gameStats counts.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterOwnership, games, userStats } from '../adapters/db/schema';
import { getJson, testDatabases } from '../test-support';
import {
  type Database,
  type GameHarness,
  type Player,
  FAST_TIMINGS,
  FREE_JOIN,
  GHOST,
  READS_RIGHT,
  READS_WRONG,
  connect,
  playAlone,
  playToEnd,
  recorded,
  signUp,
  startGameServer,
} from '../test-support/game-server';

describe.each(testDatabases())('ways into a game on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  let carol: Player;
  let dave: Player;
  let erin: Player;

  beforeAll(async () => {
    database = await target.open();
    // Short rounds: the bot thinks for up to 40 % of one.
    game = await startGameServer(database, { gameTimings: { ...FAST_TIMINGS, roundMs: 400 } });
    [carol, dave, erin] = await Promise.all([signUp(game.url, 'carol'), signUp(game.url, 'dave'), signUp(game.url, 'erin')]);
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });

  it('plays a free game against the bot to the end, kept in the player\'s history', async () => {
    const c = await connect(game.url, carol.token);
    try {
      c.emit('joinGame', FREE_JOIN(carol.address));
      const waiting = await c.next('gameState');
      c.emit('playWithBot', { sessionId: waiting.sessionId });
      expect(await c.next('playWithBotResult')).toMatchObject({ success: true });
      const intro = await c.next('gameState', (s) => s.phase === 'intro');
      expect(intro).toMatchObject({ vsBot: true, player2: 'bot', player2Name: 'Bot', player2Wallet: null, canInvite: false });

      const ends = await playAlone(c, { action: 'attack', prediction: 'dodge' });
      // The bot acted in every round (within the first seconds, before the round closed).
      for (const end of ends) expect(end.player2.action).not.toBeNull();
      const last = ends[ends.length - 1];
      const over = await c.next('gameState', (s) => s.phase === 'over');
      expect(over.winner).toBe(last?.winner);

      await recorded(database, waiting.sessionId);
      const history = await getJson<{ games: Record<string, unknown>[] }>(`${game.url}/api/games?wallet=${carol.address}`);
      const expectedWinner = last?.winner === 'player1' ? carol.address : last?.winner;
      expect(history.body.games[0]).toMatchObject({ sessionId: waiting.sessionId, player2: 'bot', player2Wallet: null, player2Name: 'Bot', winner: expectedWinner, gameOver: true, currentRound: ends.length });
      const profile = await getJson<{ user: { stats: { totalMatches: number; freeGamesPlayed: number } } }>(`${game.url}/api/user/${carol.address}`);
      expect(profile.body.user.stats).toMatchObject({ totalMatches: 1, freeGamesPlayed: 1 });
    } finally {
      c.close();
    }
  });

  it("looks up a tournament's reserved duel as a free game with no inviter named", async () => {
    const inviteCode = 'reserved-lookup-1';
    game.modules.duels.reserved.reserve({ key: 'lookup-1', inviteCode, wallets: [carol.address, dave.address] });
    const c = await connect(game.url, carol.token);
    try {
      c.emit('lookupInvite', { inviteCode });
      expect(await c.next('inviteInfo')).toEqual({ inviteCode, found: true, betAmount: 'Free!', inviterName: null });
    } finally {
      c.close();
      await game.modules.duels.reserved.close('lookup-1');
    }
  });

  it('joins a waiting game by its invite code', async () => {
    const [d, e] = await Promise.all([connect(game.url, dave.token), connect(game.url, erin.token)]);
    try {
      d.emit('joinGame', FREE_JOIN(dave.address));
      const waiting = await d.next('gameState');
      const inviteCode = waiting.inviteCode ?? '';

      // Before Join: who waits and for what stake; the lookup takes no seat.
      e.emit('lookupInvite', { inviteCode });
      expect(await e.next('inviteInfo')).toEqual({ inviteCode, found: true, betAmount: 'Free!', inviterName: waiting.player1Name });
      expect(waiting.player1Name).toBeTruthy();
      e.emit('lookupInvite', { inviteCode: 'no-such-code' });
      expect(await e.next('inviteInfo')).toEqual({ inviteCode: 'no-such-code', found: false, betAmount: null, inviterName: null });

      e.emit('joinViaInvite', { inviteCode: 'no-such-code', selectedCharacter: GHOST, walletAddress: erin.address });
      expect(await e.next('joinViaInviteResult')).toMatchObject({ success: false, code: 'INVITE_NOT_FOUND', requiresPayment: false, betAmount: null });
      d.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: dave.address });
      expect(await d.next('joinViaInviteResult')).toMatchObject({ success: false, code: 'CANNOT_JOIN_OWN_GAME' });

      e.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: erin.address });
      expect(await e.next('joinViaInviteResult')).toMatchObject({ success: true, requiresPayment: false, betAmount: 'Free!' });
      const intro = await e.next('gameState');
      expect(intro).toMatchObject({ phase: 'intro', sessionId: waiting.sessionId, player1Wallet: dave.address, player2Wallet: erin.address });

      // The invite is used up, and the game left the free queue.
      const late = await connect(game.url);
      late.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: null });
      expect(await late.next('joinViaInviteResult')).toMatchObject({ success: false, code: 'INVITE_NOT_FOUND' });
      late.emit('lookupInvite', { inviteCode });
      expect(await late.next('inviteInfo')).toMatchObject({ found: false, betAmount: null, inviterName: null });
      late.close();

      const ends = await playToEnd(d, e, READS_WRONG, READS_RIGHT);
      expect(ends[ends.length - 1]).toMatchObject({ gameOver: true, winner: 'player2' });
      // Its record (and the stats) are in before the next test counts the stats.
      await recorded(database, waiting.sessionId);
    } finally {
      d.close();
      e.close();
    }
  });

  it('lets guests play a free game that no profile keeps', async () => {
    const statsBefore = await database.db.select().from(userStats);
    const [g1, g2] = await Promise.all([connect(game.url), connect(game.url)]);
    try {
      g1.emit('joinGame', { ...FREE_JOIN(null), betAmount: '5$' });
      expect(await g1.next('error')).toMatchObject({ code: 'SIGN_IN_REQUIRED_FOR_PAID', event: 'joinGame' });
      g1.emit('joinGame', FREE_JOIN(carol.address));
      expect(await g1.next('error')).toMatchObject({ code: 'WALLET_MISMATCH' });
      g1.emit('joinGame', FREE_JOIN(null, 12));
      expect(await g1.next('error')).toMatchObject({ code: 'CHARACTER_NOT_OWNED', message: 'You do not own this character' });

      g1.emit('joinGame', FREE_JOIN(null));
      const waiting = await g1.next('gameState');
      expect(waiting).toMatchObject({ player1Wallet: null, player1Name: null });
      g2.emit('joinGame', FREE_JOIN(null));
      await g2.next('gameState', (s) => s.phase === 'intro');
      const ends = await playToEnd(g1, g2, READS_RIGHT, READS_WRONG);
      expect(ends[ends.length - 1]).toMatchObject({ winner: 'player1' });
      await g1.next('gameState', (s) => s.phase === 'over');

      await recorded(database, waiting.sessionId);
      const [row] = await database.db.select().from(games).where(eq(games.sessionId, waiting.sessionId));
      expect(row).toMatchObject({ gameOver: true, winner: 'player1', player1Id: null, player2Id: null, player1Wallet: null, player2Wallet: null });
      expect(await database.db.select().from(userStats)).toEqual(statsBefore);
    } finally {
      g1.close();
      g2.close();
    }
  });

  it('cancels the waiting game of a guest who disconnects', async () => {
    const guest = await connect(game.url);
    guest.emit('joinGame', FREE_JOIN(null));
    const waiting = await guest.next('gameState');
    guest.close();
    await expect.poll(async () => (await database.db.select().from(games).where(eq(games.sessionId, waiting.sessionId)))[0]?.endedAt ?? null).toBeInstanceOf(Date);
    // A new player does not meet the ghost of that game.
    const other = await connect(game.url);
    other.emit('joinGame', FREE_JOIN(null));
    expect(await other.next('gameState')).toMatchObject({ phase: 'waiting' });
    other.emit('resetGame');
    await other.next('gameState', (s) => s.phase === 'cancelled');
    other.close();
  });

  it('SECURITY 22 and 25: keeps one active game per wallet, lets only its creator cancel it, and refuses someone else\'s', async () => {
    const [c1, c2, d] = await Promise.all([connect(game.url, carol.token), connect(game.url, carol.token), connect(game.url, dave.token)]);
    try {
      c1.emit('joinGame', FREE_JOIN(carol.address));
      const waiting = await c1.next('gameState');
      c1.emit('joinGame', FREE_JOIN(carol.address));
      expect(await c1.next('error')).toMatchObject({ code: 'ALREADY_IN_GAME', message: 'You already have an active game' });
      c2.emit('joinGame', FREE_JOIN(carol.address));
      expect(await c2.next('error')).toMatchObject({ code: 'ALREADY_IN_GAME' });

      d.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: dave.address });
      expect(await d.next('cancelGameResult')).toMatchObject({ success: false, code: 'NO_ACTIVE_GAME', transactionSignature: null });
      d.emit('playWithBot', { sessionId: waiting.sessionId });
      expect(await d.next('playWithBotResult')).toEqual({ success: false, message: 'Failed to add bot to game', code: 'ADD_BOT_FAILED' });
      c1.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: dave.address });
      expect(await c1.next('error')).toMatchObject({ code: 'WALLET_MISMATCH', event: 'cancelGame' });

      c1.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: carol.address });
      expect(await c1.next('cancelGameResult')).toMatchObject({ success: true, sessionId: waiting.sessionId, transactionSignature: null });
      expect(await c1.next('gameState', (s) => s.phase === 'cancelled')).toMatchObject({ sessionId: waiting.sessionId, canInvite: false });
      c1.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: carol.address });
      expect(await c1.next('cancelGameResult')).toMatchObject({ success: false });

      const [row] = await database.db.select().from(games).where(eq(games.sessionId, waiting.sessionId));
      expect(row).toMatchObject({ gameOver: false, winner: null, player2Character: null, payoutState: 'none' });
      expect(row?.endedAt).toBeInstanceOf(Date);
      const history = await getJson<{ games: { sessionId: string }[] }>(`${game.url}/api/games?wallet=${carol.address}`);
      expect(history.body.games.map((g) => g.sessionId)).not.toContain(waiting.sessionId);

      // The lock is released: Carol may play again; a paid game is not available yet.
      c2.emit('joinGame', { ...FREE_JOIN(carol.address), betAmount: '5$', verified: true, paymentId: 'pay-1' });
      expect(await c2.next('error')).toMatchObject({ code: 'PAID_GAMES_UNAVAILABLE', message: 'Paid games are not available yet' });
      await database.db.insert(characterOwnership).values({ userId: carol.userId, characterId: 12 });
      c2.emit('joinGame', FREE_JOIN(carol.address, 12));
      expect(await c2.next('gameState')).toMatchObject({ phase: 'waiting', playerCharacter: { id: 12, health: 100 } });
      c2.emit('resetGame');
      await c2.next('gameState', (s) => s.phase === 'cancelled');
    } finally {
      c1.close();
      c2.close();
      d.close();
    }
  });

  it('SECURITY 25: pairs simultaneous joiners two by two, and a duplicated join never makes a second game', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => connect(game.url)));
    try {
      for (const client of clients) {
        client.emit('joinGame', FREE_JOIN(null));
        client.emit('joinGame', FREE_JOIN(null));
      }
      const intros = await Promise.all(clients.map((client) => client.next('gameState', (s) => s.phase === 'intro')));
      for (const client of clients) expect(await client.next('error')).toMatchObject({ code: 'ALREADY_IN_GAME' });
      const bySession = new Map<string, number>();
      for (const intro of intros) bySession.set(intro.sessionId, (bySession.get(intro.sessionId) ?? 0) + 1);
      expect([...bySession.values()]).toEqual([2, 2, 2]);

      await Promise.all(
        [...bySession.keys()].map((sessionId) => {
          const intro = intros.find((state) => state.sessionId === sessionId);
          const one = clients.find((client) => client.id === intro?.player1);
          const two = clients.find((client) => client.id === intro?.player2);
          if (!one || !two) throw new Error('a game without two players');
          return playToEnd(one, two, READS_RIGHT, READS_WRONG);
        }),
      );
    } finally {
      for (const client of clients) client.close();
    }
  });

  it('answers gameStats on request and pushes the counts when they change', async () => {
    const watcher = await connect(game.url);
    try {
      watcher.emit('requestStats');
      const before = await watcher.next('gameStats');
      expect(before.activeGames).toBe(0);
      watcher.emit('getServerTime', { clientTime: 1234 });
      const time = await watcher.next('serverTime');
      expect(time.clientTime).toBe(1234);
      expect(Math.abs(time.serverTime - Date.now())).toBeLessThan(5_000);

      const player = await connect(game.url);
      player.emit('joinGame', FREE_JOIN(null));
      const waiting = await player.next('gameState');
      player.emit('playWithBot', { sessionId: waiting.sessionId });
      await watcher.next('gameStats', (s) => s.activeGames === 1 && s.onlinePlayers === before.onlinePlayers + 1);
      await playAlone(player, READS_RIGHT);
      await watcher.next('gameStats', (s) => s.activeGames === 0);
      player.close();
      await watcher.next('gameStats', (s) => s.onlinePlayers === before.onlinePlayers);
      // The record follows the result (docs/durable-games.md "One statement for many games").
      await recorded(database, waiting.sessionId);
      const running = await database.db.select().from(games).where(and(eq(games.gameOver, false), isNull(games.endedAt), gt(games.currentRound, 0)));
      expect(running).toEqual([]);
    } finally {
      watcher.close();
    }
  });
});
