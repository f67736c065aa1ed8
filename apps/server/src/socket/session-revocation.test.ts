// docs/security.md 21 on open sockets: a logout closes every socket of that session (and only of that
// session), and a socket whose session ended without the close reaching it (revoked straight in
// the database, or run out) is refused at its next money event and closed, with nothing changed:
// no payment request, no verification, no stake bound, no payout.
import { ERROR_MESSAGES } from '@duel-dojo/protocol';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games, ledger, payments, sessions } from '../adapters/db/schema';
import { TOKEN_LIFETIME_MS } from '../modules/accounts';
import { type TestWallet, createTestWallet, postJson, signUpPlayer, signedFields, testDatabases } from '../test-support';
import { type TestChain, transferWithReferences } from '../test-support/chain';
import { type MoneyHarness, moneyPlayer, seedPaidGame } from '../test-support/money';
import { useMoneySuite } from '../test-support/money-suite';
import { type Database, type GameClient, type GameHarness, FREE_JOIN, GHOST, connect, signUp } from '../test-support/game-server';
import { useGameServer } from '../test-support/game-server-suite';
import { MONEY_EVENTS } from './session-guard';

/** A second session of the same wallet: another sign-in, as from another device. */
async function signIn(url: string, wallet: TestWallet): Promise<string> {
  const answer = await postJson<{ token: string }>(`${url}/api/auth/signin`, await signedFields(url, wallet));
  if (answer.status !== 200) throw new Error(`signin answered ${answer.status}`);
  return answer.body.token;
}

/**
 * What the client sees: `error` INVALID_TOKEN, then the close. The refusal names the refused
 * event, or none when the check made at connection read the revocation first (a race the
 * client cannot see otherwise: either way nothing ran).
 */
async function expectClosedForToken(client: GameClient, event?: string): Promise<void> {
  const refusal = await client.next('error', (e) => e.code === 'INVALID_TOKEN');
  expect(refusal).toMatchObject({ message: ERROR_MESSAGES.INVALID_TOKEN, code: 'INVALID_TOKEN' });
  if (event) expect([undefined, event]).toContain(refusal.event);
  await client.disconnected();
  expect(client.socket.connected).toBe(false);
}

/** Revokes the user's sessions in the database only: no logout, so no socket is told. */
async function setRevoked(database: Database, userId: string, revoked: boolean): Promise<void> {
  await database.db.update(sessions).set({ revokedAt: revoked ? new Date() : null }).where(eq(sessions.userId, userId));
}

describe.each(testDatabases())('SECURITY 21: sockets end with their session, on $kind', (target) => {
  let database: Database, game: GameHarness;
  let clock = Date.now();
  useGameServer(target, (suite) => ({ database, game } = suite), { now: () => new Date(clock) });

  it('SECURITY 21: a logout closes both sockets of that session; the same wallet’s other session stays connected', async () => {
    const wallet = await createTestWallet();
    const { token } = await signUpPlayer(game.url, wallet, 'leaver_21');
    const otherToken = await signIn(game.url, wallet);
    const [first, second, otherDevice] = await Promise.all([connect(game.url, token), connect(game.url, token), connect(game.url, otherToken)]);

    expect((await postJson(`${game.url}/api/auth/logout`, {}, { authorization: `Bearer ${token}` })).status).toBe(200);
    await expectClosedForToken(first);
    await expectClosedForToken(second);

    expect(otherDevice.socket.connected).toBe(true);
    otherDevice.emit('joinGame', FREE_JOIN(wallet.address));
    expect(await otherDevice.next('gameState')).toMatchObject({ phase: 'waiting', player1Wallet: wallet.address });
    expect(otherDevice.all('error')).toEqual([]);
    await expect(connect(game.url, token)).rejects.toThrow(ERROR_MESSAGES.INVALID_TOKEN);
    otherDevice.close();
  });

  it('SECURITY 21: a session revoked only in the database: each money event is refused and closes the socket', async () => {
    const player = await signUp(game.url, 'revoked_21');
    for (const event of MONEY_EVENTS) {
      const client = await connect(game.url, player.token);
      await setRevoked(database, player.userId, true);
      client.emit(event, { betAmount: 'Free!', selectedCharacter: GHOST, walletAddress: player.address });
      await expectClosedForToken(client, event);
      expect(client.all('gameState')).toEqual([]);
      await setRevoked(database, player.userId, false);
    }
  });

  it('SECURITY 21: a session that ran out is refused at its next money event', async () => {
    const player = await signUp(game.url, 'expiring_21');
    const client = await connect(game.url, player.token);
    clock += TOKEN_LIFETIME_MS + 1_000;
    try {
      client.emit('joinGame', FREE_JOIN(player.address));
      // Refused by the check at connection or by the one before joinGame, whichever reads the
      // moved clock first: either way the socket closes and no game starts.
      await expectClosedForToken(client, 'joinGame');
      expect(client.all('gameState')).toEqual([]);
    } finally {
      clock = Date.now();
    }
  });

  it('a live session passes the guard; a guest has none to check', async () => {
    const player = await signUp(game.url, 'live_21');
    const client = await connect(game.url, player.token);
    client.emit('joinGame', FREE_JOIN(player.address));
    expect(await client.next('gameState')).toMatchObject({ betAmount: 'Free!' });
    const guest = await connect(game.url);
    guest.emit('joinGame', FREE_JOIN(null));
    expect(await guest.next('gameState')).toMatchObject({ betAmount: 'Free!' });
    expect([...client.all('error'), ...guest.all('error')]).toEqual([]);
    client.close();
    guest.close();
  });
});

