// A guest has no token, so its seat is found by the rejoin key the server gave that seat alone
// (gameState.rejoinKey): over real Socket.IO, a guest drops mid-game against the bot, comes back
// on a new socket with its key and finishes the game; a wrong key, someone else's key sent by a
// socket that already holds a seat, a signed-in socket's key and a key after game over find no
// game; and a key never reaches the opponent or the record.
import { randomBytes } from 'node:crypto';
import type { GameState, ServerEventPayload } from '@duel-dojo/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../adapters/db/schema';
import { testDatabases } from '../test-support';
import { type Database, type GameClient, type GameHarness, type Player, FAST_TIMINGS, FREE_JOIN, READS_RIGHT, READS_WRONG, connect, playAlone, recorded, signUp, startGameServer } from '../test-support/game-server';

const GAME_EVENTS = new Set(['gameState', 'roundStart', 'roundEnd']);

/** The key a guest's own gameState carries (base64url of 32 random bytes). */
function keyOf(state: GameState): string {
  expect(state.rejoinKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return state.rejoinKey ?? '';
}

/** Whether `key` appears anywhere in what this client was sent. */
const heard = (client: GameClient, key: string): boolean => client.received.some(({ raw }) => JSON.stringify(raw ?? null).includes(key));

/** From the rejoin's full state on, broadcasts go on at +1 with no gap. */
function expectNoGapFrom(client: GameClient, rejoined: GameState): void {
  let last = rejoined.version;
  const after = client.received.filter((r) => GAME_EVENTS.has(r.name)).map((r) => (r.payload as { version: number }).version);
  for (const version of after.slice(1)) {
    expect(version).toBe(last + 1);
    last = version;
  }
}

describe.each(testDatabases())('a guest rejoining with its key on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  let frank: Player;

  beforeAll(async () => {
    database = await target.open();
    // Short rounds: the bot thinks for up to 40 % of one.
    game = await startGameServer(database, { gameTimings: { ...FAST_TIMINGS, roundMs: 600 } });
    frank = await signUp(game.url, 'frank');
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });

  it('drops mid-game against the bot, comes back on a new socket with its key, and finishes the game', async () => {
    const first = await connect(game.url);
    let second: GameClient | undefined;
    try {
      first.emit('joinGame', FREE_JOIN(null));
      const waiting = await first.next('gameState');
      const key = keyOf(waiting);
      first.emit('playWithBot', { sessionId: waiting.sessionId });
      expect(keyOf(await first.next('gameState', (s) => s.phase === 'intro'))).toBe(key);
      const round1 = await first.next('roundStart');
      first.emit('playerAction', READS_RIGHT);
      await first.next('roundEnd', (e) => e.round === round1.round);

      // The page reloads: the first socket is gone; the game goes on without it.
      first.close();
      second = await connect(game.url);
      second.emit('checkActiveGame', { rejoinKey: key });
      const check = await second.next('activeGameCheck');
      expect(check.hasActiveGame).toBe(true);
      const state = check.gameSession as GameState;
      expect(state).toMatchObject({ sessionId: waiting.sessionId, player1: second.id, player2: 'bot', vsBot: true, gameOver: false, rejoinKey: key });
      expect(await second.next('gameState')).toEqual(state);

      // The new socket acts in the seat (its round if one runs, then every round) to the end.
      const ends: ServerEventPayload<'roundEnd'>[] = [];
      if (state.phase === 'round') {
        second.emit('playerAction', { ...READS_RIGHT, round: state.round });
        expect(await second.next('actionConfirmed')).toMatchObject({ round: state.round });
        // That round may have been the last one.
        ends.push(await second.next('roundEnd', (e) => e.round === state.round));
      }
      if (!ends.at(-1)?.gameOver) ends.push(...(await playAlone(second, READS_RIGHT)));
      expect(ends.at(-1)?.gameOver).toBe(true);
      // Every move from the new socket counted (none refused as "no active game").
      expect(ends.map((e) => e.player1.action)).toEqual(ends.map(() => 'attack'));
      expect(second.all('error')).toEqual([]);
      const over = await second.next('gameState', (s) => s.phase === 'over');
      expect(over.rejoinKey).toBeUndefined();
      expectNoGapFrom(second, state);

      // Over means over: the key finds nothing, on a new socket or on this one.
      second.emit('checkActiveGame', { rejoinKey: key });
      expect(await second.next('activeGameCheck')).toEqual({ hasActiveGame: false, gameSession: null });
      const third = await connect(game.url);
      try {
        third.emit('checkActiveGames', { rejoinKey: key });
        expect(await third.next('activeGameResult')).toEqual({ hasActiveGame: false, gameData: null });
      } finally {
        third.close();
      }
      // The record keeps no key.
      await recorded(database, waiting.sessionId);
      const [row] = await database.db.select().from(games).where(eq(games.sessionId, waiting.sessionId));
      expect(row?.gameOver).toBe(true);
      expect(JSON.stringify(row, (_k, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))).not.toContain(key);
    } finally {
      first.close();
      second?.close();
    }
  });

  it('tells each guest its own key only, and finds no game for a wrong key, a seated stranger or a signed-in socket', async () => {
    const [one, two] = await Promise.all([connect(game.url), connect(game.url)]);
    const [stranger, seated, signedIn] = await Promise.all([connect(game.url), connect(game.url), connect(game.url, frank.token)]);
    try {
      one.emit('joinGame', FREE_JOIN(null));
      const waiting = await one.next('gameState');
      two.emit('joinGame', FREE_JOIN(null));
      const [introOne, introTwo] = await Promise.all([one.next('gameState', (s) => s.phase === 'intro'), two.next('gameState', (s) => s.phase === 'intro')]);
      const [keyOne, keyTwo] = [keyOf(introOne), keyOf(introTwo)];
      expect(keyOne).toBe(keyOf(waiting));
      expect(keyOne).not.toBe(keyTwo);

      // A well-formed key nobody was given.
      stranger.emit('checkActiveGame', { rejoinKey: randomBytes(32).toString('base64url') });
      expect(await stranger.next('activeGameCheck')).toEqual({ hasActiveGame: false, gameSession: null });
      // A guest may not name a wallet.
      stranger.emit('checkActiveGame', { walletAddress: frank.address, rejoinKey: keyOne });
      expect(await stranger.next('error')).toMatchObject({ code: 'WALLET_MISMATCH', event: 'checkActiveGame' });

      // A socket that already holds a seat keeps it: someone else's key does not add a second one.
      seated.emit('joinGame', FREE_JOIN(null));
      const own = await seated.next('gameState');
      seated.emit('checkActiveGame', { rejoinKey: keyOne });
      expect((await seated.next('activeGameCheck')).gameSession).toMatchObject({ sessionId: own.sessionId, phase: 'waiting', player1: seated.id });

      // A signed-in socket is its token's player: a guest's key is ignored.
      signedIn.emit('checkActiveGame', { walletAddress: frank.address, rejoinKey: keyOne });
      expect(await signedIn.next('activeGameCheck')).toEqual({ hasActiveGame: false, gameSession: null });
      signedIn.emit('playerAction', READS_RIGHT);
      expect(await signedIn.next('error')).toMatchObject({ code: 'NO_ACTIVE_GAME' });

      // None of that moved a seat: both guests still play the round.
      const start = await one.next('roundStart');
      await two.next('roundStart', (s) => s.round === start.round);
      one.emit('playerAction', READS_RIGHT);
      two.emit('playerAction', READS_WRONG);
      const end = await one.next('roundEnd', (e) => e.round === start.round);
      expect(end.player1.action).toBe('attack');
      expect(end.player2.action).toBe('attack');
      expect((await two.next('roundEnd', (e) => e.round === start.round)).round).toBe(start.round);

      // The seated stranger leaves its waiting game (so the next test's joins do not meet it).
      seated.emit('resetGame');
      await seated.next('gameState', (s) => s.phase === 'cancelled');

      for (const client of [stranger, seated, signedIn]) {
        expect(client.all('gameState').every((s) => s.sessionId !== waiting.sessionId)).toBe(true);
      }
      expect(heard(one, keyTwo)).toBe(false);
      expect(heard(two, keyOne)).toBe(false);
      expect(heard(stranger, keyOne) || heard(stranger, keyTwo)).toBe(false);
    } finally {
      for (const client of [one, two, stranger, seated, signedIn]) client.close();
    }
  });

  it('gives the seat to the latest connection when the key is used while the first is still connected', async () => {
    const first = await connect(game.url);
    const other = await connect(game.url);
    let second: GameClient | undefined;
    try {
      first.emit('joinGame', FREE_JOIN(null));
      const waiting = await first.next('gameState');
      other.emit('joinGame', FREE_JOIN(null));
      const key = keyOf(await first.next('gameState', (s) => s.phase === 'intro'));

      second = await connect(game.url);
      second.emit('checkActiveGame', { rejoinKey: key });
      const state = (await second.next('activeGameCheck')).gameSession as GameState;
      expect(state).toMatchObject({ sessionId: waiting.sessionId, player1: second.id, rejoinKey: key });
      const heardBefore = first.received.length;

      // The next round is played from the second socket; the first, still open, hears none of it.
      const start = await second.next('roundStart', (s) => s.round > state.round);
      second.emit('playerAction', READS_RIGHT);
      other.emit('playerAction', READS_WRONG);
      const end = await second.next('roundEnd', (e) => e.round === start.round);
      expect(end.player1.action).toBe('attack');
      expect(first.received.slice(heardBefore).filter((r) => GAME_EVENTS.has(r.name))).toEqual([]);
      // The opponent, asking for the state (as a client does on a gap: no gameState per round,
      // docs/game-events.md), sees the seat moved (its socket id), never the key.
      other.emit('checkActiveGame', { rejoinKey: keyOf(await other.next('gameState', (s) => s.phase === 'intro')) });
      const seen = (await other.next('activeGameCheck')).gameSession as GameState;
      expect(seen.player1).toBe(second.id);
      expect(seen.rejoinKey).not.toBe(key);
      expect(heard(other, key)).toBe(false);

      // The first socket closing now does not take the seat away from the second.
      first.close();
      await first.disconnected();
      const next = await second.next('roundStart', (s) => s.round > start.round);
      second.emit('playerAction', { ...READS_RIGHT, round: next.round });
      expect(await second.next('actionConfirmed', (c) => c.round === next.round)).toMatchObject({ round: next.round, ...READS_RIGHT });
    } finally {
      first.close();
      other.close();
      second?.close();
    }
  });
});
