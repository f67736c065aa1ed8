// A whole free game between two signed-up players over real Socket.IO, on real databases: the
// timeline, versions, provably-fair seed, the record and stats written at game over; then a
// rejoin mid-round on a new socket, and the server clock refusing late or repeated actions.
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { type DuelState, type Move, type Slot, fairnessCommitment, findCharacter, hitFactor, playRound, startDuel, verifyFairness } from '@duel-dojo/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../adapters/db/schema';
import type { RoundLogRow } from '../modules/duels';
import { getJson, testDatabases } from '../test-support';
import {
  type Database,
  type GameClient,
  type GameHarness,
  type Player,
  FAST_TIMINGS,
  FREE_JOIN,
  GHOST,
  READS_RIGHT,
  READS_WRONG,
  connect,
  playToEnd,
  recorded,
  signUp,
  startGameServer,
} from '../test-support/game-server';

const GAME_EVENTS = new Set(['gameState', 'roundStart', 'roundEnd', 'actionConfirmed']);

/**
 * Broadcasts take strictly increasing versions with no gap from the first state a player got (a
 * joiner's first gameState is the full state at that version); a private actionConfirmed repeats
 * the current one.
 */
function expectVersions(client: GameClient): void {
  let last: number | null = null;
  for (const { name, payload } of client.received) {
    if (!GAME_EVENTS.has(name)) continue;
    const { version } = payload as { version: number };
    if (last === null) expect(name).toBe('gameState');
    else if (name === 'actionConfirmed') expect(version).toBe(last);
    else expect(version).toBe(last + 1);
    last = version;
  }
  expect(last).toBeGreaterThan(0);
}

