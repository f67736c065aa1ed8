// Sign-in from every origin PUBLIC_ORIGIN lists: the message names the requesting page's origin
// (its Origin header), an unlisted origin is refused before any nonce is stored, and a message
// issued for an origin the server no longer lists signs nobody in. Real HTTP, real databases.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/connect';
import { signInNonces } from '../adapters/db/tables/auth';
import { composeModules } from '../compose';
import type { PublicOrigins } from '../config';
import {
  type TestServer,
  createTestWallet,
  postJson,
  signUpPlayer,
  signatureAsByteString,
  startTestServer,
  testConfig,
  testDatabases,
} from '../test-support';

const CANONICAL = 'https://duel.example.com';
const SECOND = 'https://www.duel.example.com';
const PROXY = 'http://proxy.example:8080';

interface Issued {
  message: string;
  nonce: string;
  input: Record<string, string>;
}

describe.each(testDatabases())('sign-in origins on $kind', (target) => {
  let database: Database;
  let server: TestServer;
  /** The same database behind a server that lists the canonical origin only. */
  let narrowed: TestServer;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}${(counter += 1)}`;

  const stops: (() => Promise<void>)[] = [];

  async function start(publicOrigins: PublicOrigins): Promise<TestServer> {
    const config = testConfig({ publicOrigins });
    const modules = await composeModules(config, database, { authRateLimitPerMinute: 10_000 });
    const started = await startTestServer(database, { routes: modules.routes, config: { publicOrigins } });
    stops.push(() => started.stop(), () => modules.stop());
    return started;
  }

  const issue = (base: string, walletAddress: string, origin?: string) =>
    postJson<Issued>(`${base}/api/auth/generate-message`, { walletAddress }, origin === undefined ? {} : { origin });

  const noncesOf = async (walletAddress: string) => database.db.select().from(signInNonces).where(eq(signInNonces.walletAddress, walletAddress));

  beforeAll(async () => {
    database = await target.open();
    server = await start([CANONICAL, SECOND, PROXY]);
    narrowed = await start([CANONICAL]);
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await database?.close();
  });

  it('names a listed second origin in the message, its fields and its input, and that page signs up and in', async () => {
    const wallet = await createTestWallet();
    for (const [origin, domain] of [
      [SECOND, 'www.duel.example.com'],
      [PROXY, 'proxy.example:8080'],
    ] as const) {
      const issued = await issue(server.url, wallet.address, origin);
      expect(issued.status).toBe(200);
      const lines = issued.body.message.split('\n');
      expect(lines[0]).toBe(`${domain} wants you to sign in with your Solana account:`);
      expect(issued.body.message).toContain(`\nURI: ${origin}\n`);
      expect(issued.body.input).toMatchObject({ domain, uri: origin, address: wallet.address, nonce: issued.body.nonce, version: '1', chainId: 'localnet' });
    }

    const issued = await issue(server.url, wallet.address, SECOND);
    const fields = { walletAddress: wallet.address, walletType: 'Test Wallet', message: issued.body.message, nonce: issued.body.nonce, signature: signatureAsByteString(await wallet.sign(issued.body.message)) };
    const signedUp = await postJson<{ user: { walletAddress: string }; token: string }>(`${server.url}/api/auth/signup`, { ...fields, username: unique('Www_'), referralCode: null, source: 'organic' }, { origin: SECOND });
    expect(signedUp.status).toBe(200);
    expect(signedUp.body.user.walletAddress).toBe(wallet.address);

    const again = await issue(server.url, wallet.address, PROXY);
    const signedIn = await postJson(`${server.url}/api/auth/signin`, { ...fields, message: again.body.message, nonce: again.body.nonce, signature: signatureAsByteString(await wallet.sign(again.body.message)) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toHaveProperty('token');
  });

  it('names the canonical (first) origin for a request without Origin: programs have no page', async () => {
    const wallet = await createTestWallet();
    const issued = await issue(server.url, wallet.address);
    expect(issued.status).toBe(200);
    expect(issued.body.message.split('\n')[0]).toBe('duel.example.com wants you to sign in with your Solana account:');
    expect(issued.body.input).toMatchObject({ domain: 'duel.example.com', uri: CANONICAL });
  });

  it('refuses an unlisted origin with ORIGIN_NOT_ALLOWED, naming it, and stores no nonce', async () => {
    const wallet = await createTestWallet();
    for (const origin of ['https://evil.example', 'http://duel.example.com', 'https://duel.example.com:8443', 'null', 'https://www.duel.example.com.evil.example']) {
      const refused = await issue(server.url, wallet.address, origin);
      expect(refused.status, origin).toBe(403);
      expect(refused.body).toEqual({
        success: false,
        code: 'ORIGIN_NOT_ALLOWED',
        message: `Sign-in is not allowed from ${origin}. Open the game at its own address (the server lists its addresses in PUBLIC_ORIGIN).`,
      });
    }
    expect(await noncesOf(wallet.address)).toEqual([]);
    // A listed origin still works for the same wallet right after.
    expect((await issue(server.url, wallet.address, SECOND)).status).toBe(200);
    expect(await noncesOf(wallet.address)).toHaveLength(1);
  });

  it('keeps a huge Origin header out of the answer', async () => {
    const wallet = await createTestWallet();
    const refused = await issue(server.url, wallet.address, `https://${'a'.repeat(3000)}.example`);
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as { message: string }).message.length).toBeLessThan(400);
  });

  it('signs nobody in with a message for an origin the server no longer lists', async () => {
    const wallet = await createTestWallet();
    await signUpPlayer(server.url, wallet, unique('Moved_'));
    const issued = await issue(server.url, wallet.address, SECOND);
    const fields = { walletAddress: wallet.address, walletType: 'Test Wallet', message: issued.body.message, nonce: issued.body.nonce, signature: signatureAsByteString(await wallet.sign(issued.body.message)) };
    // The same database behind PUBLIC_ORIGIN=https://duel.example.com (the www origin dropped).
    const refused = await postJson(`${narrowed.url}/api/auth/signin`, fields);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ success: false, code: 'INVALID_SIGN_IN_MESSAGE' });
    // The narrowed server refuses the www page itself, too.
    expect((await issue(narrowed.url, wallet.address, SECOND)).status).toBe(403);
    // Where it is still listed, the untouched nonce signs in.
    expect((await postJson(`${server.url}/api/auth/signin`, fields)).status).toBe(200);
  });
});
