// Payments that landed on chain but were never verified (docs/security.md 8: recorded,
// given back, never kept; 27 after each test), on the local chain with real signed
// transfers: the expiry sweep finds them by their reference key, credits them once and refunds
// them once; an unpaid request is closed `expired` with no money moved.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerStore } from '../../adapters/db/ledger-store';
import { createPaymentsStore } from '../../adapters/db/payments-store';
import { characterOwnership, ledger, marketplaceSupply, payments } from '../../adapters/db/schema';
import { testConfig, testDatabases } from '../../test-support';
import { type TestChain, startTestChain, transferWithReferences } from '../../test-support/chain';
import { entryTerms, joinPaid } from '../../test-support/paid-entries';
import { createPayload, createTournament, fakeClock, tournamentDetail } from '../../test-support/tournament-server';
import { FAST_MONEY, type MoneyHarness, type MoneyPlayer, expectBalanced, moneyPlayer, silentLog, startMoneyServer } from '../../test-support/money';
import type { Database } from '../../test-support/game-server';
import { type Ledger, createLedger } from '../ledger';
import { paymentsChain } from '../../compose';
import { shiftedClock } from '../../test-support/shifted-clock';
import { createPayments } from './index';

/** A payment request's life: ample for a transfer on a busy machine, and the clock passes it within the chain's tolerated skew. */
const TTL_MS = 30_000;
const BLUE_SAGE = { characterId: 12, price: '250000000' };

interface Terms {
  readonly paymentId: string;
  readonly recipientWallet: string;
  readonly lamports: string;
  readonly reference: string;
  readonly expiresAt: number;
}

