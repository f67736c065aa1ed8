// Every lamport that reaches the treasury is booked, and what the treasury does not keep goes
// back by itself (docs/money.md): a second payment of a paid request,
// two transfers paying one request at once, an underpayment, a split payment, an overpayment's
// excess; a stranger's transfer without a reference is a donation. Real server, real sockets,
// real signed transfers on the local chain; the books match the chain after each test.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledger as ledgerTable } from '../../adapters/db/schema';
import { testDatabases } from '../../test-support';
import { type TestChain, transferWithReferences } from '../../test-support/chain';
import { type MoneyHarness, type MoneyPlayer, moneyPlayer, payStake } from '../../test-support/money';
import { useMoneySuite } from '../../test-support/money-suite';
import { type Database, GHOST } from '../../test-support/game-server';
import { isBalanced } from '../ledger';

/** What the chain charges per signature: paid by whoever signs, never by the treasury for a player's transfer. */
const FEE = 5_000n;

describe.each(testDatabases())('money the treasury does not keep goes back on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  useMoneySuite(target, (suite) => ({ chain, database, harness } = suite));

  async function terms(player: MoneyPlayer, betAmount = '5$') {
    player.client.emit('requestBetInfo', { betAmount });
    return player.client.next('betInfo');
  }

  async function verify(player: MoneyPlayer, paymentId: string, signature: string) {
    player.client.emit('verifyPayment', { paymentId, signature });
    return player.client.next('paymentVerified', (a) => a.signature === signature, 45_000);
  }

  const transfer = (from: MoneyPlayer, info: { recipientWallet: string; reference: string }, lamports: bigint) =>
    chain.send(from.signer, [transferWithReferences(from.signer, info.recipientWallet, lamports, [info.reference])]);

  async function ledgerRow(signature: string) {
    const [row] = await database.db.select().from(ledgerTable).where(eq(ledgerTable.signature, signature));
    return row;
  }

  it('SECURITY 8: a second full payment of a paid stake is given back to its payer, verified or not', async () => {
    const alice = await moneyPlayer(harness, chain, 'alice_twice');
    const first = await payStake(chain, alice);
    expect(first.answer).toMatchObject({ success: true, paymentId: first.info.paymentId, signature: first.signature });
    const lamports = BigInt(first.info.lamports);

    // A double click: the same request paid again, and verified.
    const second = await transfer(alice, first.info, lamports);
    const afterSecond = await chain.balance(alice.address);
    expect(await verify(alice, first.info.paymentId, second)).toMatchObject({
      success: false,
      code: 'PAYMENT_INVALID',
      paymentId: first.info.paymentId,
      signature: second,
      message: expect.stringContaining('refunded to your wallet'),
    });
    expect(await chain.balance(alice.address)).toBe(afterSecond + lamports);
    expect(await ledgerRow(second)).toMatchObject({ kind: 'refused_in', amount: lamports, wallet: alice.address, paymentId: first.info.paymentId });

    // A wallet's silent re-send that nobody verifies: the treasury's watcher finds it.
    const third = await transfer(alice, first.info, lamports);
    const afterThird = await chain.balance(alice.address);
    const check = await harness.ledger.check();
    expect(check.unrecordedOnChain).toEqual([{ signature: third, treasuryDelta: lamports }]);
    await harness.ledger.recover();
    expect(await chain.balance(alice.address)).toBe(afterThird + lamports);
    // The first payment is still the stake, untouched.
    expect(await ledgerRow(first.signature)).toMatchObject({ kind: 'stake_in', amount: lamports });
    alice.client.close();
  });

  it('SECURITY 8: two transfers paying one request, verified at once: one is credited, the other given back', async () => {
    const bob = await moneyPlayer(harness, chain, 'bob_race');
    const info = await terms(bob);
    const lamports = BigInt(info.lamports);
    const start = await chain.balance(bob.address);
    // Two different transactions (one a lamport over, else they would be the same bytes).
    const [one, two] = await Promise.all([transfer(bob, info, lamports), transfer(bob, info, lamports + 1n)]);
    const answers = await Promise.all([verify(bob, info.paymentId, one), verify(bob, info.paymentId, two)]);
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.success)).toEqual([expect.objectContaining({ code: 'PAYMENT_INVALID', message: expect.stringContaining('refunded') })]);
    await harness.ledger.recover();
    // One stake kept, the rest back: bob is out one stake and his two fees.
    expect(await chain.balance(bob.address)).toBe(start - lamports - 2n * FEE);
    bob.client.close();
  });

  it('SECURITY 8: one lamport short, and a payment split in two, are given back; the request can still be paid', async () => {
    const carol = await moneyPlayer(harness, chain, 'carol_short');
    const info = await terms(carol);
    const lamports = BigInt(info.lamports);
    const start = await chain.balance(carol.address);

    const short = await transfer(carol, info, lamports - 1n);
    expect(await verify(carol, info.paymentId, short)).toMatchObject({ success: false, code: 'PAYMENT_INVALID', message: expect.stringContaining('refunded') });
    expect(await chain.balance(carol.address)).toBe(start - FEE);

    // Half and half, never verified: each half is refused on its own and goes back.
    const half = lamports / 2n;
    await transfer(carol, info, half);
    await transfer(carol, info, lamports - half);
    await harness.ledger.recover();
    expect(await chain.balance(carol.address)).toBe(start - 3n * FEE);

    const paid = await transfer(carol, info, lamports);
    expect(await verify(carol, info.paymentId, paid)).toMatchObject({ success: true, signature: paid });
    carol.client.close();
  });

  it('SECURITY 2: any wallet may pay a request with its reference; a refund of that payment goes back to the wallet that paid', async () => {
    const dave = await moneyPlayer(harness, chain, 'dave_player');
    const sponsor = await moneyPlayer(harness, chain, 'erin_sponsor');
    const info = await terms(dave, '10$');
    const lamports = BigInt(info.lamports);
    const paid = await transfer(sponsor, info, lamports);
    expect(await verify(dave, info.paymentId, paid)).toMatchObject({ success: true, signature: paid });

    dave.client.emit('joinGame', { selectedCharacter: GHOST, betAmount: '10$', walletAddress: dave.address, verified: true, paymentId: info.paymentId, signature: paid });
    const waiting = await dave.client.next('gameState', (s) => s.phase === 'waiting');
    const [daveBefore, sponsorBefore] = [await chain.balance(dave.address), await chain.balance(sponsor.address)];
    dave.client.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: dave.address });
    expect(await dave.client.next('cancelGameResult', () => true, 45_000)).toMatchObject({ success: true, transactionSignature: expect.any(String) });
    expect(await chain.balance(sponsor.address)).toBe(sponsorBefore + lamports);
    expect(await chain.balance(dave.address)).toBe(daveBefore);
    dave.client.close();
    sponsor.client.close();
  });

  it('an overpaid stake is booked at its amount and the excess given back at once; a refund then returns the stake only', async () => {
    const frank = await moneyPlayer(harness, chain, 'frank_over');
    const info = await terms(frank);
    const lamports = BigInt(info.lamports);
    const extra = 1_234_567n;
    const start = await chain.balance(frank.address);
    const paid = await transfer(frank, info, lamports + extra);
    expect(await verify(frank, info.paymentId, paid)).toMatchObject({ success: true, signature: paid });
    // Sent back beside the answer, which may still be writing its row on a busy machine; a
    // recovery pass waits for a send under way (or makes it, had it stalled).
    const balanceAfterRecovery = async () => {
      await harness.ledger.recover();
      return chain.balance(frank.address);
    };
    await expect.poll(balanceAfterRecovery, { timeout: 45_000 }).toBe(start - lamports - FEE);
    expect(await ledgerRow(paid)).toMatchObject({ kind: 'stake_in', amount: lamports, wallet: frank.address });

    frank.client.emit('joinGame', { selectedCharacter: GHOST, betAmount: '5$', walletAddress: frank.address, verified: true, paymentId: info.paymentId, signature: paid });
    const waiting = await frank.client.next('gameState', (s) => s.phase === 'waiting');
    frank.client.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: frank.address });
    expect(await frank.client.next('cancelGameResult', () => true, 45_000)).toMatchObject({ success: true });
    // Everything back but the one fee frank paid to send it.
    expect(await chain.balance(frank.address)).toBe(start - FEE);
    frank.client.close();
  });

  it("SECURITY 27: a stranger's 1-lamport transfer without a reference is kept as a donation, and the books still match", async () => {
    const stranger = await chain.player(10_000_000n);
    const gift = await chain.send(stranger.signer, [transferWithReferences(stranger.signer, chain.treasury.address, 1n)]);
    expect(isBalanced(await harness.ledger.check())).toBe(false);
    await harness.ledger.recover();
    expect(await ledgerRow(gift)).toMatchObject({ kind: 'donation', amount: 1n, wallet: stranger.address });
    const check = await harness.ledger.check();
    expect(isBalanced(check)).toBe(true);
    expect(check.owedBack).toEqual([]);
    // Kept: nothing went back to the stranger.
    expect(await chain.balance(stranger.address)).toBe(10_000_000n - 1n - FEE);
    // The watcher's cursor is past it: the next pass reads nothing from the chain.
    expect(await harness.payments.watchTreasury()).toMatchObject({ read: 0, refused: 0, donations: 0 });
  });

  it('SECURITY 8: one lamport naming a paid request is given back too, the treasury paying the fee', async () => {
    const gina = await moneyPlayer(harness, chain, 'gina_dust');
    const paid = await payStake(chain, gina);
    const dust = await transfer(gina, paid.info, 1n);
    const after = await chain.balance(gina.address);
    await harness.ledger.recover();
    expect(await chain.balance(gina.address)).toBe(after + 1n);
    expect(await ledgerRow(dust)).toMatchObject({ kind: 'refused_in', amount: 1n });
    gina.client.close();
  });
});

describe.each(testDatabases().slice(0, 1))('the recovery loop gives back by itself on $kind', (target) => {
  let chain: TestChain;
  let harness: MoneyHarness;
  useMoneySuite(target, (suite) => ({ chain, harness } = suite), { money: { background: true, backgroundIntervalMs: 500 } });

  it('SECURITY 8: a second payment nobody verifies is given back within a minute, with nothing but the server running', async () => {
    const hana = await moneyPlayer(harness, chain, 'hana_loop');
    const paid = await payStake(chain, hana);
    expect(paid.answer).toMatchObject({ success: true });
    const lamports = BigInt(paid.info.lamports);
    await chain.send(hana.signer, [transferWithReferences(hana.signer, paid.info.recipientWallet, lamports, [paid.info.reference])]);
    const afterSecond = await chain.balance(hana.address);
    await expect.poll(() => chain.balance(hana.address), { timeout: 60_000, interval: 200 }).not.toBe(afterSecond);
    expect(await chain.balance(hana.address)).toBe(afterSecond + lamports);
    hana.client.close();
  }, 180_000);
});
