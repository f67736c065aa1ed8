// gameStats pushes go to the sockets that show them (docs/game-events.md): a player who takes a
// seat gets none from the match on, while a socket that only watches the counts still gets every
// change; asking again (the web app does each time it waits) brings the pushes back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type GameClient, type GameHarness, FREE_JOIN, READS_RIGHT, READS_WRONG, connect, playToEnd, startGameServer } from '../test-support/game-server';
import { testDatabases } from '../test-support';

const pushesAfter = (client: GameClient, index: number) => client.received.slice(index).filter((item) => item.name === 'gameStats');

describe.each(testDatabases().slice(0, 1))('gameStats pushes on $kind', (target) => {
  let database: Database;
  let game: GameHarness;

  beforeAll(async () => {
    database = await target.open();
    game = await startGameServer(database);
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });

  it('pushes to a waiting player and a watcher, never to the seats of a running game until they ask again', async () => {
    const [a, b, watcher] = await Promise.all([connect(game.url), connect(game.url), connect(game.url)]);
    const others: GameClient[] = [];
    const arrive = async () => {
      const client = await connect(game.url);
      others.push(client);
      return client;
    };
    try {
      for (const client of [a, b, watcher]) client.emit('requestStats');
      const [base] = await Promise.all([watcher.next('gameStats'), a.next('gameStats'), b.next('gameStats')]);
      a.emit('joinGame', FREE_JOIN(null));
      await a.next('gameState', (s) => s.phase === 'waiting');
      // Waiting, a still sees the counts change: one more player comes online.
      const extra = await arrive();
      const online = await a.next('gameStats', (s) => s.onlinePlayers === base.onlinePlayers + 1);

      b.emit('joinGame', FREE_JOIN(null));
      await Promise.all([a.next('gameState', (s) => s.phase === 'intro'), b.next('gameState', (s) => s.phase === 'intro')]);
      const [fromA, fromB] = [a.received.length, b.received.length];
      await watcher.next('gameStats', (s) => s.activeGames === 1);

      // Someone leaves mid-game: the watcher hears the change, the seated players do not.
      extra.close();
      await watcher.next('gameStats', (s) => s.onlinePlayers === online.onlinePlayers - 1);
      const ends = await playToEnd(a, b, READS_RIGHT, READS_WRONG);
      expect(ends.at(-1)?.gameOver).toBe(true);
      await watcher.next('gameStats', (s) => s.activeGames === 0);
      expect(pushesAfter(a, fromA)).toEqual([]);
      expect(pushesAfter(b, fromB)).toEqual([]);

      // Back to waiting: a asks again, gets the counts and the pushes from then on; b, who did not ask, none.
      a.emit('requestStats');
      const answer = await a.next('gameStats');
      await arrive();
      await a.next('gameStats', (s) => s.onlinePlayers === answer.onlinePlayers + 1);
      await watcher.next('gameStats', (s) => s.onlinePlayers === answer.onlinePlayers + 1);
      expect(pushesAfter(b, fromB)).toEqual([]);
    } finally {
      for (const client of [a, b, watcher, ...others]) client.close();
    }
  });
});
