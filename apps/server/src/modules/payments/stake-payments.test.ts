// Stake payments over Socket.IO against the local chain with real signed transfers
// (docs/security.md 1, 2, 6, 7, 9, and 27 after each test).
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support';
import { type TestChain, transferWithReferences } from '../../test-support/chain';
import { type MoneyHarness, moneyPlayer, payStake } from '../../test-support/money';
import { useMoneySuite } from '../../test-support/money-suite';

describe.each(testDatabases())('stake payments on $kind', (target) => {
  let chain: TestChain;
  let harness: MoneyHarness;
  useMoneySuite(target, (suite) => ({ chain, harness } = suite));

  it('issues betInfo in integer lamports and verifies a real payment', async () => {
    const alice = await moneyPlayer(harness, chain, 'alice_pay');
    const before = await chain.balance(chain.treasury.address);
    const paid = await payStake(chain, alice, '5$');
    // 5 USD at the default 150 USD/SOL: 1/30 SOL, rounded down to the lamport.
    expect(paid.info).toMatchObject({ betAmount: '5$', recipientWallet: chain.treasury.address, lamports: '33333333', solAmount: '0.033333333' });
    expect(paid.answer).toMatchObject({ success: true, paymentId: paid.info.paymentId });
    expect((await chain.balance(chain.treasury.address)) - before).toBe(33_333_333n);
    alice.client.close();
  });

  it('SECURITY 1: the same signature offered for a second payment is refused', async () => {
    const alice = await moneyPlayer(harness, chain, 'alice_reuse');
    const first = await payStake(chain, alice);
    alice.client.emit('requestBetInfo', { betAmount: '5$' });
    const second = await alice.client.next('betInfo');
    alice.client.emit('verifyPayment', { paymentId: second.paymentId, signature: first.signature });
    expect(await alice.client.next('paymentVerified', (a) => a.paymentId === second.paymentId)).toMatchObject({ success: false, code: 'PAYMENT_ALREADY_USED' });
    // Another player offering it for their own payment fares no better.
    const mallory = await moneyPlayer(harness, chain, 'mallory_reuse');
    mallory.client.emit('requestBetInfo', { betAmount: '5$' });
    const hers = await mallory.client.next('betInfo');
    mallory.client.emit('verifyPayment', { paymentId: hers.paymentId, signature: first.signature });
    expect(await mallory.client.next('paymentVerified')).toMatchObject({ success: false, code: 'PAYMENT_ALREADY_USED' });
    alice.client.close();
    mallory.client.close();
  });

  it("SECURITY 2: someone else's payment is refused, and offering it first does not block its owner", async () => {
    const victim = await moneyPlayer(harness, chain, 'victim_two');
    const mallory = await moneyPlayer(harness, chain, 'mallory_two');
    victim.client.emit('requestBetInfo', { betAmount: '5$' });
    const victimInfo = await victim.client.next('betInfo');
    const signature = await chain.send(victim.signer, [transferWithReferences(victim.signer, victimInfo.recipientWallet, BigInt(victimInfo.lamports), [victimInfo.reference])]);
    mallory.client.emit('requestBetInfo', { betAmount: '5$' });
    const malloryInfo = await mallory.client.next('betInfo');
    // Front-running the victim with the public signature: no reference of hers, not her wallet.
    mallory.client.emit('verifyPayment', { paymentId: malloryInfo.paymentId, signature });
    expect(await mallory.client.next('paymentVerified')).toMatchObject({ success: false, code: 'PAYMENT_INVALID' });
    victim.client.emit('verifyPayment', { paymentId: victimInfo.paymentId, signature });
    expect(await victim.client.next('paymentVerified')).toMatchObject({ success: true });
    victim.client.close();
    mallory.client.close();
  });

  it("SECURITY 6: one transaction carrying two payments' references credits at most one", async () => {
    const alice = await moneyPlayer(harness, chain, 'alice_six');
    alice.client.emit('requestBetInfo', { betAmount: '5$' });
    const one = await alice.client.next('betInfo');
    alice.client.emit('requestBetInfo', { betAmount: '5$' });
    const two = await alice.client.next('betInfo');
    const amount = BigInt(one.lamports);
    const signature = await chain.send(alice.signer, [
      transferWithReferences(alice.signer, one.recipientWallet, amount, [one.reference]),
      transferWithReferences(alice.signer, two.recipientWallet, amount, [two.reference]),
    ]);
    alice.client.emit('verifyPayment', { paymentId: one.paymentId, signature });
    alice.client.emit('verifyPayment', { paymentId: two.paymentId, signature });
    const answers = [await alice.client.next('paymentVerified', (a) => a.paymentId === one.paymentId), await alice.client.next('paymentVerified', (a) => a.paymentId === two.paymentId)];
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.success)[0]).toMatchObject({ code: 'PAYMENT_ALREADY_USED' });
    alice.client.close();
  });

  it('SECURITY 7: a transaction not on chain yet is pending and retryable, and the player cannot join on it', async () => {
    const alice = await moneyPlayer(harness, chain, 'alice_seven');
    alice.client.emit('requestBetInfo', { betAmount: '5$' });
    const info = await alice.client.next('betInfo');
    const unsent = await chain.sign(alice.signer, [transferWithReferences(alice.signer, info.recipientWallet, BigInt(info.lamports), [info.reference])]);
    alice.client.emit('verifyPayment', { paymentId: info.paymentId, signature: unsent.signature });
    const notYet = await alice.client.next('paymentVerified');
    expect(notYet).toMatchObject({ success: false, code: 'PAYMENT_NOT_FOUND', retryable: true });
    expect(notYet.message).toContain('not found');
    alice.client.emit('joinGame', { selectedCharacter: 4, betAmount: '5$', walletAddress: alice.address, verified: true, paymentId: info.paymentId, signature: unsent.signature });
    expect(await alice.client.next('error', (e) => e.event === 'joinGame')).toMatchObject({ code: 'PAYMENT_INVALID' });
    // Once it lands, the same verification succeeds.
    await chain.sendWire(unsent.wire);
    await chain.waitConfirmed(unsent.signature);
    alice.client.emit('verifyPayment', { paymentId: info.paymentId, signature: unsent.signature });
    expect(await alice.client.next('paymentVerified')).toMatchObject({ success: true });
    alice.client.close();
  });

  it('SECURITY 9: fifty concurrent identical verifications give one credit and identical answers', async () => {
    const alice = await moneyPlayer(harness, chain, 'alice_nine');
    alice.client.emit('requestBetInfo', { betAmount: '10$' });
    const info = await alice.client.next('betInfo');
    const signature = await chain.send(alice.signer, [transferWithReferences(alice.signer, info.recipientWallet, BigInt(info.lamports), [info.reference])]);
    const ledgerBefore = (await harness.ledger.summary()).byKind.stake_in;
    // Directly on the module (the socket's budget would cut a flood off first), fifty at once.
    const answers = await Promise.all(Array.from({ length: 50 }, () => harness.payments.verifyPayment(alice.address, { paymentId: info.paymentId, signature })));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ success: true });
    expect((await harness.ledger.summary()).byKind.stake_in - ledgerBefore).toBe(BigInt(info.lamports));
    alice.client.close();
  });
});
