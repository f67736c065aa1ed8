// SECURITY.md 23: one address holds at most SOCKET_MAX_CONNECTIONS_PER_IP sockets at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support';
import { TOO_MANY_CONNECTIONS } from './connection-cap';
import { type Database, type GameClient, type GameHarness, connect, startGameServer } from './game-test-kit';

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

  it('SECURITY 23: refuses the socket past the cap, and counts a closed one out again', async () => {
    const open = await Promise.all([connect(game.url), connect(game.url), connect(game.url)]);
    expect(open.every((client) => client.socket.connected)).toBe(true);
    await expect(connect(game.url)).rejects.toThrow(TOO_MANY_CONNECTIONS);

    open[0]!.close();
    // The server counts the closed socket out when it hears of the close: try until it has (a
    // loaded machine may take a while), never past the cap meanwhile.
    let again: GameClient | null = null;
    for (let attempt = 0; again === null && attempt < 100; attempt += 1) {
      again = await connect(game.url).catch(async (error: unknown) => {
        expect(String(error)).toContain(TOO_MANY_CONNECTIONS);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return null;
      });
    }
    if (!again) throw new Error('the closed socket was never counted out');
    expect(again.socket.connected).toBe(true);
    for (const client of [...open.slice(1), again]) client.close();
  });
});