describe.each(testDatabases())('payments never verified on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  const otherLedgers: Ledger[] = [];
  // Every node's clock, moved past a request's expiry instead of waiting for it; back to the wall
  // clock after each test.
  const clock = shiftedClock();

  beforeAll(async () => {
    chain = await startTestChain();
    database = await target.open();
    // Expired requests are looked up on chain at once; unused verified stakes go back at once
    // too, so every race below ends refunded.
    harness = await startMoneyServer(database, chain, { money: { ttlMs: TTL_MS, expiredGraceMs: 0, unusedStakeGraceMs: 0 }, compose: { now: clock.now } });
  });
  afterAll(async () => {
    for (const other of otherLedgers) await other.stop();
    await harness?.stop();
    await database?.close();
    await chain?.stop();
  });
  afterEach(async () => {
    clock.reset();
    await expectBalanced(harness.ledger);
  });

  /** The payments module of a second server node on the same database and chain. */
  function anotherNode(expiredGraceMs = 0) {
    const otherLedger = createLedger({ store: createLedgerStore(database.db), chain: harness.chain, log: silentLog, waitMs: FAST_MONEY.waitMs, expiryMarginBlocks: FAST_MONEY.expiryMarginBlocks, now: clock.now });
    otherLedgers.push(otherLedger);
    return createPayments({
      store: createPaymentsStore(database.db),
      ledger: otherLedger,
      ...paymentsChain(harness.chain),
      log: silentLog,
      solUsdPrice: testConfig().solUsdPrice,
      ttlMs: TTL_MS,
      expiredGraceMs,
      now: clock.now,
    });
  }

  async function betInfo(player: MoneyPlayer): Promise<Terms> {
    player.client.emit('requestBetInfo', { betAmount: '5$' });
    return player.client.next('betInfo');
  }

  /** A real transfer carrying the reference, confirmed; answers its signature and the fee the player paid. */
  async function pay(player: MoneyPlayer, terms: Terms, amount = BigInt(terms.lamports)): Promise<{ signature: string; fee: bigint }> {
    const signature = await chain.send(player.signer, [transferWithReferences(player.signer, terms.recipientWallet, amount, [terms.reference])]);
    const landed = await harness.chain.fetchTransfer(signature);
    if (!landed) throw new Error(`${signature} is not readable`);
    return { signature, fee: landed.fee };
  }

  /** Every node's clock just past these requests' expiry (the grace is 0 here). */
  const untilExpired = (...all: Terms[]) => clock.passAt(Math.max(...all.map((t) => t.expiresAt)));
  const paymentRow = async (id: string) => (await database.db.select().from(payments).where(eq(payments.id, id)))[0];
  const ledgerRows = (paymentId: string) => database.db.select().from(ledger).where(eq(ledger.paymentId, paymentId));
  const kinds = async (paymentId: string) => (await ledgerRows(paymentId)).map((row) => `${row.kind}:${row.status}`).sort();

  it('SECURITY 8: a stake paid on chain and never verified is refunded exactly once after its request expired', async () => {
    const alice = await moneyPlayer(harness, chain, 'alice_unverified');
    const start = await chain.balance(alice.address);
    const terms = await betInfo(alice);
    const { signature, fee } = await pay(alice, terms);
    // Not expired yet: the sweep leaves it to the player's own verification.
    await harness.payments.sweepExpired();
    expect(await paymentRow(terms.paymentId)).toMatchObject({ status: 'pending', signature: null });

    untilExpired(terms);
    // The recovery loop (which runs the sweep), the sweep itself and another node's sweep, at once.
    await Promise.all([harness.ledger.recover(), harness.payments.sweepExpired(), anotherNode().sweepExpired(), harness.ledger.recover()]);
    await harness.ledger.recover();

    expect(await chain.balance(alice.address)).toBe(start - fee);
    expect(await paymentRow(terms.paymentId)).toMatchObject({ status: 'refunded', signature });
    expect(await kinds(terms.paymentId)).toEqual(['fee:confirmed', 'refund:confirmed', 'stake_in:confirmed']);
    const amounts = Object.fromEntries((await ledgerRows(terms.paymentId)).map((row) => [row.kind, row.amount]));
    expect(amounts).toMatchObject({ stake_in: BigInt(terms.lamports), refund: BigInt(terms.lamports) });

    // The player verifying now is told it is being refunded; nothing is credited or paid again.
    alice.client.emit('verifyPayment', { paymentId: terms.paymentId, signature });
    expect(await alice.client.next('paymentVerified', (a) => a.paymentId === terms.paymentId)).toMatchObject({ success: false, code: 'PAYMENT_EXPIRED', message: expect.stringContaining('refunded') });
    await harness.ledger.recover();
    expect(await kinds(terms.paymentId)).toHaveLength(3);
    expect(await chain.balance(alice.address)).toBe(start - fee);
    expect((await harness.ledger.summary()).differenceLamports).toBe(0n);
    alice.client.close();
  });

  for (const order of ['verification first', 'sweeps first'] as const) {
    it(`SECURITY 8: verifyPayment racing the sweep here and on another node (${order}) gives one credit and one refund`, async () => {
      const player = await moneyPlayer(harness, chain, order === 'verification first' ? 'ann_race' : 'ben_race');
      const start = await chain.balance(player.address);
      const terms = await betInfo(player);
      const { signature, fee } = await pay(player, terms);
      untilExpired(terms);

      const other = anotherNode();
      const verify = () => harness.payments.verifyPayment(player.address, { paymentId: terms.paymentId, signature });
      const answer =
        order === 'verification first'
          ? (await Promise.all([verify(), other.sweepExpired(), harness.ledger.recover()]))[0]
          : (await Promise.all([other.sweepExpired(), harness.ledger.recover(), verify()]))[2];
      // Whoever won, the stake is the player's again once the loop has run: credited refund_due by
      // a sweep, or verified (it landed in time) and never used by the expired request's end.
      await harness.ledger.recover();

      if (answer.success) expect(answer).toMatchObject({ paymentId: terms.paymentId });
      else expect(answer).toMatchObject({ code: 'PAYMENT_EXPIRED', message: expect.stringContaining('refunded') });
      expect(await kinds(terms.paymentId)).toEqual(['fee:confirmed', 'refund:confirmed', 'stake_in:confirmed']);
      expect(await paymentRow(terms.paymentId)).toMatchObject({ status: 'refunded', signature });
      expect(await chain.balance(player.address)).toBe(start - fee);
      player.client.close();
    });
  }

  it('SECURITY 8: an unpaid request is closed expired after the grace, and no money moves', async () => {
    const carol = await moneyPlayer(harness, chain, 'carol_unpaid');
    const terms = await betInfo(carol);
    const treasuryBefore = await chain.balance(chain.treasury.address);
    untilExpired(terms);
    // Within the grace (a node configured with a minute of it), it stays pending.
    await anotherNode(60_000).sweepExpired();
    expect(await paymentRow(terms.paymentId)).toMatchObject({ status: 'pending' });

    await harness.ledger.recover();
    expect(await paymentRow(terms.paymentId)).toMatchObject({ status: 'expired', signature: null });
    expect(await ledgerRows(terms.paymentId)).toEqual([]);
    expect(await chain.balance(chain.treasury.address)).toBe(treasuryBefore);
    // It can no longer buy a seat.
    await expect(harness.payments.takeVerifiedStake({ paymentId: terms.paymentId, walletAddress: carol.address, betAmount: '5$', sessionId: 'later' })).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
    carol.client.close();
  });

  it('SECURITY 8: an unverified transfer naming the reference but one lamport short is given back to its payer; the request expires', async () => {
    const dan = await moneyPlayer(harness, chain, 'dan_short');
    const terms = await betInfo(dan);
    const { signature } = await pay(dan, terms, BigInt(terms.lamports) - 1n);
    const afterPaying = await chain.balance(dan.address);
    untilExpired(terms);
    await harness.ledger.recover();
    expect(await paymentRow(terms.paymentId)).toMatchObject({ status: 'expired', signature: null });
    const [refused] = await database.db.select().from(ledger).where(eq(ledger.signature, signature));
    expect(refused).toMatchObject({ kind: 'refused_in', amount: BigInt(terms.lamports) - 1n, status: 'confirmed', wallet: dan.address, paymentId: terms.paymentId });
    expect(await chain.balance(dan.address)).toBe(afterPaying + BigInt(terms.lamports) - 1n);
    dan.client.close();
  });

  it('SECURITY 8: a purchase paid on chain and never verified is refunded exactly once and grants nothing', async () => {
    const erin = await moneyPlayer(harness, chain, 'erin_unverified');
    const start = await chain.balance(erin.address);
    erin.client.emit('requestMarketplacePurchase', { ...BLUE_SAGE, currency: 'SOL', walletAddress: erin.address });
    const info = await erin.client.next('marketplacePurchaseInfo');
    if (!info.success) throw new Error(info.message);
    const terms: Terms = { ...info, paymentId: info.purchaseId };
    const { signature, fee } = await pay(erin, terms);
    untilExpired(terms);
    await Promise.all([harness.ledger.recover(), anotherNode().sweepExpired()]);
    await harness.ledger.recover();

    expect(await chain.balance(erin.address)).toBe(start - fee);
    expect(await paymentRow(terms.paymentId)).toMatchObject({ kind: 'purchase', status: 'refunded', signature });
    expect(await kinds(terms.paymentId)).toEqual(['fee:confirmed', 'purchase_in:confirmed', 'refund:confirmed']);
    expect(await database.db.select().from(characterOwnership).where(eq(characterOwnership.paymentId, terms.paymentId))).toEqual([]);
    const [supply] = await database.db.select().from(marketplaceSupply).where(eq(marketplaceSupply.characterId, BLUE_SAGE.characterId));
    expect(supply?.purchased ?? 0).toBe(0);
    erin.client.close();
  });

  it('SECURITY 8: a tournament entry paid on chain and never joined with is refunded exactly once and takes no seat', async () => {
    const fay = await moneyPlayer(harness, chain, 'fay_unverified');
    const start = await chain.balance(fay.address);
    const cup = await createTournament(harness.url, fay.token, createPayload(fakeClock(), { entryFee: '0.05', maxParticipants: 4 }));
    const terms = await entryTerms(harness.url, fay, cup.tournamentId);
    const { signature, fee } = await pay(fay, terms);
    untilExpired(terms);
    await Promise.all([harness.ledger.recover(), anotherNode().sweepExpired()]);
    await harness.ledger.recover();

    expect(await chain.balance(fay.address)).toBe(start - fee);
    expect(await paymentRow(terms.paymentId)).toMatchObject({ kind: 'tournament_entry', status: 'refunded', signature });
    expect(await kinds(terms.paymentId)).toEqual(['entry_in:confirmed', 'fee:confirmed', 'refund:confirmed']);
    // Joining with it now: no seat, and the player is told where the money went.
    expect(await joinPaid(harness.url, fay, cup.tournamentId, { paymentId: terms.paymentId, signature })).toMatchObject({ status: 409, body: { code: 'PAYMENT_REFUNDING' } });
    expect((await tournamentDetail(harness.url, cup.tournamentId)).currentParticipants).toBe(0);
    fay.client.close();
  });
});
