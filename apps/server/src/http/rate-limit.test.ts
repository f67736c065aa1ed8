import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../test-support';
import { TOO_MANY_REQUESTS, rateLimit } from './rate-limit';
import type { RoutePlugin } from './route-plugin';

const routes: RoutePlugin = async (app) => {
  app.get('/api/test/limited', { config: { rateLimit: rateLimit(3, '1 minute') } }, async () => ({ ok: true }));
  app.get('/api/test/free', async () => ({ ok: true }));
};

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, { routes: [routes] });
  });
  afterAll(() => server?.stop());

  it('refuses a route that opted in with 429 JSON once the budget is spent', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await fetch(`${server.url}/api/test/limited`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await fetch(`${server.url}/api/test/limited`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ success: false, message: TOO_MANY_REQUESTS, code: 'RATE_LIMITED' });
  });

  it('leaves other routes unlimited (the global limiter is off)', async () => {
    for (let i = 0; i < 10; i += 1) expect((await fetch(`${server.url}/api/test/free`)).status).toBe(200);
  });
});
