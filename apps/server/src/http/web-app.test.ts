import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../test-support';

const INDEX = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script></body></html>';

describe('web app build', () => {
  let webDist: string;
  let server: TestServer;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'dd-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), INDEX);
    await writeFile(join(webDist, 'assets', 'app-1a2b.js'), 'console.log("app")');
    await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer(undefined, { webDist });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves index.html at /, never cached stale', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it("serves index.html for the router's page addresses (SPA fallback)", async () => {
    for (const path of ['/profile', '/profile/7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', '/tournaments/T-1?invite=abc', '/my-games']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('serves built files, hashed assets as immutable', async () => {
    const asset = await fetch(`${server.url}/assets/app-1a2b.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const icon = await fetch(`${server.url}/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps /api out of the fallback, and answers other methods with 404 JSON', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['GET', '/api'], ['POST', '/profile'], ['DELETE', '/']] as const) {
      const response = await fetch(`${server.url}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, message: 'Not found' });
    }
  });

  it('treats only the exact /api and /socket.io prefixes as the server\'s', async () => {
    expect(await (await fetch(`${server.url}/api-guide`)).text()).toBe(INDEX);
    expect(await (await fetch(`${server.url}/socket.io-like/x`)).text()).toBe(INDEX);
  });

  it('still answers the API', async () => {
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ ok: true });
  });
});
