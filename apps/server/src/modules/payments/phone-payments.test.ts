// Solana Pay for purchases and tournament entries (docs/money.md "Every transfer that reaches the
// treasury is classified"): a phone wallet pays the request's QR code, so the app asks with the
// payment alone and the server finds the transfer by its reference. Real chain, real ledger; the
// books are checked against the chain after every test (docs/security.md 27).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../adapters/db/schema';
import { entryTerms, joinPaid } from '../../test-support/paid-entries';
import { createPayload, createTournament, fakeClock, tournamentDetail } from '../../test-support/tournament-server';
import type { Database } from '../../test-support/game-server';
import { getJson, testDatabases } from '../../test-support';
import { type TestChain, transferWithReferences } from '../../test-support/chain';
import { type MoneyHarness, type MoneyPlayer, moneyPlayer } from '../../test-support/money';
import { useMoneySuite } from '../../test-support/money-suite';

const BLUE_SAGE = { characterId: 12, price: '250000000' };
const HOUR = 3_600_000;

describe.each(testDatabases())('Solana Pay purchases and entries, found by reference, on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  const clock = fakeClock();
  useMoneySuite(target, (suite) => ({ chain, database, harness } = suite), { compose: { tournaments: { now: clock.now, tickMs: 0, createsPerMinute: 10_000 } } });

  const transfer = (from: MoneyPlayer, terms: { recipientWallet: string; reference: string }, lamports: bigint) =>
    chain.send(from.signer, [transferWithReferences(from.signer, terms.recipientWallet, lamports, [terms.reference])]);
  const paymentRow = async (paymentId: string) => (await database.db.select({ status: payments.status, payer: payments.payer }).from(payments).where(eq(payments.id, paymentId)))[0];
  const owned = async (player: MoneyPlayer) =>
    (await getJson<{ charactersOwned: { characterId: number }[] }>(`${harness.url}/api/user/${player.address}/characters`)).body.charactersOwned.map((c) => c.characterId);

  async function requestPurchase(player: MoneyPlayer) {
    player.client.emit('requestMarketplacePurchase', { ...BLUE_SAGE, currency: 'SOL', walletAddress: player.address });
    const info = await player.client.next('marketplacePurchaseInfo');
    if (!info.success) throw new Error(info.message);
    return info;
  }

  /** What the purchase popup polls while its QR code is shown: no signature. */
  async function verifyByReference(player: MoneyPlayer, purchaseId: string, characterId = BLUE_SAGE.characterId, signature?: string) {
    player.client.emit('verifyMarketplacePurchase', { purchaseId, characterId, ...(signature ? { signature } : {}) });
    return player.client.next('marketplacePurchaseResult', (a) => a.purchaseId === purchaseId && a.signature === signature, 45_000);
  }
  const pollByReference = async (player: MoneyPlayer, purchaseId: string, characterId = BLUE_SAGE.characterId) => {
    player.client.emit('verifyMarketplacePurchase', { purchaseId, characterId });
    return player.client.next('marketplacePurchaseResult', (a) => a.purchaseId === purchaseId, 45_000);
  };

  it("a phone wallet pays Alice's purchase with its reference: found without a signature, she owns the character once", async () => {
    const [alice, phone] = [await moneyPlayer(harness, chain, 'alice_phone_buy'), await moneyPlayer(harness, chain, 'phone_buy')];
    const info = await requestPurchase(alice);
    // Nothing paid yet: not found, retryable; the popup asks again.
    expect(await pollByReference(alice, info.purchaseId)).toMatchObject({ success: false, code: 'PAYMENT_NOT_FOUND', retryable: true, characterOwnershipUpdated: false });

    const paid = await transfer(phone, info, BigInt(info.lamports));
    const found = await pollByReference(alice, info.purchaseId);
    expect(found).toMatchObject({ success: true, purchaseId: info.purchaseId, signature: paid, transactionSignature: paid, characterOwnershipUpdated: true });
    // The next poll answers the same and grants nothing twice.
    expect(await pollByReference(alice, info.purchaseId)).toMatchObject({ success: true, signature: paid });
    expect(await owned(alice)).toEqual([BLUE_SAGE.characterId]);
    expect(await owned(phone)).toEqual([]);
    expect(await paymentRow(info.purchaseId)).toEqual({ status: 'verified', payer: phone.address });
    alice.client.close();
    phone.client.close();
  });

  it('the connected wallet paying after the phone did is told the request was paid, and is given its second payment back', async () => {
    const [bea, phone] = [await moneyPlayer(harness, chain, 'bea_twice'), await moneyPlayer(harness, chain, 'phone_twice')];
    const info = await requestPurchase(bea);
    const paid = await transfer(phone, info, BigInt(info.lamports));
    // The popup's poll found the phone's transfer first…
    expect(await pollByReference(bea, info.purchaseId)).toMatchObject({ success: true, signature: paid });
    // …and the wallet prompt, still open, is approved anyway: a second payment of a paid request.
    const again = await transfer(bea, info, BigInt(info.lamports));
    const afterSending = await chain.balance(bea.address);
    expect(await verifyByReference(bea, info.purchaseId, BLUE_SAGE.characterId, again)).toMatchObject({
      success: false,
      code: 'PAYMENT_INVALID',
      message: expect.stringContaining('refunded to your wallet'),
      characterOwnershipUpdated: false,
    });
    expect(await chain.balance(bea.address)).toBe(afterSending + BigInt(info.lamports));
    // The request stays paid once, by the phone's transfer.
    expect(await pollByReference(bea, info.purchaseId)).toMatchObject({ success: true, signature: paid });
    expect(await owned(bea)).toEqual([BLUE_SAGE.characterId]);
    bea.client.close();
    phone.client.close();
  });

  it("refuses another player's or an unknown purchase id by reference, and another character, changing nothing", async () => {
    const [cleo, mallory] = [await moneyPlayer(harness, chain, 'cleo_buy'), await moneyPlayer(harness, chain, 'mallory_buy')];
    const info = await requestPurchase(cleo);
    const paid = await transfer(cleo, info, BigInt(info.lamports));
    expect(await pollByReference(mallory, info.purchaseId)).toMatchObject({ success: false, code: 'NOT_FOUND', characterOwnershipUpdated: false });
    // Asked for another character than her own purchase's: refused with the same words either way.
    expect(await pollByReference(mallory, info.purchaseId, 13)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await pollByReference(mallory, 'no-such-purchase')).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await owned(mallory)).toEqual([]);
    expect(await paymentRow(info.purchaseId)).toEqual({ status: 'pending', payer: null });
    expect(await pollByReference(cleo, info.purchaseId, 13)).toMatchObject({ success: false, code: 'PAYMENT_INVALID' });
    expect(await paymentRow(info.purchaseId)).toEqual({ status: 'pending', payer: null });
    // Her own, for its character: found.
    expect(await pollByReference(cleo, info.purchaseId)).toMatchObject({ success: true, signature: paid });
    cleo.client.close();
    mallory.client.close();
  });

  it("a phone wallet pays Dan's tournament entry: the join with the payment alone takes the seat and names the transfer", async () => {
    const [host, dan, phone, mallory] = [
      await moneyPlayer(harness, chain, 'host_phone', 100_000_000n),
      await moneyPlayer(harness, chain, 'dan_phone'),
      await moneyPlayer(harness, chain, 'phone_entry'),
      await moneyPlayer(harness, chain, 'mallory_entry'),
    ];
    const cup = await createTournament(harness.url, host.token, createPayload(clock, { entryFee: '0.05', maxParticipants: 4 }, HOUR));
    const terms = await entryTerms(harness.url, dan, cup.tournamentId);
    expect(await joinPaid(harness.url, dan, cup.tournamentId, { paymentId: terms.paymentId })).toMatchObject({ status: 409, body: { code: 'PAYMENT_NOT_FOUND' } });

    const paid = await transfer(phone, terms, BigInt(terms.lamports));
    // Another player naming Dan's payment, or an unknown one: refused, no seat, nothing credited.
    expect(await joinPaid(harness.url, mallory, cup.tournamentId, { paymentId: terms.paymentId })).toMatchObject({ status: 400, body: { code: 'PAYMENT_INVALID' } });
    expect(await joinPaid(harness.url, mallory, cup.tournamentId, { paymentId: 'no-such-payment' })).toMatchObject({ status: 400, body: { code: 'PAYMENT_INVALID' } });
    expect((await tournamentDetail(harness.url, cup.tournamentId)).currentParticipants).toBe(0);
    expect(await paymentRow(terms.paymentId)).toEqual({ status: 'pending', payer: null });

    const joined = await joinPaid(harness.url, dan, cup.tournamentId, { paymentId: terms.paymentId });
    expect(joined).toMatchObject({ status: 200, body: { success: true, paymentId: terms.paymentId, signature: paid } });
    // Asked again (the next poll): the same seat, the same transfer.
    expect(await joinPaid(harness.url, dan, cup.tournamentId, { paymentId: terms.paymentId })).toMatchObject({ status: 200, body: { signature: paid } });
    expect((await tournamentDetail(harness.url, cup.tournamentId)).currentParticipants).toBe(1);
    expect(await paymentRow(terms.paymentId)).toEqual({ status: 'verified', payer: phone.address });

    // Dan's wallet prompt, still open, approved anyway: a second payment, refused and given back.
    const again = await transfer(dan, terms, BigInt(terms.lamports));
    const afterSending = await chain.balance(dan.address);
    expect(await joinPaid(harness.url, dan, cup.tournamentId, { paymentId: terms.paymentId, signature: again })).toMatchObject({
      status: 400,
      body: { code: 'PAYMENT_INVALID', message: 'The transaction does not pay this request. The payment is being refunded to your wallet.' },
    });
    expect(await chain.balance(dan.address)).toBe(afterSending + BigInt(terms.lamports));
    expect((await tournamentDetail(harness.url, cup.tournamentId)).currentParticipants).toBe(1);
    for (const player of [host, dan, phone, mallory]) player.client.close();
  });
});
