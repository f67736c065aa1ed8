// SECURITY.md 23: one address holds at most SOCKET_MAX_CONNECTIONS_PER_IP sockets at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support';
import { TOO_MANY_CONNECTIONS } from './connection-cap';
import { type Database, type GameHarness, connect, startGameServer } from './game-test-kit';

const [pglite] = testDatabases();

describe('connections per address', () => {
  let database: Database;
  let game: GameHarness;
  beforeAll(async () => {
    database = await pglite!.open();
    game = await startGameServer(database, { config: { socketConnectionsPerAddress: 3 } });
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });

  it('refuses the socket past the cap, and counts a closed one out again', async () => {
    const open = await Promise.all([connect(game.url), connect(game.url), connect(game.url)]);
    expect(open.every((client) => client.socket.connected)).toBe(true);
    await expect(connect(game.url)).rejects.toThrow(TOO_MANY_CONNECTIONS);

    open[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await connect(game.url);
    expect(again.socket.connected).toBe(true);
    for (const client of [...open.slice(1), again]) client.close();
  });
});
