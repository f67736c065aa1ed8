// Paid tournament entries on the real chain (docs/security.md 1-9 as for stakes, 27 after each test):
// refusals before any money moves; payments that do not pay this seat; a seat refused after the
// money came in (the last seat raced, a cancelled tournament) refunded exactly once.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../adapters/db/schema';
import { buySeat, entryTerms, joinPaid, payEntry, requestEntry, startPaidTournamentServer } from '../../test-support/paid-entries';
import { call, createPayload, createTournament, fakeClock, tournamentDetail } from '../../test-support/tournament-server';
import type { Database } from '../../test-support/game-server';
import { testDatabases } from '../../test-support';
import { type TestChain, startTestChain, transferWithReferences } from '../../test-support/chain';
import { type MoneyHarness, type MoneyPlayer, expectBalanced, moneyPlayer } from '../../test-support/money';

const HOUR = 3_600_000;
const FEE = 50_000_000n;
/** More than any transaction fee here, far less than the entry fee. */
const FEES_AT_MOST = 100_000n;
const REFUND_NOTE = 'The payment is being refunded to your wallet.';

describe.each(testDatabases())('paid tournament entries on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  const clock = fakeClock();
  let host: MoneyPlayer;
  let names = 0;

  beforeAll(async () => {
    chain = await startTestChain();
    database = await target.open();
    harness = await startPaidTournamentServer(database, chain, clock);
    host = await moneyPlayer(harness, chain, 'entry_host', 100_000_000n);
  });
  afterAll(async () => {
    host?.client.close();
    await harness?.stop();
    await database?.close();
    await chain?.stop();
  });
  afterEach(async () => expectBalanced(harness.ledger));

  const player = () => moneyPlayer(harness, chain, `entrant${(names += 1)}`);
  const paidCup = (overrides = {}) => createTournament(harness.url, host.token, createPayload(clock, { entryFee: '0.05', maxParticipants: 4, ...overrides }, HOUR));
  const paymentStatus = async (paymentId: string) => (await database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId)))[0]?.status;

  it('refuses before any money moves: a free tournament, an unknown one, no token, a bad fee or prizes', async () => {
    const alice = await player();
    const free = await createTournament(harness.url, host.token, createPayload(clock, {}, HOUR));
    expect(await requestEntry(harness.url, alice.token, free.tournamentId)).toMatchObject({ status: 400, body: { code: 'TOURNAMENT_IS_FREE', message: 'This tournament is free: join it without a payment' } });
    expect(await requestEntry(harness.url, alice.token, 'nope')).toMatchObject({ status: 404, body: { message: 'Tournament Not Found' } });
    expect(await call(harness.url, 'POST', `/api/tournaments/${free.tournamentId}/entry`)).toMatchObject({ status: 401 });
    const create = (body: object) => call(harness.url, 'POST', '/api/tournaments', { token: host.token, body: createPayload(clock, body, HOUR) });
    expect(await create({ entryFee: '5$' })).toMatchObject({ status: 400, body: { message: 'Entry fee must be Free or an amount of SOL, such as 0.05 SOL' } });
    expect(await create({ entryFee: '1000 SOL' })).toMatchObject({ status: 400, body: { message: 'Entry fee must be from 0.01 to 100 SOL' } });
    expect(await create({ entryFee: '0.05', prizes: { first: 'A trophy' } })).toMatchObject({
      status: 400,
      body: { message: 'A paid tournament pays its prizes from the entry fees: leave the prizes empty' },
    });

    // Registered already: no second payment is asked for.
    const cup = await paidCup();
    const seat = await buySeat(harness, chain, alice, cup.tournamentId);
    expect(seat.joined.status).toBe(200);
    expect(await requestEntry(harness.url, alice.token, cup.tournamentId)).toMatchObject({ status: 409, body: { code: 'TOURNAMENT_ALREADY_REGISTERED' } });
    expect(await joinPaid(harness.url, alice, cup.tournamentId, {})).toMatchObject({ status: 409, body: { code: 'TOURNAMENT_ALREADY_REGISTERED' } });
    expect(await joinPaid(harness.url, alice, free.tournamentId, { paymentId: seat.terms.paymentId, signature: seat.signature })).toMatchObject({ status: 400, body: { code: 'TOURNAMENT_IS_FREE' } });
    alice.client.close();
  });

  it('waits for a transfer not on chain yet, and refuses one that does not pay this seat', async () => {
    const [bob, carol] = [await player(), await player()];
    const cup = await paidCup();
    const other = await paidCup({ name: 'Other Cup' });

    // Signed but not sent: not found yet, retryable; once it lands the same join takes the seat.
    const terms = await entryTerms(harness.url, bob, cup.tournamentId);
    const signed = await chain.sign(bob.signer, [transferWithReferences(bob.signer, terms.recipientWallet, FEE, [terms.reference])]);
    expect(await joinPaid(harness.url, bob, cup.tournamentId, { paymentId: terms.paymentId, signature: signed.signature })).toMatchObject({ status: 409, body: { code: 'PAYMENT_NOT_FOUND' } });
    expect((await tournamentDetail(harness.url, cup.tournamentId)).currentParticipants).toBe(0);
    await chain.sendWire(signed.wire);
    await chain.waitConfirmed(signed.signature);
    expect(await joinPaid(harness.url, bob, cup.tournamentId, { paymentId: terms.paymentId, signature: signed.signature })).toMatchObject({ status: 200 });

    // That payment bought that seat only: not a seat elsewhere, not for anyone else.
    expect(await joinPaid(harness.url, bob, other.tournamentId, { paymentId: terms.paymentId, signature: signed.signature })).toMatchObject({ status: 400, body: { code: 'PAYMENT_INVALID' } });
    expect(await joinPaid(harness.url, carol, cup.tournamentId, { paymentId: terms.paymentId, signature: signed.signature })).toMatchObject({
      status: 400,
      body: { code: 'PAYMENT_INVALID', message: 'The transaction does not pay this request' },
    });
    const carolTerms = await entryTerms(harness.url, carol, other.tournamentId);
    expect(await joinPaid(harness.url, carol, other.tournamentId, { paymentId: carolTerms.paymentId, signature: signed.signature })).toMatchObject({
      status: 400,
      body: { code: 'PAYMENT_ALREADY_USED' },
    });

    // One lamport short: refused, no seat (the lamports are booked, so the books still match).
    const short = await payEntry(chain, carol, carolTerms, FEE - 1n);
    expect(await joinPaid(harness.url, carol, other.tournamentId, { paymentId: carolTerms.paymentId, signature: short })).toMatchObject({ status: 400, body: { code: 'PAYMENT_INVALID' } });
    expect((await tournamentDetail(harness.url, other.tournamentId)).currentParticipants).toBe(0);
    bob.client.close();
    carol.client.close();
  });

  it('gives the last seat to one of two paid racers and refunds the other', async () => {
    const cup = await paidCup();
    for (let i = 0; i < 3; i += 1) {
      const seated = await player();
      expect((await buySeat(harness, chain, seated, cup.tournamentId)).joined.status).toBe(200);
      seated.client.close();
    }
    const racers = [await player(), await player()];
    const before = await Promise.all(racers.map((racer) => chain.balance(racer.address)));
    const terms = await Promise.all(racers.map((racer) => entryTerms(harness.url, racer, cup.tournamentId)));
    const signatures = await Promise.all(racers.map((racer, i) => payEntry(chain, racer, terms[i] as (typeof terms)[number])));
    const answers = await Promise.all(racers.map((racer, i) => joinPaid(harness.url, racer, cup.tournamentId, { paymentId: terms[i]?.paymentId ?? '', signature: signatures[i] ?? '' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = answers.findIndex((answer) => answer.status === 409);
    expect(answers[lost]?.body).toEqual({ success: false, code: 'TOURNAMENT_FULL', message: `This tournament is full. ${REFUND_NOTE}` });
    expect((await tournamentDetail(harness.url, cup.tournamentId)).currentParticipants).toBe(4);
    expect(await paymentStatus(terms[lost]?.paymentId ?? '')).toBe('refunded');
    const loser = racers[lost] as MoneyPlayer;
    const back = (await chain.balance(loser.address)) - (before[lost] ?? 0n);
    expect(back < 0n && back > -FEES_AT_MOST).toBe(true);
    // Asking again changes nothing: still refused, still one refund.
    expect(await joinPaid(harness.url, loser, cup.tournamentId, { paymentId: terms[lost]?.paymentId ?? '', signature: signatures[lost] ?? '' })).toEqual({
      status: 409,
      body: { success: false, code: 'PAYMENT_REFUNDING', message: REFUND_NOTE },
    });
    expect(await chain.balance(loser.address)).toBe((before[lost] ?? 0n) + back);
    for (const racer of racers) racer.client.close();
  });

  it('takes one seat for many identical joins with one payment', async () => {
    const dave = await player();
    const cup = await paidCup();
    const terms = await entryTerms(harness.url, dave, cup.tournamentId);
    const signature = await payEntry(chain, dave, terms);
    const answers = await Promise.all(Array.from({ length: 8 }, () => joinPaid(harness.url, dave, cup.tournamentId, { paymentId: terms.paymentId, signature })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect((await tournamentDetail(harness.url, cup.tournamentId)).currentParticipants).toBe(1);
    dave.client.close();
  });

  it('refunds every entry of a tournament cancelled for want of players', async () => {
    const erin = await player();
    const cup = await paidCup({ name: 'Lonely Cup' });
    const before = await chain.balance(erin.address);
    const { terms, joined } = await buySeat(harness, chain, erin, cup.tournamentId);
    expect(joined.status).toBe(200);
    clock.advance(HOUR);
    await harness.modules.tournaments.tick();
    expect((await tournamentDetail(harness.url, cup.tournamentId)).status).toBe('cancelled');
    await expect.poll(() => paymentStatus(terms.paymentId), { timeout: 45_000 }).toBe('refunded');
    await expect.poll(() => paymentStatus(terms.paymentId), { timeout: 45_000 }).toBe('refunded');
    const back = (await chain.balance(erin.address)) - before;
    expect(back < 0n && back > -FEES_AT_MOST).toBe(true);
    erin.client.close();
  });
});
