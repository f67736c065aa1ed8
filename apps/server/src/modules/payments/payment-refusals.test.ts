// What a payment must not get away with, on the local chain with real transactions
// (docs/security.md 3, 4, 5, 10, 11; 27 after each test).
import { randomUUID } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support';
import { type TestChain, startTestChain, transferWithReferences } from '../../test-support/chain';
import { type MoneyHarness, type MoneyPlayer, expectBalanced, expectTreasuryFeesOnlyForLedger, moneyPlayer, startMoneyServer } from '../../test-support/money';
import { type Database, connect } from '../../test-support/game-server';

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

describe.each(testDatabases())('payment refusals on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  let alice: MoneyPlayer;

  beforeAll(async () => {
    chain = await startTestChain();
    database = await target.open();
    harness = await startMoneyServer(database, chain);
    alice = await moneyPlayer(harness, chain, 'alice_refuse', 3_000_000_000n);
  });
  afterAll(async () => {
    alice?.client.close();
    await harness?.stop();
    await database?.close();
    await chain?.stop();
  });
  afterEach(async () => expectBalanced(harness.ledger));

  async function terms() {
    alice.client.emit('requestBetInfo', { betAmount: '5$' });
    return alice.client.next('betInfo');
  }

  async function verify(paymentId: string, signature: string) {
    alice.client.emit('verifyPayment', { paymentId, signature });
    return alice.client.next('paymentVerified', (a) => a.paymentId === paymentId);
  }

  it('SECURITY 3: underpaid by one lamport is refused (what did arrive stays on the books)', async () => {
    const info = await terms();
    const signature = await chain.send(alice.signer, [transferWithReferences(alice.signer, info.recipientWallet, BigInt(info.lamports) - 1n, [info.reference])]);
    expect(await verify(info.paymentId, signature)).toMatchObject({ success: false, code: 'PAYMENT_INVALID' });
  });

  it('SECURITY 3: a look-alike recipient is refused', async () => {
    const info = await terms();
    const lookAlike = await chain.player(0n);
    const signature = await chain.send(alice.signer, [transferWithReferences(alice.signer, lookAlike.address, BigInt(info.lamports), [info.reference])]);
    expect(await verify(info.paymentId, signature)).toMatchObject({ success: false, code: 'PAYMENT_INVALID' });
  });

  it('SECURITY 3: something other than a SOL transfer (a program instruction carrying the reference) is refused', async () => {
    const info = await terms();
    // A memo promising the amount, and the reference on a transfer that goes nowhere near the treasury.
    const memo = { programAddress: MEMO_PROGRAM, data: new TextEncoder().encode(`pay ${info.lamports} to ${info.recipientWallet}`) };
    const signature = await chain.send(alice.signer, [memo as never, transferWithReferences(alice.signer, alice.address, 1n, [info.reference])]);
    expect(await verify(info.paymentId, signature)).toMatchObject({ success: false, code: 'PAYMENT_INVALID' });
  });

  it('SECURITY 4: a failed transaction (meta.err set, fee paid, nothing moved) is refused', async () => {
    const info = await terms();
    const signature = await chain.send(
      alice.signer,
      [
        transferWithReferences(alice.signer, info.recipientWallet, BigInt(info.lamports), [info.reference]),
        // More than Alice has: the whole transaction fails, the first transfer is rolled back.
        transferWithReferences(alice.signer, info.recipientWallet, 10n ** 15n),
      ],
      { skipPreflight: true },
    );
    expect(await verify(info.paymentId, signature)).toMatchObject({ success: false, code: 'PAYMENT_INVALID' });
  });

  it("SECURITY 5: a transaction whose transfers look right but in which the treasury's balance did not grow is refused", async () => {
    const info = await terms();
    // Only a holder of the treasury key could sign this; the instructions alone would pass.
    const signature = await chain.send(alice.signer, [
      transferWithReferences(alice.signer, info.recipientWallet, BigInt(info.lamports), [info.reference]),
      transferWithReferences(chain.treasury, alice.address, BigInt(info.lamports)),
    ]);
    expect(await verify(info.paymentId, signature)).toMatchObject({ success: false, code: 'PAYMENT_INVALID' });
  });

  it('SECURITY 10: junk is answered with a clear error and changes nothing', async () => {
    const info = await terms();
    alice.client.emit('verifyPayment', { paymentId: info.paymentId, signature: '0OIl-not-base58' });
    expect(await alice.client.next('error', (e) => e.event === 'verifyPayment')).toMatchObject({ code: 'VALIDATION_FAILED' });
    alice.client.emit('verifyPayment', { paymentId: 'x'.repeat(5_000), signature: 'x' });
    expect(await alice.client.next('error', (e) => e.event === 'verifyPayment')).toMatchObject({ code: 'VALIDATION_FAILED' });
    alice.client.emit('requestBetInfo', { betAmount: '15$' });
    expect(await alice.client.next('error', (e) => e.event === 'requestBetInfo')).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('This stake is not available') });

    const unknownSignature = getBase58Decoder().decode(new Uint8Array(64).fill(7));
    const unknownId = randomUUID();
    expect(await verify(unknownId, unknownSignature)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    // Another player's paymentId is as unknown as a made-up one.
    const bob = await moneyPlayer(harness, chain, 'bob_junk', 0n);
    bob.client.emit('verifyPayment', { paymentId: info.paymentId, signature: unknownSignature });
    expect(await bob.client.next('paymentVerified')).toMatchObject({ success: false, code: 'NOT_FOUND' });
    // A signature this chain never saw (another cluster's, say) is never credited.
    expect(await verify(info.paymentId, unknownSignature)).toMatchObject({ success: false, code: 'PAYMENT_NOT_FOUND', retryable: true });
    // Guests pay nothing; request spam is capped per wallet.
    const guest = await connect(harness.url);
    guest.emit('requestBetInfo', { betAmount: '5$' });
    expect(await guest.next('error', (e) => e.event === 'requestBetInfo')).toMatchObject({ code: 'SIGN_IN_REQUIRED_FOR_PAID' });
    for (let i = 0; i < 21; i += 1) bob.client.emit('requestBetInfo', { betAmount: '5$' });
    expect(await bob.client.next('error', (e) => e.event === 'requestBetInfo', 45_000)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(bob.client.all('betInfo').length).toBeLessThanOrEqual(20);
    guest.close();
    bob.client.close();
  });

  it('SECURITY 11: no client event carries a transaction, and the treasury pays fees only for its own ledger transfers', async () => {
    const { clientEventSchemas } = await import('@duel-dojo/protocol');
    const fields = Object.values(clientEventSchemas).flatMap((schema) => {
      const def = schema._zod.def;
      const object = def.type === 'optional' ? (def as { innerType: unknown }).innerType : schema;
      return object !== null && typeof object === 'object' && 'shape' in object ? Object.keys(object.shape as object) : [];
    });
    expect(fields.filter((field) => /transaction|serialized|message|instruction/i.test(field))).toEqual([]);
    await expectTreasuryFeesOnlyForLedger(harness);
  });
});
