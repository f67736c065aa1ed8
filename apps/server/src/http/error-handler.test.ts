import { generateMessageBody, username } from '@duel-dojo/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { AppError } from '../errors';
import { ChainUnavailable } from '../modules/ledger';
import { BODY_LIMIT_BYTES } from '../server';
import { type TestServer, startTestServer } from '../test-support';
import type { RoutePlugin } from './route-plugin';

// Routes that fail in each way a real module's route can.
const failingRoutes: RoutePlugin = async (app) => {
  app.post('/api/test/echo', { schema: { body: z.object({ amount: z.int(), note: z.string().check(z.maxLength(5)) }) } }, async (request) => ({
    success: true,
    amount: request.body.amount,
  }));
  app.post('/api/test/wallet', { schema: { body: generateMessageBody } }, async () => ({ success: true }));
  app.post('/api/test/username', { schema: { body: z.object({ username }) } }, async () => ({ success: true }));
  app.get('/api/test/page', { schema: { querystring: z.object({ limit: z.pipe(z.coerce.number(), z.int().check(z.lte(100))) }) } }, async () => ({ ok: true }));
  app.get('/api/test/app-error', async () => {
    throw new AppError('USERNAME_TAKEN');
  });
  app.get('/api/test/look-alike', async () => {
    // A driver's error can carry a code and a status of its own: it is still not a refusal.
    throw Object.assign(new Error('duplicate key: password=secret'), { code: 'USERNAME_TAKEN', status: 409 });
  });
  app.get('/api/test/chain-down', async () => {
    throw new ChainUnavailable('getBalance: no answer within 5000 ms');
  });
  app.get('/api/test/crash', async () => {
    throw new Error('connection string postgres://user:secret@db leaked');
  });
  app.get('/api/test/bad-answer', { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => ({ ok: 'yes' }) as never);
};

async function post(url: string, body: string, contentType = 'application/json') {
  return fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
}

describe('error answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, { routes: [failingRoutes] });
  });
  afterAll(() => server?.stop());

  it('answers a chain that does not answer in time with 503, retry later, and no internal detail', async () => {
    const response = await fetch(`${server.url}/api/test/chain-down`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, message: 'The Solana network is not answering right now. Please try again in a moment.', code: 'CHAIN_UNAVAILABLE' });
  });

  it('passes a valid request through', async () => {
    const response = await post(`${server.url}/api/test/echo`, JSON.stringify({ amount: 3, note: 'hi' }));
    expect(await response.json()).toEqual({ success: true, amount: 3 });
  });

  it('answers a body that fails its schema with 400 naming the field', async () => {
    const response = await post(`${server.url}/api/test/echo`, JSON.stringify({ amount: 'three', note: 'hi' }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    // In zod's English wording, which the server sets up (validation-messages.ts).
    expect(body.message).toBe('amount: Invalid input: expected number, received string');
  });

  it('names a nested or query field the same way', async () => {
    const response = await fetch(`${server.url}/api/test/page?limit=500`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('limit: Too big: expected number to be <=100');
  });

  it("formats the message with the protocol's rule: field path first", async () => {
    const response = await post(`${server.url}/api/test/wallet`, JSON.stringify({ walletAddress: 'not-a-wallet' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: 'walletAddress: Invalid wallet address', code: 'VALIDATION_FAILED' });
  });

  it("shows the product's own form texts as they are", async () => {
    const response = await post(`${server.url}/api/test/username`, JSON.stringify({ username: 'ab' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, message: 'Username must be at least 3 characters long' });
  });

  it('answers malformed JSON with 400 JSON and no parser internals', async () => {
    const response = await post(`${server.url}/api/test/echo`, '{"amount": 3,');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: 'Malformed JSON body', code: 'VALIDATION_FAILED' });
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await post(`${server.url}/api/test/echo`, '');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, message: 'Malformed JSON body' });
  });

  it('answers a body over the limit with 413 JSON', async () => {
    const response = await post(`${server.url}/api/test/echo`, JSON.stringify({ amount: 1, note: 'x'.repeat(BODY_LIMIT_BYTES) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unsupported content type with 415 JSON', async () => {
    const response = await post(`${server.url}/api/test/echo`, 'amount=3', 'application/x-www-form-urlencoded');
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ success: false, message: 'Unsupported content type' });
  });

  it("maps a module's AppError to its status, message and code", async () => {
    const response = await fetch(`${server.url}/api/test/app-error`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ success: false, message: 'Username is already taken', code: 'USERNAME_TAKEN' });
  });

  it('answers an unexpected error with a bare 500: no message, no stack', async () => {
    for (const path of ['/api/test/crash', '/api/test/bad-answer', '/api/test/look-alike']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ success: false, message: 'Internal server error', code: 'INTERNAL' });
      expect(text).not.toMatch(/secret|at |\.ts/);
    }
  });
});
