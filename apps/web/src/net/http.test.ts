// The typed HTTP client against a real HTTP server on a free port: answers parsed with their
// schema, failures carrying the server's own message and code, whether the call was a read
// (whose failure body's schema loads only when it failed) or a write.
import { type Server, createServer } from 'node:http';
import { ERROR_MESSAGES } from '@duel-dojo/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, requestJson } from './http';

let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    // The test page's origin is not this server's: it allows the page, as the same origin would.
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, accept' };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { ...cors, 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/config') return answer(200, { success: true, cluster: 'localnet' });
    if (request.url?.startsWith('/odd')) return answer(200, { success: 'yes' });
    if (request.url === '/missing') return answer(404, { success: false, code: 'USER_NOT_FOUND', message: ERROR_MESSAGES.USER_NOT_FOUND });
    return answer(409, { success: false, code: 'USERNAME_TAKEN', message: ERROR_MESSAGES.USERNAME_TAKEN });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const loadAnswer = () => import('zod/mini').then(({ z }) => z.object({ success: z.literal(true), cluster: z.string() }));

describe('requestJson', () => {
  it('gives the answer parsed with its schema', async () => {
    await expect(requestJson(`${origin}/config`, loadAnswer)).resolves.toEqual({ success: true, cluster: 'localnet' });
  });

  it("refuses an answer its schema does not accept, naming the call, not the server's words", async () => {
    await expect(requestJson(`${origin}/odd?x=1`, loadAnswer)).rejects.toThrow(`Unexpected answer from ${origin}/odd`);
  });

  it("turns a failed read into an ApiError with the server's message and code", async () => {
    const failure = await requestJson(`${origin}/missing`, loadAnswer).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: ERROR_MESSAGES.USER_NOT_FOUND, status: 404, code: 'USER_NOT_FOUND', reachedServer: true, serverMessage: ERROR_MESSAGES.USER_NOT_FOUND });
  });

  it("turns a failed write into an ApiError with the server's message and code", async () => {
    const failure = await requestJson(`${origin}/signup`, loadAnswer, { method: 'POST', body: { username: 'x' } }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: ERROR_MESSAGES.USERNAME_TAKEN, status: 409, code: 'USERNAME_TAKEN' });
  });

  it('says a call that never reached the server did not', async () => {
    const failure = await requestJson('http://127.0.0.1:1/config', loadAnswer).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 0, reachedServer: false });
  });
});
