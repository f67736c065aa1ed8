// docs/security.md 23 against the real server, below the game's events: which pages may open a socket
// (the Origin check of io-server.ts), what a frame the server cannot decode or a frame over the
// size limit does (it closes that socket), and that the message budget counts every event a
// socket sends, junk included. The budget at its default and the cap on connections per address
// are in socket-guards.test.ts and connection-cap.test.ts.
import { type Socket, io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support';
import { type Database, type GameClient, type GameHarness, connect, startGameServer } from '../test-support/game-server';
import { MAX_SOCKET_FRAME_BYTES } from './io-server';

const [pglite] = testDatabases();
/** testConfig's PUBLIC_ORIGIN. */
const OUR_ORIGIN = 'http://localhost:3000';
const FOREIGN_ORIGIN = 'https://evil.example';
const BUDGET = { max: 10, windowMs: 60_000 };

/** A socket as a browser page of `origin` opens it; resolves true when connected, false when refused. */
function openFromPage(url: string, origin: string, transport: 'websocket' | 'polling'): Promise<{ connected: boolean; socket: Socket }> {
  const socket = connectSocket(url, { transports: [transport], reconnection: false, forceNew: true, extraHeaders: { origin } });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ connected: true, socket }));
    socket.once('connect_error', () => {
      socket.close();
      resolve({ connected: false, socket });
    });
  });
}

/** Sends a raw Socket.IO packet (the text after engine.io's message type), bypassing the client's encoder. */
function sendRaw(client: GameClient, packet: string): void {
  client.socket.io.engine.send(packet);
}

describe('socket transport guards', () => {
  let database: Database;
  let game: GameHarness;
  beforeAll(async () => {
    database = await pglite!.open();
    game = await startGameServer(database, { socketMessageBudget: BUDGET });
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });

  it('SECURITY 23: a page of a foreign origin cannot open a socket, over WebSocket or polling; our own page can', async () => {
    for (const transport of ['websocket', 'polling'] as const) {
      const foreign = await openFromPage(game.url, FOREIGN_ORIGIN, transport);
      expect(foreign.connected).toBe(false);
      const lookAlike = await openFromPage(game.url, `${OUR_ORIGIN}.evil.example`, transport);
      expect(lookAlike.connected).toBe(false);
      const ours = await openFromPage(game.url, OUR_ORIGIN, transport);
      expect(ours.connected).toBe(true);
      ours.socket.close();
    }
    // The engine's handshake itself is refused, before any Socket.IO packet.
    const handshake = await fetch(`${game.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: FOREIGN_ORIGIN } });
    expect(handshake.status).toBe(403);
    await handshake.body?.cancel();
    const ownHandshake = await fetch(`${game.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: OUR_ORIGIN } });
    expect(ownHandshake.status).toBe(200);
    await ownHandshake.body?.cancel();
  });

  it('SECURITY 23: a frame the server cannot decode closes the socket; a good frame with a bad payload is answered', async () => {
    const client = await connect(game.url);
    // A well-formed frame whose payload fails the schema: an error, and the socket stays.
    sendRaw(client, '2["getServerTime",{"clientTime":"soon"}]');
    expect(await client.next('error')).toMatchObject({ code: 'VALIDATION_FAILED', event: 'getServerTime' });
    expect(client.socket.connected).toBe(true);
    // Not a Socket.IO packet at all: the server closes the connection.
    const closed = client.disconnected();
    sendRaw(client, '2["getServerTime",{"clientTime":1}');
    expect(await closed).toBe('transport close');
    expect(client.all('serverTime')).toEqual([]);

    for (const junk of ['9', '2{"not":"an array"}', 'x'.repeat(100)]) {
      const other = await connect(game.url);
      const gone = other.disconnected();
      sendRaw(other, junk);
      expect(await gone).toBe('transport close');
    }
  });

  it('SECURITY 23: a frame over the size limit closes the socket; one under it is served', async () => {
    const client = await connect(game.url);
    // Unknown fields are dropped by the schema: a large but legal frame is answered.
    client.emit('getServerTime', { clientTime: 1, padding: 'x'.repeat(MAX_SOCKET_FRAME_BYTES / 2) });
    expect(await client.next('serverTime')).toMatchObject({ clientTime: 1 });
    const closed = client.disconnected();
    client.emit('getServerTime', { clientTime: 2, padding: 'x'.repeat(MAX_SOCKET_FRAME_BYTES + 1) });
    expect(await closed).toBe('transport close');
    expect(client.all('serverTime')).toHaveLength(1);
  });

  it('SECURITY 23: the message budget counts every event, unknown and malformed ones too', async () => {
    const flooder = await connect(game.url);
    const closed = flooder.disconnected();
    // BUDGET.max - 1 events that do nothing (unknown names, payloads that fail their schema)…
    for (let i = 0; i < BUDGET.max - 1; i += 1) {
      if (i % 2 === 0) flooder.socket.emit('noSuchEvent', { i });
      else flooder.emit('getServerTime', { clientTime: 'junk' });
    }
    // …then the last one the budget allows is still served…
    flooder.emit('getServerTime', { clientTime: 7 });
    expect(await flooder.next('serverTime')).toMatchObject({ clientTime: 7 });
    expect(flooder.socket.connected).toBe(true);
    // …and one more closes the socket, unanswered.
    flooder.emit('getServerTime', { clientTime: 8 });
    expect(await closed).toBe('io server disconnect');
    expect(flooder.all('serverTime')).toHaveLength(1);
  });
});
