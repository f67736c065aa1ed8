import { configAnswer } from '@duel-dojo/protocol';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './adapters/db/connect';
import { type TestServer, startTestServer, testDatabases } from './test-support';

describe.each(testDatabases())('server on $kind', (target) => {
  let database: Database;
  let server: TestServer;
  beforeAll(async () => {
    database = await target.open();
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('answers GET /api/health with {ok: true} once the database answers', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe('server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, {
      config: { cluster: 'devnet', rpcUrl: 'https://api.devnet.solana.com', wsUrl: 'wss://api.devnet.solana.com', solUsdPrice: '142.5' },
      treasuryAddress: '11111111111111111111111111111111',
    });
  });
  afterAll(() => server?.stop());

  it('tells clients the deployment through GET /api/config, in the protocol shape', async () => {
    const response = await fetch(`${server.url}/api/config`);
    expect(response.status).toBe(200);
    const body = configAnswer.parse(await response.json());
    expect(body).toEqual({
      cluster: 'devnet',
      rpcUrl: 'https://api.devnet.solana.com',
      wsUrl: 'wss://api.devnet.solana.com',
      treasuryAddress: '11111111111111111111111111111111',
      solUsdPrice: '142.5',
      earlyAccessTarget: '2025-08-14T00:00:00',
      claimVictoryAfterMs: 30_000,
    });
  });

  it('answers an unknown API route with 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await fetch(`${server.url}/api/no-such-thing`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ success: false, message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('without a web build, answers a page address with 404 JSON too', async () => {
    const response = await fetch(`${server.url}/profile`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, message: 'Not found' });
  });

  it('accepts Socket.IO connections at /socket.io on the same port', async () => {
    const socket = connectSocket(server.url, { transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('refuses a socket from a foreign origin', async () => {
    const response = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    const own = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'http://localhost:3000' } });
    expect(own.status).toBe(200);
  });

  it('stops promptly while a socket is connected', async () => {
    const other = await startTestServer(undefined);
    const socket = connectSocket(other.url, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => socket.on('connect', resolve));
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    await other.stop();
    expect(await disconnected).toBe('io server disconnect');
    socket.close();
  });
});
