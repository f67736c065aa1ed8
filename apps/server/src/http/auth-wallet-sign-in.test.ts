// A wallet offering `solana:signIn` (Sign In With Solana) writes the message itself from the
// input generate-message answers, and the web app sends back what it signed. The server accepts
// it only when the signed bytes are exactly the message it stored for that nonce and the ed25519
// signature is the wallet's. The wallet here renders the message the Wallet Standard's way
// (createSignInMessageText), independently of the server's own builder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/connect';
import { composeModules } from '../compose';
import {
  type TestServer,
  type TestWallet,
  createTestWallet,
  postJson,
  signUpPlayer,
  signatureAsByteString,
  startTestServer,
  testConfig,
  testDatabases,
} from '../test-support';

interface SignInInput {
  domain: string;
  address: string;
  statement?: string;
  uri?: string;
  version?: string;
  chainId?: string;
  nonce?: string;
  issuedAt?: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
}

/** The message text a Wallet Standard wallet writes from a SolanaSignInInput. */
function signInMessageText(input: SignInInput): string {
  let message = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`;
  if (input.statement) message += `\n\n${input.statement}`;
  const labelled: [string, string | undefined][] = [
    ['URI', input.uri],
    ['Version', input.version],
    ['Chain ID', input.chainId],
    ['Nonce', input.nonce],
    ['Issued At', input.issuedAt],
    ['Expiration Time', input.expirationTime],
    ['Not Before', input.notBefore],
    ['Request ID', input.requestId],
  ];
  const fields = labelled.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
  if (fields.length) message += `\n\n${fields.join('\n')}`;
  return message;
}

/** solana:signIn: the output's signed bytes and signature, as the web app forwards them. */
async function walletSignIn(wallet: TestWallet, input: SignInInput) {
  const signedMessage = new TextEncoder().encode(signInMessageText(input));
  const signature = await wallet.sign(new TextDecoder().decode(signedMessage));
  return { account: { address: wallet.address }, signedMessage, signature };
}

describe.each(testDatabases())('solana:signIn on $kind', (target) => {
  let database: Database;
  let server: TestServer;
  let stopModules: (() => Promise<void>) | undefined;
  let wallet: TestWallet;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}${(counter += 1)}`;

  async function issue(walletAddress = wallet.address) {
    const answer = await postJson<{ message: string; nonce: string; input: SignInInput }>(`${server.url}/api/auth/generate-message`, { walletAddress }, { origin: 'http://127.0.0.1:3000' });
    expect(answer.status).toBe(200);
    return answer.body;
  }

  /** What the web app sends for a solana:signIn output. */
  function body(output: Awaited<ReturnType<typeof walletSignIn>>, nonce: string) {
    return {
      walletAddress: output.account.address,
      walletType: 'Sign-in Wallet',
      message: new TextDecoder().decode(output.signedMessage),
      nonce,
      signature: signatureAsByteString(output.signature),
    };
  }

  beforeAll(async () => {
    database = await target.open();
    const modules = await composeModules(testConfig(), database, { authRateLimitPerMinute: 10_000 });
    stopModules = () => modules.stop();
    server = await startTestServer(database, { routes: modules.routes });
    wallet = await createTestWallet();
    await signUpPlayer(server.url, wallet, unique('Siws_'));
  });
  afterAll(async () => {
    await server?.stop();
    await stopModules?.();
    await database?.close();
  });

  it('issues an input from which the wallet writes the stored message byte for byte', async () => {
    const issued = await issue();
    expect(issued.input).toMatchObject({ domain: '127.0.0.1:3000', uri: 'http://127.0.0.1:3000', address: wallet.address, nonce: issued.nonce });
    expect(signInMessageText(issued.input)).toBe(issued.message);
  });

  it('accepts a good output, for sign-in and for sign-up', async () => {
    const issued = await issue();
    const answer = await postJson<{ user: { walletAddress: string } }>(`${server.url}/api/auth/signin`, body(await walletSignIn(wallet, issued.input), issued.nonce));
    expect(answer.status).toBe(200);
    expect(answer.body.user.walletAddress).toBe(wallet.address);

    const newcomer = await createTestWallet();
    const theirs = await issue(newcomer.address);
    const signedUp = await postJson(`${server.url}/api/auth/signup`, { ...body(await walletSignIn(newcomer, theirs.input), theirs.nonce), username: unique('Fresh_'), referralCode: null, source: 'organic' });
    expect(signedUp.status).toBe(200);
  });

  it('refuses a message the wallet wrote differently from the stored one, even signed, and keeps the nonce', async () => {
    const issued = await issue();
    const tampered: SignInInput[] = [
      { ...issued.input, domain: 'evil.example' },
      { ...issued.input, uri: 'https://evil.example' },
      { ...issued.input, statement: 'Send all funds.' },
      { ...issued.input, expirationTime: '2999-01-01T00:00:00.000Z' },
      // Fields the server did not ask for change the bytes too.
      { ...issued.input, requestId: 'extra' },
      { ...issued.input, notBefore: issued.input.issuedAt },
      { ...issued.input, chainId: undefined },
    ];
    for (const input of tampered) {
      const answer = await postJson(`${server.url}/api/auth/signin`, body(await walletSignIn(wallet, input), issued.nonce));
      expect(answer.status, JSON.stringify(input)).toBe(401);
      expect(answer.body).toMatchObject({ success: false, code: 'INVALID_SIGN_IN_MESSAGE' });
    }
    // The untouched output still signs in, once.
    const good = body(await walletSignIn(wallet, issued.input), issued.nonce);
    expect((await postJson(`${server.url}/api/auth/signin`, good)).status).toBe(200);
    expect((await postJson(`${server.url}/api/auth/signin`, good)).status).toBe(401);
  });

  it("refuses an output for another nonce: the wallet's own other request, or another wallet's", async () => {
    const first = await issue();
    const second = await issue();
    const signedFirst = await walletSignIn(wallet, first.input);
    const swapped = await postJson(`${server.url}/api/auth/signin`, body(signedFirst, second.nonce));
    expect(swapped.status).toBe(401);
    expect(swapped.body).toMatchObject({ code: 'INVALID_SIGN_IN_MESSAGE' });

    // Another wallet's nonce, its input re-addressed to ours and signed by us.
    const other = await createTestWallet();
    const theirs = await issue(other.address);
    const stolen = await postJson(`${server.url}/api/auth/signin`, body(await walletSignIn(wallet, { ...theirs.input, address: wallet.address }), theirs.nonce));
    expect(stolen.status).toBe(401);
    expect(stolen.body).toMatchObject({ code: 'INVALID_NONCE' });

    // Both of ours are still good.
    expect((await postJson(`${server.url}/api/auth/signin`, body(await walletSignIn(wallet, second.input), second.nonce))).status).toBe(200);
    expect((await postJson(`${server.url}/api/auth/signin`, body(signedFirst, first.nonce))).status).toBe(200);
  });

  it('refuses the stored message signed by another key, or a signature over other bytes', async () => {
    const issued = await issue();
    const intruder = await createTestWallet();
    const byIntruder = { ...body(await walletSignIn(intruder, issued.input), issued.nonce), walletAddress: wallet.address };
    const answer = await postJson(`${server.url}/api/auth/signin`, byIntruder);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'INVALID_SIGNATURE' });

    const output = await walletSignIn(wallet, issued.input);
    const otherBytes = await wallet.sign(`${issued.message}\n`);
    const mismatched = await postJson(`${server.url}/api/auth/signin`, { ...body(output, issued.nonce), signature: signatureAsByteString(otherBytes) });
    expect(mismatched.status).toBe(401);
    expect(mismatched.body).toMatchObject({ code: 'INVALID_SIGNATURE' });
  });
});
