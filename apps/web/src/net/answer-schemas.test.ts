// Every HTTP answer still goes through its protocol schema when a page loads only the area of
// the contract that schema lives in (net/protocol.ts): the navbar's configuration needs neither
// the whole contract nor the socket's schemas, and a malformed or failed answer is refused as before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchConfig } from './api-config';
import { fetchLiveGames } from './api-games';
import { ApiError } from './http';

// Loading the whole contract fails here: any call that still needed it would fail with it.
vi.mock('./protocol-module', () => {
  throw new Error('the whole wire contract was loaded');
});

const CONFIG = {
  cluster: 'localnet',
  rpcUrl: 'http://127.0.0.1:8899',
  wsUrl: 'ws://127.0.0.1:8900',
  treasuryAddress: null,
  solUsdPrice: '150',
  earlyAccessTarget: '2026-12-01T00:00:00Z',
  claimVictoryAfterMs: 30_000,
};

function answerWith(status: number, body: unknown): void {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('answers parsed with the schemas of their own area', () => {
  it('hands on a valid configuration, parsed without the whole contract', async () => {
    answerWith(200, CONFIG);
    await expect(fetchConfig()).resolves.toEqual(CONFIG);
  });

  it('refuses a configuration that does not match its schema', async () => {
    answerWith(200, { ...CONFIG, rpcUrl: 'ftp://127.0.0.1:8899' });
    const failure = await fetchConfig().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Unexpected answer from /api/config', status: 200, reachedServer: true });
  });

  it("carries the server's message and code of a failure answer", async () => {
    const message = 'The Solana network is not answering right now. Please try again in a moment.';
    answerWith(503, { success: false, message, code: 'CHAIN_UNAVAILABLE' });
    const failure = await fetchLiveGames().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message, status: 503, code: 'CHAIN_UNAVAILABLE', serverMessage: message });
  });

  it('refuses a live duels answer whose games do not match their schema', async () => {
    answerWith(200, { success: true, games: [{ sessionId: 42 }] });
    await expect(fetchLiveGames()).rejects.toThrow('Unexpected answer from /api/games/live');
  });
});
