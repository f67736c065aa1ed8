// Sign-up, sign-in and sessions over real HTTP, real ed25519 wallets and real databases,
// including docs/security.md 18–21 (the titles name the case).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/connect';
import { composeModules } from '../compose';
import {
  type TestServer,
  type TestWallet,
  createTestWallet,
  getJson,
  postJson,
  signUpPlayer,
  signatureAsBase58,
  signatureAsByteString,
  signedFields,
  startTestServer,
  testConfig,
  testDatabases,
} from '../test-support';

const HOUR = 3_600_000;

describe.each(testDatabases())('auth on $kind', (target) => {
  let database: Database;
  let server: TestServer;
  let url: string;
  let clock = Date.now();
  let counter = 0;
  const unique = (prefix: string) => `${prefix}${(counter += 1)}`;

  beforeAll(async () => {
    database = await target.open();
    const config = testConfig();
    const modules = await composeModules(config, database, { now: () => new Date(clock), authRateLimitPerMinute: 10_000 });
    server = await startTestServer(database, { routes: modules.routes });
    url = server.url;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });
  beforeEach(() => {
    clock = Date.now();
  });

  describe('generate-message', () => {
    it('issues a Sign In With Solana message for our domain that expires in 5 minutes', async () => {
      const wallet = await createTestWallet();
      const answer = await postJson<{ message: string; nonce: string }>(`${url}/api/auth/generate-message`, { walletAddress: wallet.address });
      expect(answer.status).toBe(200);
      const lines = answer.body.message.split('\n');
      expect(lines[0]).toBe('localhost:3000 wants you to sign in with your Solana account:');
      expect(lines[1]).toBe(wallet.address);
      expect(answer.body.message).toContain('URI: http://localhost:3000');
      expect(answer.body.message).toContain('Chain ID: localnet');
      expect(answer.body.message).toContain(`Nonce: ${answer.body.nonce}`);
      const issuedAt = Date.parse(/Issued At: (.+)/.exec(answer.body.message)![1]!);
      const expires = Date.parse(/Expiration Time: (.+)/.exec(answer.body.message)![1]!);
      expect(expires - issuedAt).toBe(5 * 60 * 1000);
    });

    it('refuses a malformed wallet address naming the field', async () => {
      const answer = await postJson<{ success: boolean; message: string }>(`${url}/api/auth/generate-message`, { walletAddress: 'not-a-wallet' });
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toMatch(/^walletAddress: /);
    });
  });

  describe('signup', () => {
    it('creates the player with a unique referral code and returns the user and a token', async () => {
      const wallet = await createTestWallet();
      const name = unique('Hero_');
      const { user, token } = await signUpPlayer(url, wallet, name);
      expect(user).toMatchObject({ walletAddress: wallet.address, username: name, displayName: name, characterId: 7, level: 1, achievements: [] });
      expect(user.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect((user as unknown as { stats: { wins: number; totalEarnings: string } }).stats).toMatchObject({ wins: 0, totalEarnings: '0' });
      expect(token.split('.')).toHaveLength(3);
      const other = await signUpPlayer(url, await createTestWallet(), unique('Other_'));
      expect(other.user.referralCode).not.toBe(user.referralCode);
    });

    it.each([
      ['', 'Username is required'],
      ['   ', 'Username is required'],
      ['ab', 'Username must be at least 3 characters long'],
      ['a'.repeat(21), 'Username must not exceed 20 characters'],
      ['bad name!', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ])('refuses the username %j with "%s"', async (username, message) => {
      const wallet = await createTestWallet();
      const fields = await signedFields(url, wallet);
      const answer = await postJson(`${url}/api/auth/signup`, { ...fields, username, referralCode: null, source: 'organic' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, message });
      expect((await getJson(`${url}/api/user/${wallet.address}`)).status).toBe(404);
    });

    it('refuses a taken username whatever its case, without burning the nonce', async () => {
      const name = unique('Taken_');
      await signUpPlayer(url, await createTestWallet(), name);
      const wallet = await createTestWallet();
      const fields = await signedFields(url, wallet);
      const refused = await postJson(`${url}/api/auth/signup`, { ...fields, username: name.toUpperCase(), referralCode: null, source: 'organic' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ success: false, message: 'Username is already taken' });
      // The same signed message still works with another name: nothing was half-written.
      const retried = await postJson(`${url}/api/auth/signup`, { ...fields, username: unique('Fresh_'), referralCode: null, source: 'organic' });
      expect(retried.status).toBe(200);
    });

    it('checks the referral code, upper-cases it, and counts the referral', async () => {
      const referrerWallet = await createTestWallet();
      const referrer = await signUpPlayer(url, referrerWallet, unique('Sensei_'));
      const lookup = await getJson(`${url}/api/referral/${referrer.user.referralCode.toLowerCase()}`);
      expect(lookup.status).toBe(200);
      expect(lookup.body).toEqual({ success: true, referrer: { displayName: referrer.user.username, level: 1, totalReferrals: 0 } });

      const badFields = await signedFields(url, await createTestWallet());
      const bad = await postJson(`${url}/api/auth/signup`, { ...badFields, username: unique('Pupil_'), referralCode: 'ZZZZZZZZ', source: 'organic' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, message: 'Invalid referral code' });

      await signUpPlayer(url, await createTestWallet(), unique('Pupil_'), ` ${referrer.user.referralCode.toLowerCase()} `);
      const after = await getJson<{ referrer: { totalReferrals: number } }>(`${url}/api/referral/${referrer.user.referralCode}`);
      expect(after.body.referrer.totalReferrals).toBe(1);
      expect((await getJson(`${url}/api/referral/ZZZZZZZZ`)).body).toMatchObject({ success: false, message: 'Invalid referral code' });
    });

    it('refuses a second account for the same wallet', async () => {
      const wallet = await createTestWallet();
      await signUpPlayer(url, wallet, unique('Once_'));
      const fields = await signedFields(url, wallet);
      const again = await postJson(`${url}/api/auth/signup`, { ...fields, username: unique('Twice_'), referralCode: null, source: 'organic' });
      expect(again.status).toBe(409);
    });
  });

  describe('signin (signed)', () => {
    let wallet: TestWallet;
    beforeAll(async () => {
      wallet = await createTestWallet();
      await signUpPlayer(url, wallet, unique('Signer_'));
    });

    it('signs in with a signed message, in every signature encoding', async () => {
      for (const encode of [signatureAsByteString, (s: Uint8Array) => Array.from(s).join(','), signatureAsBase58]) {
        const fields = await signedFields(url, wallet);
        const signature = encode(new Uint8Array(JSON.parse(fields.signature) as number[]));
        const answer = await postJson<{ user: { walletAddress: string }; token: string }>(`${url}/api/auth/signin`, { ...fields, signature });
        expect(answer.status).toBe(200);
        expect(answer.body.user.walletAddress).toBe(wallet.address);
      }
    });

    it('answers 404 for a wallet without an account, so the client opens the signup modal', async () => {
      const stranger = await createTestWallet();
      const answer = await postJson(`${url}/api/auth/signin`, await signedFields(url, stranger));
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, message: 'User not found' });
    });

    it('SECURITY 20: grants nothing without a signature', async () => {
      const answer = await postJson(`${url}/api/auth/signin`, { walletAddress: wallet.address, walletType: 'Phantom' });
      expect(answer.status).toBe(400);
      expect(answer.body).not.toHaveProperty('token');
    });

    it('SECURITY 20: signup without a signature, or with an empty one, creates no account and grants nothing', async () => {
      const newcomer = await createTestWallet();
      const fields = await signedFields(url, newcomer);
      const unsigned = [
        { walletAddress: newcomer.address, walletType: 'Phantom', username: unique('Quick_'), referralCode: null, source: 'organic' },
        { ...fields, signature: undefined, username: unique('Quick_'), referralCode: null, source: 'organic' },
        { ...fields, signature: '', username: unique('Quick_'), referralCode: null, source: 'organic' },
      ];
      for (const body of unsigned) {
        const answer = await postJson(`${url}/api/auth/signup`, body);
        expect(answer.status).toBe(400);
        expect(answer.body).not.toHaveProperty('token');
      }
      expect((await getJson(`${url}/api/user/${newcomer.address}`)).status).toBe(404);
      const signin = await postJson(`${url}/api/auth/signin`, { ...fields, signature: '' });
      expect(signin.status).toBe(400);
      expect(signin.body).not.toHaveProperty('token');
    });

    it('SECURITY 18: refuses a wrong signature, and the failed attempt does not burn the nonce', async () => {
      const fields = await signedFields(url, wallet);
      const forged = new Uint8Array(JSON.parse(fields.signature) as number[]);
      forged[0] = (forged[0]! + 1) % 256;
      const refused = await postJson(`${url}/api/auth/signin`, { ...fields, signature: signatureAsByteString(forged) });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ success: false, message: 'Invalid signature' });
      expect((await postJson(`${url}/api/auth/signin`, fields)).status).toBe(200);
    });

    it('SECURITY 19: refuses a signature by another wallet over the same message', async () => {
      const fields = await signedFields(url, wallet);
      const intruder = await createTestWallet();
      const answer = await postJson(`${url}/api/auth/signin`, { ...fields, signature: signatureAsByteString(await intruder.sign(fields.message)) });
      expect(answer.status).toBe(401);
    });

    it('SECURITY 19: refuses a nonce issued to another wallet', async () => {
      const other = await createTestWallet();
      await signUpPlayer(url, other, unique('Other_'));
      const theirs = await signedFields(url, other);
      // The attacker signs the other wallet's message with their own key and claims their wallet.
      const answer = await postJson(`${url}/api/auth/signin`, { ...theirs, walletAddress: wallet.address, signature: signatureAsByteString(await wallet.sign(theirs.message)) });
      expect(answer.status).toBe(401);
    });

    it('SECURITY 19: refuses an edited message, even one the wallet really signed', async () => {
      const fields = await signedFields(url, wallet);
      for (const edited of [
        fields.message.replace('localhost:3000', 'evil.example'),
        fields.message.replace('Sign in to Duel Dojo.', 'Send all funds.'),
        fields.message.replace(/Expiration Time: .*/, 'Expiration Time: 2999-01-01T00:00:00.000Z'),
      ]) {
        expect(edited).not.toBe(fields.message);
        const answer = await postJson(`${url}/api/auth/signin`, { ...fields, message: edited, signature: signatureAsByteString(await wallet.sign(edited)) });
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ success: false, message: 'Invalid sign-in message' });
      }
    });

    it('SECURITY 18: refuses a replayed message and signature', async () => {
      const fields = await signedFields(url, wallet);
      expect((await postJson(`${url}/api/auth/signin`, fields)).status).toBe(200);
      const replay = await postJson(`${url}/api/auth/signin`, fields);
      expect(replay.status).toBe(401);
      expect(replay.body).not.toHaveProperty('token');
    });

    it('SECURITY 19: refuses an issued-at moved far off, and an address in the text that is not the signing key, even when signed', async () => {
      const fields = await signedFields(url, wallet);
      const other = await createTestWallet();
      const farOff = [
        fields.message.replace(/Issued At: .*/, 'Issued At: 2001-01-01T00:00:00.000Z'),
        fields.message.replace(/Issued At: .*/, 'Issued At: 2999-01-01T00:00:00.000Z'),
        fields.message.replace(wallet.address, other.address),
      ];
      for (const edited of farOff) {
        expect(edited).not.toBe(fields.message);
        const answer = await postJson(`${url}/api/auth/signin`, { ...fields, message: edited, signature: signatureAsByteString(await wallet.sign(edited)) });
        expect(answer.status).toBe(401);
        expect(answer.body).not.toHaveProperty('token');
      }
      // The text names the other wallet and the request does too, but the key that signed is ours.
      const named = fields.message.replace(wallet.address, other.address);
      const claimed = await postJson(`${url}/api/auth/signin`, { ...fields, walletAddress: other.address, message: named, signature: signatureAsByteString(await wallet.sign(named)) });
      expect(claimed.status).not.toBe(200);
      expect(claimed.body).not.toHaveProperty('token');
      // The stored message, as issued, still signs in.
      expect((await postJson(`${url}/api/auth/signin`, fields)).status).toBe(200);
    });

    it('SECURITY 19: refuses an expired nonce', async () => {
      const fields = await signedFields(url, wallet);
      clock += 5 * 60 * 1000 + 1;
      const answer = await postJson(`${url}/api/auth/signin`, fields);
      expect(answer.status).toBe(401);
    });

    it('SECURITY 18: gives exactly one token to concurrent sign-ins with one nonce', async () => {
      const fields = await signedFields(url, wallet);
      const answers = await Promise.all(Array.from({ length: 8 }, () => postJson(`${url}/api/auth/signin`, fields)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 401)).toHaveLength(7);
    });

    it('SECURITY 18: garbage attempts (junk signature, junk message, another nonce) do not burn a pending nonce', async () => {
      const fields = await signedFields(url, wallet);
      const garbage = [
        { ...fields, signature: 'not-a-signature' },
        { ...fields, signature: signatureAsByteString(new Uint8Array(64)) },
        { ...fields, signature: JSON.stringify(Array.from({ length: 65 }, () => 1)) },
        { ...fields, message: 'x'.repeat(100_000) },
        { ...fields, message: '' },
        { ...fields, nonce: 'made-up-nonce' },
        { ...fields, walletAddress: 'not-a-wallet' },
      ];
      for (const attempt of garbage) {
        const answer = await postJson(`${url}/api/auth/signin`, attempt);
        expect([400, 401, 404, 413]).toContain(answer.status);
        expect(answer.body).not.toHaveProperty('token');
      }
      // The signed-in nonce is still good, once.
      expect((await postJson(`${url}/api/auth/signin`, fields)).status).toBe(200);
      expect((await postJson(`${url}/api/auth/signin`, fields)).status).toBe(401);
    });
  });

  describe('tokens and sessions (docs/security.md 21)', () => {
    let wallet: TestWallet;
    let token: string;
    beforeAll(async () => {
      wallet = await createTestWallet();
      ({ token } = await signUpPlayer(url, wallet, unique('Session_')));
    });

    it('validates a token and renews it only past half its life', async () => {
      const fresh = await postJson<{ user: { walletAddress: string }; token?: string }>(`${url}/api/auth/validate-token`, { token });
      expect(fresh.status).toBe(200);
      expect(fresh.body.user.walletAddress).toBe(wallet.address);
      expect(fresh.body.token).toBeUndefined();

      clock += 4 * 24 * HOUR;
      const old = await postJson<{ token?: string }>(`${url}/api/auth/validate-token`, { token });
      expect(old.status).toBe(200);
      expect(old.body.token).toEqual(expect.any(String));
      expect(old.body.token).not.toBe(token);
      expect((await postJson(`${url}/api/auth/validate-token`, { token: old.body.token })).status).toBe(200);
    });

    it('SECURITY 21: refuses an expired token', async () => {
      clock += 8 * 24 * HOUR;
      const answer = await postJson(`${url}/api/auth/validate-token`, { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false, message: 'Invalid or expired token' });
    });

    it('SECURITY 21: refuses a forged token and one signed with another secret', async () => {
      const [header, payload] = token.split('.');
      const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), wallet: 'x' })).toString('base64url');
      for (const bad of [`${header}.${forgedPayload}.${token.split('.')[2]}`, 'garbage', `${token}x`]) {
        expect((await postJson(`${url}/api/auth/validate-token`, { token: bad })).status).toBe(401);
      }
    });

    it('SECURITY 21: revokes the token on logout, everywhere', async () => {
      const { token: mine } = await signUpPlayer(url, await createTestWallet(), unique('Leaver_'));
      const auth = { authorization: `Bearer ${mine}` };
      const out = await postJson(`${url}/api/auth/logout`, {}, auth);
      expect(out.status).toBe(200);
      expect((await postJson(`${url}/api/auth/validate-token`, { token: mine })).status).toBe(401);
      expect((await postJson(`${url}/api/auth/logout`, {}, auth)).status).toBe(401);
      expect((await postJson(`${url}/api/auth/logout`, {})).status).toBe(401);
    });
  });
});

describe('auth rate limit', () => {
  it('answers 429 past 20 sign-in requests a minute from one address', async () => {
    const [target] = testDatabases();
    const database = await target!.open();
    const modules = await composeModules(testConfig(), database);
    const server = await startTestServer(database, { routes: modules.routes });
    try {
      const wallet = await createTestWallet();
      const statuses: number[] = [];
      for (let i = 0; i < 22; i += 1) statuses.push((await postJson(`${server.url}/api/auth/generate-message`, { walletAddress: wallet.address })).status);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
      const last = await postJson(`${server.url}/api/auth/generate-message`, { walletAddress: wallet.address });
      expect(last.body).toMatchObject({ success: false, message: 'Too many requests, please try again later.' });
    } finally {
      await server.stop();
      await database.close();
    }
  });
});
