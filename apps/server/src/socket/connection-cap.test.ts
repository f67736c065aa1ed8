// docs/security.md 23: one address holds at most SOCKET_MAX_CONNECTIONS_PER_IP sockets at once, on one
// node and, with several nodes on Redis, over all of them together.
import { randomBytes } from 'node:crypto';
import { type Server as HttpServer, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../test-support';
import { CONNECTIONS_UNAVAILABLE, type ConnectionCounts, TOO_MANY_CONNECTIONS, capConnectionsPerAddress } from './connection-cap';
import { type Database, type GameClient, type GameHarness, connect, startGameServer } from '../test-support/game-server';
import type { GameServer } from './game-socket';
import { createIoServer } from './io-server';

const [pglite] = testDatabases();
const redisUrl = process.env.TEST_REDIS_URL?.trim();
// Only a shared server database and a Redis make several nodes.
const clusters = redisUrl ? testDatabases().filter((target) => target.kind === 'postgres') : [];

/** Connects until the cap lets one more in (a closed socket is counted out when the server hears of the close), never past it meanwhile. */
async function connectOnceFreed(url: string): Promise<GameClient> {
  // Bounded by time, not by a count of tries: on a busy machine each try is slower.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = await connect(url).catch((error: unknown) => {
      expect(String(error)).toContain(TOO_MANY_CONNECTIONS);
      return null;
    });
    if (client) return client;
    if (Date.now() > deadline) throw new Error('the closed socket was never counted out');
    await sleep(50);
  }
}

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
    const again = await connectOnceFreed(game.url);
    expect(again.socket.connected).toBe(true);
    for (const client of [...open.slice(1), again]) client.close();
  });
});

describe.each(clusters)('connections per address over several nodes on $kind and Redis', (target) => {
  let database: Database;
  const nodes: GameHarness[] = [];
  beforeAll(async () => {
    database = await target.open();
    const prefix = `dd:test:${randomBytes(6).toString('hex')}:`;
    for (const nodeId of ['cap-one', 'cap-two']) nodes.push(await startGameServer(database, { nodeId, redisPrefix: prefix, config: { redisUrl: redisUrl ?? null, socketConnectionsPerAddress: 3 } }));
  });
  afterAll(async () => {
    for (const node of nodes) await node.stop().catch(() => undefined);
    await database?.close();
  });

  it('SECURITY 23: an address holds the cap once over all the nodes, not once on each', async () => {
    const [one, two] = nodes as [GameHarness, GameHarness];
    const open = [await connect(one.url), await connect(one.url), await connect(two.url)];
    await expect(connect(two.url)).rejects.toThrow(TOO_MANY_CONNECTIONS);
    await expect(connect(one.url)).rejects.toThrow(TOO_MANY_CONNECTIONS);

    // A socket closed on one node frees its place on the other.
    open[0]!.close();
    const again = await connectOnceFreed(two.url);
    await expect(connect(one.url)).rejects.toThrow(TOO_MANY_CONNECTIONS);
    for (const client of [...open.slice(1), again]) client.close();
  });
});

describe('the cap on a count that fails or answers late', () => {
  let http: HttpServer;
  let io: GameServer;
  let url: string;
  const open = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const socket = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true });
      socket.once('connect', () => {
        socket.close();
        resolve();
      });
      socket.once('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    });
  const start = async (counts: ConnectionCounts): Promise<void> => {
    http = createServer();
    io = createIoServer(http, ['http://127.0.0.1']);
    capConnectionsPerAddress(io, 3, { counts, report: () => undefined });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  };
  afterEach(async () => {
    await new Promise((resolve) => io.close(resolve));
  });

  it('SECURITY 23: refuses the socket when the count cannot be read, and keeps serving', async () => {
    let fail = true;
    const releases: string[] = [];
    await start({
      tryAcquire: async () => {
        if (fail) throw new Error('Redis is away');
        return true;
      },
      release: async (address) => void releases.push(address),
    });
    await expect(open()).rejects.toThrow(CONNECTIONS_UNAVAILABLE);
    fail = false;
    await open();
    await vi.waitFor(() => expect(releases).toHaveLength(1));
  });

  it('SECURITY 23: counts out exactly once a socket that closes, even one that closed while its count was pending', async () => {
    const answers: ((admitted: boolean) => void)[] = [];
    const releases: string[] = [];
    await start({
      tryAcquire: () => new Promise<boolean>((resolve) => answers.push(resolve)),
      release: async (address) => void releases.push(address),
    });
    const gone = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    gone.close();
    await vi.waitFor(() => expect(io.engine.clientsCount).toBe(0));
    answers[0]!(true);
    await vi.waitFor(() => expect(releases).toHaveLength(1));

    const served = open();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(true);
    await served;
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    // Closing the server ends every socket it still holds, each counted out as it ends: a count
    // out owed to a socket nobody closed, or a second one, would show here.
    await new Promise((resolve) => io.close(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(releases).toHaveLength(2);
  });
});
