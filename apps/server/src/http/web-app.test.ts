import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../test-support';

const INDEX = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script></body></html>';
const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));
// Big enough for brotli and gzip to shrink it, as a real bundle is.
const APP_JS = Array.from({ length: 200 }, (_, i) => `export const line${i} = "the app's code, line ${i}";`).join('\n');

describe('web app build', () => {
  let webDist: string;
  let server: TestServer;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'dd-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), INDEX);
    await writeFile(join(webDist, 'assets', 'app-1a2b.js'), APP_JS);
    await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await copyFile(join(WEB, 'public', 'robots.txt'), join(webDist, 'robots.txt'));
    // The build's own last step, on this small build.
    execFileSync(process.execPath, [join(WEB, 'scripts', 'precompress.mjs'), webDist]);
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

  const get = (url: string, encoding?: string) => server.server.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  it('sends the precompressed copy the browser accepts, and says the answer varies by it', async () => {
    const br = await get('/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(APP_JS.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gzip = await get('/assets/app-1a2b.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);

    for (const encoding of [undefined, 'identity']) {
      const plain = await get('/assets/app-1a2b.js', encoding);
      expect(plain.headers['content-encoding'], String(encoding)).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(APP_JS);
    }
  });

  it('writes a compressed copy only where it is smaller', async () => {
    // The build's index.html and script shrink; a 40-byte icon does not.
    await expect(readFile(join(webDist, 'assets', 'app-1a2b.js.br'))).resolves.toBeDefined();
    await expect(readFile(join(webDist, 'favicon.svg.br'))).rejects.toThrow(/ENOENT/);
    const icon = await get('/favicon.svg', 'br');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('caches hashed assets for a year, and every page address never stale', async () => {
    expect((await get('/assets/app-1a2b.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/leaderboard', '/tournaments/T-1', '/no-such-page']) {
      const page = await get(path, 'br');
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.headers['content-type'], path).toMatch(/text\/html/);
    }
  });

  it("answers the router's pages with 200 and any other address with the app's 404", async () => {
    for (const path of ['/', '/how-to-play', '/my-games', '/tournaments', '/tournaments/T-1', '/contact', '/profile', '/profile/x', '/marketplace', '/leaderboard', '/money', '/watch/g-1', '/Leaderboard/', '/tournaments?invite=abc']) {
      expect((await get(path)).statusCode, path).toBe(200);
    }
    for (const path of ['/nope', '/profile/x/y', '/watch', '/tournaments/T-1/edit', '/assets/missing-9z.js', '/api-guide']) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.headers['content-type'], path).toMatch(/text\/html/);
      expect(answer.body, path).toBe(INDEX);
    }
    for (const path of ['/api/nope', '/socket.io/nope']) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json(), path).toMatchObject({ success: false, message: 'Not found' });
    }
  });

  it('serves robots.txt as text: the public pages open, the API and the private pages closed', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    const rules = robots.body.split('\n').filter((line) => /^(allow|disallow):/i.test(line));
    expect(rules).toEqual(expect.arrayContaining(['Allow: /', 'Disallow: /api/', 'Disallow: /money', 'Disallow: /my-games']));
    expect(rules).not.toContain('Disallow: /leaderboard');
  });
});

describe('a web build that appears after the server started', () => {
  it('answers pages with the API 404 until index.html is there, then serves it', async () => {
    const webDist = join(await mkdtemp(join(tmpdir(), 'dd-web-late-')), 'dist');
    const server = await startTestServer(undefined, { webDist });
    try {
      const before = await fetch(`${server.url}/leaderboard`);
      expect(before.status).toBe(404);
      expect(await before.json()).toMatchObject({ success: false, message: 'Not found' });
      // What `npm start` does while the server starts (scripts/start.mjs).
      await mkdir(webDist);
      await writeFile(join(webDist, 'index.html'), INDEX);
      const after = await fetch(`${server.url}/leaderboard`);
      expect(after.status).toBe(200);
      expect(await after.text()).toBe(INDEX);
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    } finally {
      await server.stop();
      await rm(join(webDist, '..'), { recursive: true, force: true });
    }
  });
});
