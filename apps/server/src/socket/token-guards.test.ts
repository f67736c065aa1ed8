// docs/security.md 21, the cases socket-guards.test.ts and http/auth-routes.test.ts leave out: an
// expired token, and a token that names another wallet than its session's (even one signed with
// the server's own secret), are refused over HTTP (401) and at the socket handshake, where no
// socket is left open for them.
import { ERROR_MESSAGES } from '@duel-dojo/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTokenCodec } from '../modules/accounts/tokens';
import { getJson, postJson, testConfig, testDatabases } from '../test-support';
import { type GameHarness, type Player, connect, signUp } from '../test-support/game-server';
import { useGameServer } from '../test-support/game-server-suite';

const DAY = 24 * 3_600_000;

/** The claims inside a token (its payload, not verified: the test made it). */
function claimsOf(token: string): { sub: string; jti: string; wallet: string; iat: number; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string; jti: string; wallet: string; iat: number; exp: number };
}

describe.each(testDatabases())('tokens at the door on $kind', (target) => {
  let game: GameHarness;
  let clock = Date.now();
  useGameServer(target, (suite) => ({ game } = suite), { now: () => new Date(clock) });
  beforeEach(() => {
    clock = Date.now();
  });

  const openSockets = () => game.server.server.io.of('/').sockets.size;

  /** The handshake refuses `token` with INVALID_TOKEN, and the server keeps no socket for it. */
  async function refusedAtHandshake(token: string): Promise<void> {
    const before = openSockets();
    await expect(connect(game.url, token)).rejects.toThrow(ERROR_MESSAGES.INVALID_TOKEN);
    expect(openSockets()).toBe(before);
  }

  /** Every HTTP use of `token` is a 401: validation, logout. */
  async function refusedOverHttp(token: string): Promise<void> {
    const validated = await postJson(`${game.url}/api/auth/validate-token`, { token });
    expect(validated.status).toBe(401);
    expect(validated.body).toMatchObject({ success: false, message: ERROR_MESSAGES.INVALID_TOKEN });
    expect(validated.body).not.toHaveProperty('token');
    expect((await postJson(`${game.url}/api/auth/logout`, {}, { authorization: `Bearer ${token}` })).status).toBe(401);
  }

  it('SECURITY 21: an expired token is refused over HTTP and at the socket handshake', async () => {
    const kim: Player = await signUp(game.url, 'kim21');
    const live = await connect(game.url, kim.token);
    live.close();
    const profileOf = async () =>
      (await getJson<{ user: { referralCode: string | null } }>(`${game.url}/api/user/${kim.address}`, { authorization: `Bearer ${kim.token}` })).body.user;
    expect((await profileOf()).referralCode).toEqual(expect.any(String));

    clock += 7 * DAY + 1;
    await refusedOverHttp(kim.token);
    await refusedAtHandshake(kim.token);
    // Where a token only adds to a public answer (the owner's referral code), an expired one adds nothing.
    expect((await profileOf()).referralCode).toBeNull();
  });

  it("SECURITY 21: a token naming another wallet than its session's is refused over HTTP and at the handshake, even signed with the server's secret", async () => {
    const [kim, lee] = await Promise.all([signUp(game.url, 'kim21b'), signUp(game.url, 'lee21b')]);
    const codec = createTokenCodec(testConfig().jwtSecret ?? '');
    const mine = claimsOf(kim.token);
    const mint = (userId: string, walletAddress: string) =>
      codec.sign({ sessionId: mine.jti, userId, walletAddress, issuedAt: new Date(mine.iat * 1000), expiresAt: new Date(mine.exp * 1000) });

    // The same claims again: accepted (the codec and secret are the server's), and it is Kim.
    const same = await mint(kim.userId, kim.address);
    expect((await postJson(`${game.url}/api/auth/validate-token`, { token: same })).status).toBe(200);
    const kimSocket = await connect(game.url, same);
    kimSocket.emit('checkActiveGame', { walletAddress: kim.address });
    expect(await kimSocket.next('activeGameCheck')).toEqual({ hasActiveGame: false, gameSession: null });
    kimSocket.close();

    // Kim's session with Lee's wallet; Kim's session with Lee's user and wallet.
    for (const token of [await mint(kim.userId, lee.address), await mint(lee.userId, lee.address)]) {
      await refusedOverHttp(token);
      await refusedAtHandshake(token);
    }
    // Neither logged Kim out: her own token still works, over HTTP and at the handshake.
    expect((await postJson(`${game.url}/api/auth/validate-token`, { token: kim.token })).status).toBe(200);
    const again = await connect(game.url, kim.token);
    expect(again.socket.connected).toBe(true);
    again.close();
  });
});