describe.each(testDatabases())('SECURITY 21: money on a revoked session, on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  useMoneySuite(target, (suite) => ({ chain, database, harness } = suite));

  const paymentsOf = (wallet: string) => database.db.select().from(payments).where(eq(payments.wallet, wallet));

  it('SECURITY 21: requestBetInfo and requestMarketplacePurchase on a revoked session create no payment request', async () => {
    for (const [event, payload, name] of [
      ['requestBetInfo', { betAmount: '5$' }, 'staker_21'],
      ['requestMarketplacePurchase', { characterId: 12, price: '250000000', currency: 'SOL' }, 'buyer_21'],
    ] as const) {
      const player = await moneyPlayer(harness, chain, name);
      await setRevoked(database, player.userId, true);
      player.client.emit(event, { ...payload, walletAddress: player.address });
      await expectClosedForToken(player.client, event);
      expect(player.client.all('betInfo')).toEqual([]);
      expect(player.client.all('marketplacePurchaseInfo')).toEqual([]);
      expect(await paymentsOf(player.address)).toEqual([]);
    }
  });

  it('SECURITY 21: a paid stake is neither verified nor bound to a game over a revoked session', async () => {
    const player = await moneyPlayer(harness, chain, 'payer_21');
    player.client.emit('requestBetInfo', { betAmount: '5$' });
    const info = await player.client.next('betInfo');
    const signature = await chain.send(player.signer, [transferWithReferences(player.signer, info.recipientWallet, BigInt(info.lamports), [info.reference])]);
    await setRevoked(database, player.userId, true);
    player.client.emit('verifyPayment', { paymentId: info.paymentId, signature });
    await expectClosedForToken(player.client, 'verifyPayment');
    expect(player.client.all('paymentVerified')).toEqual([]);
    expect(await paymentsOf(player.address)).toMatchObject([{ id: info.paymentId, status: 'pending', signature: null, payer: null }]);

    // Verified over a live session, the stake is still not bound to a game by a revoked one.
    await setRevoked(database, player.userId, false);
    const live = await connect(harness.url, player.token);
    live.emit('verifyPayment', { paymentId: info.paymentId, signature });
    expect(await live.next('paymentVerified', () => true, 10_000)).toMatchObject({ success: true, paymentId: info.paymentId });
    await setRevoked(database, player.userId, true);
    live.emit('joinGame', { selectedCharacter: GHOST, betAmount: '5$', walletAddress: player.address, verified: true, paymentId: info.paymentId, signature });
    await expectClosedForToken(live, 'joinGame');
    expect(live.all('gameState')).toEqual([]);
    expect(await paymentsOf(player.address)).toMatchObject([{ id: info.paymentId, gameSessionId: null }]);
  });

  it('SECURITY 21: a claim over a revoked session pays nothing; the next session claims it once', async () => {
    const winner = await moneyPlayer(harness, chain, 'winner_21');
    const loser = await moneyPlayer(harness, chain, 'loser_21');
    const seeded = await seedPaidGame(harness, chain, database, [winner, loser], { winner: 'player1', payoutState: 'due' });
    const before = await chain.balance(winner.address);
    await setRevoked(database, winner.userId, true);
    winner.client.emit('claimReward', { sessionId: seeded.sessionId, walletAddress: winner.address });
    await expectClosedForToken(winner.client, 'claimReward');
    expect(winner.client.all('claimRewardResult')).toEqual([]);
    const [row] = await database.db.select().from(games).where(eq(games.sessionId, seeded.sessionId));
    expect(row).toMatchObject({ payoutState: 'due', rewardClaimed: false });
    expect(await database.db.select().from(ledger).where(and(eq(ledger.kind, 'payout'), eq(ledger.gameId, seeded.gameId)))).toEqual([]);
    expect(await chain.balance(winner.address)).toBe(before);

    const again = await connect(harness.url, await signIn(harness.url, winner.wallet));
    again.emit('claimReward', { sessionId: seeded.sessionId, walletAddress: winner.address });
    expect(await again.next('claimRewardResult', () => true, 20_000)).toMatchObject({ success: true, amount: expect.any(String) });
    again.close();
    loser.client.close();
  });
});