describe.each(testDatabases())('a live free game on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  let alice: Player;
  let bob: Player;
  let skewMs = 0;

  beforeAll(async () => {
    database = await target.open();
    // The second player's seed is sent once its intro state arrives: an intro long enough for a
    // loaded machine to carry it before round 1 (docs/fairness.md: seeds are fixed at round 1).
    game = await startGameServer(database, { gameNow: () => Date.now() + skewMs, gameTimings: { ...FAST_TIMINGS, introMs: 2_000 } });
    [alice, bob] = await Promise.all([signUp(game.url, 'alice'), signUp(game.url, 'bob')]);
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });

  it('plays two clients to game over, then writes the record, the stats and XP', async () => {
    const [a, b] = await Promise.all([connect(game.url, alice.token), connect(game.url, bob.token)]);
    try {
      a.emit('joinGame', FREE_JOIN(alice.address));
      const waiting = await a.next('gameState');
      expect(waiting).toMatchObject({ phase: 'waiting', player1: a.id, player1Wallet: alice.address, player2: null, canInvite: true, betAmount: 'Free!', stakeLamports: '0', gameOver: false });
      expect(waiting.inviteCode).toMatch(/^[A-Za-z0-9_-]+$/);
      // Each player's own seed, after the commitment came (docs/fairness.md).
      a.emit('submitClientSeed', { sessionId: waiting.sessionId, clientSeed: 'alice-seed_1' });

      b.emit('joinGame', FREE_JOIN(bob.address));
      const [introA, introB] = await Promise.all([a.next('gameState'), b.next('gameState')]);
      b.emit('submitClientSeed', { sessionId: waiting.sessionId, clientSeed: 'b0b' });
      expect(introA).toMatchObject({ phase: 'intro', sessionId: waiting.sessionId, player1: a.id, player2: b.id, player2Wallet: bob.address, player1Name: 'alice', player2Name: 'bob', vsBot: false });
      expect(introA.opponentCharacter).toEqual({ id: GHOST, health: 100 });
      expect(introB).toMatchObject({ phase: 'intro', inviteCode: null, canInvite: false });
      expect(introA.fairness).toEqual({ commitment: waiting.fairness.commitment, serverSeed: null, clientSeeds: null });

      const ends = await playToEnd(a, b, READS_RIGHT, READS_WRONG);
      const last = ends[ends.length - 1] as ServerEventPayload<'roundEnd'>;
      expect(last).toMatchObject({ gameOver: true, winner: 'player1', player2Health: 0 });
      const starts = a.all('roundStart');
      for (const start of starts) expect(start.endTime).toBeGreaterThan(Date.now() - 60_000);
      expect(a.all('actionConfirmed').map((c) => c.round)).toEqual(starts.map((s) => s.round));

      const over = await a.next('gameState', (s) => s.phase === 'over');
      expect(over).toMatchObject({ gameOver: true, winner: 'player1', round: ends.length });
      const seed = over.fairness.serverSeed ?? '';
      expect(fairnessCommitment(seed)).toBe(waiting.fairness.commitment);
      const clientSeeds = { player1: 'alice-seed_1', player2: 'b0b' };
      expect(over.fairness.clientSeeds).toEqual(clientSeeds);
      await b.next('gameState', (s) => s.phase === 'over');
      expectVersions(a);
      expectVersions(b);

      // Anyone can replay every round from the revealed seed and the moves both players saw.
      const ghost = findCharacter(GHOST);
      if (!ghost) throw new Error('no ghost');
      let duel: DuelState = startDuel(ghost, ghost);
      for (const end of ends) {
        const move = (slot: Slot): Move | null => {
          const side = end[slot];
          return side.action && side.prediction ? { action: side.action, prediction: side.prediction } : null;
        };
        const factor = (slot: Slot) => hitFactor(seed, waiting.sessionId, end.round, slot, clientSeeds);
        duel = playRound(duel, { player1: move('player1'), player2: move('player2') }, { player1: factor('player1'), player2: factor('player2') });
        expect([duel.health.player1, duel.health.player2]).toEqual([end.player1Health, end.player2Health]);
      }

      // The record: the stored round log verifies against the commitment.
      await recorded(database, waiting.sessionId);
      const [row] = await database.db.select().from(games).where(eq(games.sessionId, waiting.sessionId));
      expect(row).toMatchObject({ gameOver: true, winner: alice.address, currentRound: ends.length, payoutState: 'none', serverSeed: seed, fairnessCommitment: waiting.fairness.commitment });
      expect(row?.endedAt).toBeInstanceOf(Date);
      const log = (row?.rounds ?? []) as unknown as RoundLogRow[];
      const verdict = verifyFairness({
        serverSeed: seed,
        commitment: waiting.fairness.commitment,
        gameId: waiting.sessionId,
        clientSeeds,
        rounds: log.map((r) => ({ round: r.round, player1Factor: r.player1.factor, player2Factor: r.player2.factor })),
      });
      expect(verdict).toEqual({ valid: true, commitmentMatches: true, mismatchedRounds: [] });
      expect(log.map((r) => r.player2.health)).toEqual(ends.map((e) => e.player2Health));

      const history = await getJson<{ games: Record<string, unknown>[] }>(`${game.url}/api/games?wallet=${bob.address}`);
      expect(history.body.games).toHaveLength(1);
      expect(history.body.games[0]).toMatchObject({
        sessionId: waiting.sessionId,
        player1Wallet: alice.address,
        player2Wallet: bob.address,
        winner: alice.address,
        gameOver: true,
        currentRound: ends.length,
        betAmount: 'Free!',
        playerCharacter: { id: GHOST },
        opponentCharacter: { id: GHOST },
        fairness: { commitment: waiting.fairness.commitment, serverSeed: seed, clientSeeds },
      });
      // The history publishes the round log, so anyone can replay the game and check its factors.
      const published = history.body.games[0]!.rounds as { round: number; player2: { health: number; factor: number } }[];
      expect(published.map((r) => r.round)).toEqual(ends.map((e) => e.round));
      expect(published.map((r) => r.player2.health)).toEqual(ends.map((e) => e.player2Health));
      expect(published.map((r) => r.player2.factor)).toEqual(log.map((r) => r.player2.factor));

      const winner = await getJson<{ user: { level: number; experience: number; stats: Record<string, unknown> } }>(`${game.url}/api/user/${alice.address}`);
      expect(winner.body.user).toMatchObject({ experience: 30, level: 1 });
      expect(winner.body.user.stats).toMatchObject({
        totalMatches: 1, wins: 1, losses: 0, draws: 0, currentWinStreak: 1, longestWinStreak: 1, favoriteCharacter: GHOST,
        totalRoundsPlayed: ends.length, freeGamesPlayed: 1, paidGamesPlayed: 0, totalEarnings: '0', totalLosses: '0',
      });
      const loser = await getJson<{ user: { experience: number; stats: Record<string, unknown> } }>(`${game.url}/api/user/${bob.address}`);
      expect(loser.body.user.experience).toBe(10);
      expect(loser.body.user.stats).toMatchObject({ totalMatches: 1, wins: 0, losses: 1, currentWinStreak: 0, freeGamesPlayed: 1 });

      // Over means over: no active game any more, and a new join is allowed.
      a.emit('checkActiveGame', { walletAddress: alice.address });
      expect(await a.next('activeGameCheck')).toEqual({ hasActiveGame: false, gameSession: null });
    } finally {
      a.close();
      b.close();
    }
  });

  it('SECURITY 24 and 25: lets a player rejoin mid-round on a new socket, and the server clock refuses late and repeated actions', async () => {
    const [a, b] = await Promise.all([connect(game.url, alice.token), connect(game.url, bob.token)]);
    let a2: GameClient | undefined;
    try {
      a.emit('joinGame', FREE_JOIN(alice.address));
      const waiting = await a.next('gameState');
      b.emit('joinGame', FREE_JOIN(bob.address));
      const first = await b.next('roundStart');

      // Bob's move is locked once sent.
      b.emit('playerAction', READS_WRONG);
      expect(await b.next('actionConfirmed')).toMatchObject({ round: 1, ...READS_WRONG, sessionId: waiting.sessionId });
      b.emit('playerAction', READS_RIGHT);
      expect(await b.next('error')).toMatchObject({ code: 'ACTION_ALREADY_SENT', event: 'playerAction' });

      // Alice drops mid-round and comes back with the same token on a new socket.
      a.close();
      a2 = await connect(game.url, alice.token);
      a2.emit('checkActiveGame', { walletAddress: alice.address });
      const check = await a2.next('activeGameCheck');
      expect(check.hasActiveGame).toBe(true);
      expect(check.gameSession).toMatchObject({ sessionId: waiting.sessionId, phase: 'round', round: 1, endTime: first.endTime, player1: a2.id, player2: b.id });
      expect(await a2.next('gameState')).toEqual(check.gameSession);
      // Alice sent nothing yet, and is not shown Bob's move.
      expect(check.gameSession?.myMove).toBeUndefined();
      // Bob asking for the full state (as after a reload) is shown the move he sent, so his
      // client can show it locked.
      b.emit('checkActiveGame', { walletAddress: bob.address });
      expect((await b.next('activeGameCheck')).gameSession?.myMove).toEqual(READS_WRONG);
      a2.emit('checkActiveGames', { walletAddress: alice.address });
      expect(await a2.next('activeGameResult')).toMatchObject({ hasActiveGame: true, gameData: { sessionId: waiting.sessionId, round: 1 } });

      a2.emit('playerAction', { ...READS_RIGHT, round: 1 });
      expect(await a2.next('actionConfirmed')).toMatchObject({ round: 1 });
      const end1 = await a2.next('roundEnd');
      expect(end1).toMatchObject({ round: 1, gameOver: false, player1: { action: 'attack', prediction: 'attack' } });

      // Round 2: a move for another round, and one after endTime (the server's clock), are refused.
      const second = await a2.next('roundStart', (s) => s.round === 2);
      a2.emit('playerAction', { ...READS_RIGHT, round: 1 });
      expect(await a2.next('error')).toMatchObject({ code: 'ROUND_CLOSED' });
      skewMs = second.endTime - Date.now() + 1;
      a2.emit('playerAction', READS_RIGHT);
      const late = await a2.next('error');
      skewMs = 0;
      expect(late).toMatchObject({ code: 'ROUND_CLOSED', message: 'The round is closed' });

      // …and changed nothing: the round still takes both moves and the game ends.
      a2.emit('playerAction', READS_RIGHT);
      b.emit('playerAction', READS_WRONG);
      const end2 = await a2.next('roundEnd', (e) => e.round === 2);
      expect(end2).toMatchObject({ gameOver: true, winner: 'player1' });
      expect(a.all('roundEnd')).toHaveLength(0);
      expectVersionsFrom(a2);
    } finally {
      skewMs = 0;
      a.close();
      b.close();
      a2?.close();
    }
  });

  it('gives no active game to someone who has none', async () => {
    const c = await connect(game.url, bob.token);
    try {
      c.emit('playerAction', READS_RIGHT);
      expect(await c.next('error')).toMatchObject({ code: 'NO_ACTIVE_GAME', message: 'No active game session found' });
    } finally {
      c.close();
    }
  });
});

/** A rejoined socket starts at the game's current version and sees no gap from there. */
function expectVersionsFrom(client: GameClient): void {
  const versions = client.received.filter((r) => GAME_EVENTS.has(r.name) && r.name !== 'actionConfirmed').map((r) => (r.payload as { version: number }).version);
  // The rejoin's gameState repeats the current version once (nothing changed in between).
  const [start, ...rest] = versions;
  let last = start ?? 0;
  for (const version of rest) {
    expect(version === last || version === last + 1).toBe(true);
    last = version;
  }
  expect(new Set(versions).size).toBeGreaterThanOrEqual(versions.length - 1);
}
