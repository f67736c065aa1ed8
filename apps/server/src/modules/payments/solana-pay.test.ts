// A payment request paid as a Solana Pay transfer request from another wallet (a phone scanning the
// QR code): the app offers no signature, the server finds the transfer by its reference, any payer
// is accepted, and the refund goes back to the wallet that paid, shown on both wallets' money pages.
// Real server, real sockets, real signed transfers on the local chain; the books match the chain
// after each test (useMoneySuite).
import type { WalletMoneyAnswer } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { getJson, testDatabases } from '../../test-support';
import { type TestChain, transferWithReferences } from '../../test-support/chain';
import { type MoneyHarness, type MoneyPlayer, expectBalanced, moneyPlayer, seedPaidGame } from '../../test-support/money';
import { useMoneySuite } from '../../test-support/money-suite';
import { type Database, GHOST } from '../../test-support/game-server';

const money = async (harness: MoneyHarness, player: MoneyPlayer) =>
  (await getJson<WalletMoneyAnswer>(`${harness.url}/api/user/${player.address}/money`, { authorization: `Bearer ${player.token}` })).body;

describe.each(testDatabases())('Solana Pay: a request paid by any wallet carrying its reference, on $kind', (target) => {
  let chain: TestChain;
  let harness: MoneyHarness;
  let database: Database;
  useMoneySuite(target, (suite) => ({ chain, harness, database } = suite));

  async function terms(player: MoneyPlayer, betAmount = '5$') {
    player.client.emit('requestBetInfo', { betAmount });
    return player.client.next('betInfo');
  }

  /** What the app polls while the QR code is shown: the payment alone, no signature. */
  async function verifyByReference(player: MoneyPlayer, paymentId: string) {
    player.client.emit('verifyPayment', { paymentId });
    return player.client.next('paymentVerified', (a) => a.paymentId === paymentId, 45_000);
  }

  const transfer = (from: MoneyPlayer, info: { recipientWallet: string; reference: string }, lamports: bigint) =>
    chain.send(from.signer, [transferWithReferences(from.signer, info.recipientWallet, lamports, [info.reference])]);

  it("SECURITY 2: a friend's wallet pays Alice's stake with its reference; found without a signature, Alice joins, and her cancel refunds the friend", async () => {
    const alice = await moneyPlayer(harness, chain, 'alice_qr');
    const friend = await moneyPlayer(harness, chain, 'friend_qr');
    const info = await terms(alice);
    const lamports = BigInt(info.lamports);

    // Nothing paid yet: not found, retryable; the app asks again.
    expect(await verifyByReference(alice, info.paymentId)).toMatchObject({ success: false, code: 'PAYMENT_NOT_FOUND', retryable: true });

    const paid = await transfer(friend, info, lamports);
    expect(await verifyByReference(alice, info.paymentId)).toMatchObject({ success: true, paymentId: info.paymentId, signature: paid });
    // Asking again (the next poll) gives the same answer and credits nothing twice.
    expect(await verifyByReference(alice, info.paymentId)).toMatchObject({ success: true, signature: paid });

    alice.client.emit('joinGame', { selectedCharacter: GHOST, betAmount: '5$', walletAddress: alice.address, verified: true, paymentId: info.paymentId, signature: paid });
    const waiting = await alice.client.next('gameState', (s) => s.phase === 'waiting');
    const [aliceBefore, friendBefore] = [await chain.balance(alice.address), await chain.balance(friend.address)];
    alice.client.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: alice.address });
    const cancelled = await alice.client.next('cancelGameResult', () => true, 45_000);
    expect(cancelled).toMatchObject({ success: true, transactionSignature: expect.any(String) });
    expect(await chain.balance(friend.address)).toBe(friendBefore + lamports);
    expect(await chain.balance(alice.address)).toBe(aliceBefore);
    await expectBalanced(harness.ledger);

    // The movement is on the player's page and on the payer's, with the same transactions.
    const expected = [
      { kind: 'refund', reason: 'cancelledWait', direction: 'in', lamports: info.lamports, status: 'confirmed', transactionSignature: cancelled.transactionSignature, sessionId: waiting.sessionId },
      { kind: 'stakePaid', direction: 'out', lamports: info.lamports, status: 'confirmed', transactionSignature: paid, sessionId: waiting.sessionId },
    ];
    for (const page of [await money(harness, alice), await money(harness, friend)]) {
      expect(page.movements).toEqual(expected.map((movement) => expect.objectContaining(movement)));
      expect(page.totals.netLamports).toBe('0');
    }
    alice.client.close();
    friend.client.close();
  });

  it("a draw refunds a friend-paid stake to the friend: on both pages as soon as it is decided, then confirmed", async () => {
    const [ray, sam, friend] = [await moneyPlayer(harness, chain, 'ray_draw'), await moneyPlayer(harness, chain, 'sam_draw'), await moneyPlayer(harness, chain, 'friend_draw')];
    const game = await seedPaidGame(harness, chain, database, [ray, sam], { winner: 'draw', payoutState: 'refund_due' }, [friend, null]);
    const due = ['refund', 'in', game.stake.toString(), 'pending', 'draw'];
    const brief = (page: WalletMoneyAnswer) => page.movements.map((m) => [m.kind, m.direction, m.lamports, m.status, m.reason]);
    expect(brief(await money(harness, ray))[0]).toEqual(due);
    expect(brief(await money(harness, friend))[0]).toEqual(due);

    const [rayBefore, friendBefore] = [await chain.balance(ray.address), await chain.balance(friend.address)];
    await harness.ledger.recover();
    expect(await chain.balance(friend.address)).toBe(friendBefore + game.stake);
    expect(await chain.balance(ray.address)).toBe(rayBefore);
    for (const player of [ray, friend]) {
      expect(brief(await money(harness, player))).toEqual([
        ['refund', 'in', game.stake.toString(), 'confirmed', 'draw'],
        ['stakePaid', 'out', game.stake.toString(), 'confirmed', null],
      ]);
    }
    // Sam paid his own and is refunded his own.
    expect(brief(await money(harness, sam))[0]).toEqual(['refund', 'in', game.stake.toString(), 'confirmed', 'draw']);
    for (const player of [ray, sam, friend]) player.client.close();
  });

  it('SECURITY 1: a reused reference is refused: a second transfer naming a paid request is given back to its payer', async () => {
    const alice = await moneyPlayer(harness, chain, 'alice_reuse');
    const friend = await moneyPlayer(harness, chain, 'friend_reuse');
    const info = await terms(alice);
    const lamports = BigInt(info.lamports);
    const paid = await transfer(friend, info, lamports);
    expect(await verifyByReference(alice, info.paymentId)).toMatchObject({ success: true, signature: paid });

    const again = await transfer(friend, info, lamports);
    const friendAfterSending = await chain.balance(friend.address);
    alice.client.emit('verifyPayment', { paymentId: info.paymentId, signature: again });
    expect(await alice.client.next('paymentVerified', (a) => a.signature === again, 45_000)).toMatchObject({
      success: false,
      code: 'PAYMENT_INVALID',
      message: expect.stringContaining('refunded to your wallet'),
    });
    expect(await chain.balance(friend.address)).toBe(friendAfterSending + lamports);
    // The lookup still names the first transfer: the request stays paid once.
    expect(await verifyByReference(alice, info.paymentId)).toMatchObject({ success: true, signature: paid });
    alice.client.close();
    friend.client.close();
  });

  it("SECURITY 10: an unknown or another player's payment id is refused by reference too, with no chain change", async () => {
    const alice = await moneyPlayer(harness, chain, 'alice_other');
    const mallory = await moneyPlayer(harness, chain, 'mallory_other');
    const info = await terms(alice);
    const paid = await transfer(alice, info, BigInt(info.lamports));
    expect(await verifyByReference(mallory, info.paymentId)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await verifyByReference(mallory, 'no-such-payment')).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await verifyByReference(alice, info.paymentId)).toMatchObject({ success: true, signature: paid });
    alice.client.close();
    mallory.client.close();
  });
});
