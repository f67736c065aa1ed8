// Refunds and a treasury that cannot pay, on the local chain (docs/security.md 8, 16, 17; 27 after
// each test): a cancelled paid waiting game, a payment that lands after its request expired, a
// stake bound to a game that went to others or never used, a treasury short of funds, an RPC down.
import { randomUUID } from 'node:crypto';
import { getBase58Decoder, lamports } from '@solana/kit';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payoutLamports, toLamports } from '@duel-dojo/rules';
import { createSolanaChain } from '../../adapters/chain/solana-chain';
import type { AppError } from '../../errors';
import { httpStatus } from '../../http/error-status';
import { createLedgerStore } from '../../adapters/db/ledger-store';
import { games, ledger, payments } from '../../adapters/db/schema';
import { testDatabases } from '../../test-support';
import { type TestChain, startTestChain, transferWithReferences } from '../../test-support/chain';
import { type MoneyHarness, type MoneyPlayer, expectBalanced, moneyPlayer, payStake, seedPaidGame, silentLog, startMoneyServer } from '../../test-support/money';
import { type Database, GHOST, READS_RIGHT, READS_WRONG, playToEnd, recorded } from '../../test-support/game-server';
import { shiftedClock } from '../../test-support/shifted-clock';
import { createLedger, payoutKey } from './index';

/** A payment request's life: ample for a transfer on a busy machine, and the clock passes it within the chain's tolerated skew. */
const TTL_MS = 30_000;

describe.each(testDatabases())('refunds on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  let alice: MoneyPlayer;
  let bob: MoneyPlayer;
  let carol: MoneyPlayer;
  // Expiry is reached by moving the server's clock; unused stakes go back as soon as it passes.
  const clock = shiftedClock();

  beforeAll(async () => {
    chain = await startTestChain();
    database = await target.open();
    harness = await startMoneyServer(database, chain, { money: { ttlMs: TTL_MS, unusedStakeGraceMs: 0 }, compose: { now: clock.now } });
    alice = await moneyPlayer(harness, chain, 'alice_refunds');
    bob = await moneyPlayer(harness, chain, 'bob_refunds');
    carol = await moneyPlayer(harness, chain, 'carol_refunds');
  });
  afterAll(async () => {
    alice?.client.close();
    bob?.client.close();
    carol?.client.close();
    await harness?.stop();
    await database?.close();
    await chain?.stop();
  });
  afterEach(async () => {
    clock.reset();
    await expectBalanced(harness.ledger);
  });

  it('cancelling a paid waiting game refunds the stake and answers the refund signature', async () => {
    const paid = await payStake(chain, alice, '10$');
    alice.client.emit('joinGame', { selectedCharacter: GHOST, betAmount: '10$', walletAddress: alice.address, verified: true, paymentId: paid.info.paymentId, signature: paid.signature });
    const waiting = await alice.client.next('gameState', (s) => s.phase === 'waiting');
    const before = await chain.balance(alice.address);
    alice.client.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: alice.address });
    const cancelled = await alice.client.next('cancelGameResult', () => true, 45_000);
    expect(cancelled).toMatchObject({ success: true, transactionSignature: expect.any(String) });
    expect((await chain.balance(alice.address)) - before).toBe(BigInt(paid.info.lamports));
    const [row] = await database.db.select().from(games).where(eq(games.sessionId, waiting.sessionId));
    expect(row?.payoutState).toBe('refunded');
  });

  for (const order of ['cancel sent first', 'join sent first'] as const) {
    it(`SECURITY 13: cancel racing join (${order}) has one outcome: refunded and never started, or started and never refunded`, async () => {
      const [mine, theirs] = [await payStake(chain, alice, '10$'), await payStake(chain, bob, '10$')];
      const join = (player: MoneyPlayer, paid: typeof mine) =>
        player.client.emit('joinGame', { selectedCharacter: GHOST, betAmount: '10$', walletAddress: player.address, verified: true, paymentId: paid.info.paymentId, signature: paid.signature });
      join(alice, mine);
      const waiting = await alice.client.next('gameState', (s) => s.phase === 'waiting');
      const cancel = () => alice.client.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: alice.address });
      if (order === 'cancel sent first') {
        cancel();
        join(bob, theirs);
      } else {
        join(bob, theirs);
        cancel();
      }
      const cancelled = await alice.client.next('cancelGameResult', () => true, 45_000);
      await harness.ledger.recover();
      const [row] = await database.db.select().from(games).where(eq(games.sessionId, waiting.sessionId));
      if (cancelled.success) {
        expect(row).toMatchObject({ payoutState: 'refunded', player2Wallet: null });
        // Bob's stake waits in a game of his own; cancelling it gives it back.
        const his = await bob.client.next('gameState', (s) => s.phase === 'waiting' && s.sessionId !== waiting.sessionId);
        bob.client.emit('cancelGame', { sessionId: his.sessionId, walletAddress: bob.address });
        expect(await bob.client.next('cancelGameResult', () => true, 45_000)).toMatchObject({ success: true, transactionSignature: expect.any(String) });
      } else {
        expect(row).toMatchObject({ payoutState: 'none', player2Wallet: bob.address });
        expect(await database.db.select().from(ledger).where(eq(ledger.gameId, row?.id as string))).toEqual([]);
        await playToEnd(alice.client, bob.client, READS_RIGHT, READS_WRONG);
        // The claim reads the record, written behind the game over (docs/game-events.md).
        await recorded(database, waiting.sessionId);
        await harness.ledger.claimReward({ sessionId: waiting.sessionId, wallet: alice.address });
      }
      const [again] = await database.db.select().from(games).where(eq(games.sessionId, waiting.sessionId));
      expect(['refunded', 'paid']).toContain(again?.payoutState);
    });
  }

  it('SECURITY 8: a payment landing after its request expired is recorded and refunded, never kept', async () => {
    // The chain stamps the transfer with its own (real) time, so the request is what moves: issued
    // two lives ago, it expired before the transfer was even signed.
    clock.advance(-2 * TTL_MS);
    alice.client.emit('requestBetInfo', { betAmount: '5$' });
    const info = await alice.client.next('betInfo');
    clock.reset();
    expect(info.expiresAt).toBeLessThan(Date.now() - TTL_MS / 2);
    const signature = await chain.send(alice.signer, [transferWithReferences(alice.signer, info.recipientWallet, BigInt(info.lamports), [info.reference])]);
    const before = await chain.balance(alice.address);
    alice.client.emit('verifyPayment', { paymentId: info.paymentId, signature });
    const answer = await alice.client.next('paymentVerified', (a) => a.paymentId === info.paymentId, 45_000);
    expect(answer).toMatchObject({ success: false, code: 'PAYMENT_EXPIRED', message: expect.stringContaining('refunded') });
    expect((await chain.balance(alice.address)) - before).toBe(BigInt(info.lamports));
    const [row] = await database.db.select().from(payments).where(eq(payments.id, info.paymentId));
    expect(row).toMatchObject({ status: 'refunded', signature });
  });

  it('SECURITY 8: a stake bound to a game that filled with others, and a stake never used, are refunded by the sweep', async () => {
    const stray = await payStake(chain, alice, '5$');
    const unused = await payStake(chain, bob, '5$');
    // The game Alice's stake was taken for started with two other players (she lost the race).
    const sessionId = `filled-${randomUUID()}`;
    expect(await harness.payments.takeVerifiedStake({ paymentId: stray.info.paymentId, walletAddress: alice.address, betAmount: '5$', sessionId })).toEqual({ stakeLamports: BigInt(stray.info.lamports) });
    await database.db.insert(games).values({ sessionId, player1Wallet: 'OtherOne111111111111111111111111111111111111', player2Wallet: 'OtherTwo111111111111111111111111111111111111', player1Character: 1, player2Character: 2, betAmount: '5$', stakeLamports: toLamports(stray.info.lamports) });
    // Past both requests' expiry: the stake never used is due back now (no grace here).
    clock.passAt(Math.max(stray.info.expiresAt, unused.info.expiresAt));
    const before = [await chain.balance(alice.address), await chain.balance(bob.address)];
    await harness.ledger.recover();
    expect((await chain.balance(alice.address)) - before[0]!).toBe(BigInt(stray.info.lamports));
    expect((await chain.balance(bob.address)) - before[1]!).toBe(BigInt(unused.info.lamports));
    // Refunded means gone: the stake can no longer buy a seat.
    await expect(harness.payments.takeVerifiedStake({ paymentId: unused.info.paymentId, walletAddress: bob.address, betAmount: '5$', sessionId: 'later' })).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
  });

  it('a stake marked for refund while it holds a seat in a won game is left for an operator: neither given back nor paid out', async () => {
    const game = await seedPaidGame(harness, chain, database, [alice, bob], { winner: 'player1', payoutState: 'due' });
    const bobsStake = game.paymentIds[1] as string;
    await database.db.update(payments).set({ status: 'refund_due' }).where(eq(payments.id, bobsStake));
    const before = await chain.balance(bob.address);
    await harness.ledger.recover();
    await harness.ledger.recover();
    expect(await chain.balance(bob.address)).toBe(before);
    expect(await database.db.select().from(ledger).where(eq(ledger.idempotencyKey, `refund:${bobsStake}`))).toEqual([]);
    // Nor is the pot paid while one of its stakes is not on the books as verified: neither moves.
    const aliceBefore = await chain.balance(alice.address);
    await expect(harness.ledger.claimReward({ sessionId: game.sessionId, wallet: alice.address })).rejects.toMatchObject({ code: 'NO_REWARD' });
    expect(await chain.balance(alice.address)).toBe(aliceBefore);
  });

  for (const order of ['claim first', 'sweep first'] as const) {
    it(`SECURITY 8: a won game with a third stake bound to it (a join that lost the seat to a kill) pays its winner once and gives the third stake back once, apart (${order})`, async () => {
      // Alice beat Bob; Carol's join had bound her stake to the same game, then the process died
      // before she took the seat, which Bob took after the restart (the chaos run of docs/security.md 28).
      const game = await seedPaidGame(harness, chain, database, [alice, bob], { winner: 'player1', payoutState: 'due' });
      const stray = await payStake(chain, carol, '5$');
      await harness.payments.takeVerifiedStake({ paymentId: stray.info.paymentId, walletAddress: carol.address, betAmount: '5$', sessionId: game.sessionId });
      const before = [await chain.balance(alice.address), await chain.balance(bob.address), await chain.balance(carol.address)];
      const claim = () => harness.ledger.claimReward({ sessionId: game.sessionId, wallet: alice.address });
      if (order === 'claim first') {
        await claim();
        await harness.ledger.recover();
      } else {
        await harness.ledger.recover();
        await claim();
      }
      // Again, as a restart would: nothing moves twice.
      await harness.ledger.recover();
      const payout = payoutLamports(game.stake, game.stake);
      const [first, again] = [await claim(), await claim()];
      expect(again).toEqual(first);
      expect(first.amount).toBe(payout);
      expect((await chain.balance(alice.address)) - before[0]!).toBe(payout);
      expect((await chain.balance(bob.address)) - before[1]!).toBe(0n);
      expect((await chain.balance(carol.address)) - before[2]!).toBe(BigInt(stray.info.lamports));
      const out = await database.db.select().from(ledger).where(inArray(ledger.kind, ['payout', 'refund']));
      const mine = out.filter((row) => row.gameId === game.gameId || [...game.paymentIds, stray.info.paymentId].includes(row.paymentId ?? ''));
      expect(mine.map((row) => [row.kind, row.wallet, row.gameId, row.paymentId, row.status]).sort()).toEqual(
        [
          ['payout', alice.address, game.gameId, null, 'confirmed'],
          // A lone payment's refund, naming no game: not the won game's money.
          ['refund', carol.address, null, stray.info.paymentId, 'confirmed'],
        ].sort(),
      );
      const [row] = await database.db.select().from(games).where(eq(games.sessionId, game.sessionId));
      expect(row?.payoutState).toBe('paid');
      await expect(harness.ledger.refundGame(game.sessionId)).rejects.toMatchObject({ message: expect.stringContaining('no refund due') });
    });
  }

  it('a game marked refund_due with nothing on the books is closed, not retried forever', async () => {
    const sessionId = `empty-${randomUUID()}`;
    await database.db.insert(games).values({ sessionId, player1Wallet: alice.address, player1Character: 4, betAmount: '5$', endedAt: new Date(), payoutState: 'refund_due' });
    await harness.ledger.recover();
    const [row] = await database.db.select().from(games).where(eq(games.sessionId, sessionId));
    expect(row?.payoutState).toBe('refunded');
  });

  it('SECURITY 16: the treasury short of funds leaves the claim pending and retryable; nothing is recorded as paid', async () => {
    // Two stakes far larger than the treasury holds, on the books but not yet on chain.
    const stake = toLamports(5_000n * 1_000_000_000n);
    const sessionId = `short-${randomUUID()}`;
    for (const player of [alice, bob]) {
      const [payment] = await database.db
        .insert(payments)
        .values({ kind: 'stake', wallet: player.address, expectedLamports: stake, reference: getBase58Decoder().decode(new Uint8Array(32).fill(player === alice ? 1 : 2)), status: 'verified', expiresAt: new Date(Date.now() + 60_000), gameSessionId: sessionId })
        .returning({ id: payments.id });
      await database.db.insert(ledger).values({ kind: 'stake_in', amount: stake, wallet: player.address, paymentId: payment?.id, status: 'confirmed', idempotencyKey: `stake_in:${payment?.id}` });
    }
    const [game] = await database.db
      .insert(games)
      .values({ sessionId, player1Wallet: alice.address, player2Wallet: bob.address, player1Character: 4, player2Character: 4, betAmount: '5$', stakeLamports: stake, winner: alice.address, gameOver: true, endedAt: new Date(), payoutState: 'due' })
      .returning({ id: games.id });
    const before = await chain.balance(alice.address);
    const pending = await harness.ledger.claimReward({ sessionId, wallet: alice.address }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(pending).toMatchObject({ code: 'PAYOUT_PENDING' });
    expect(httpStatus(pending as AppError)).toBe(503);
    const row = await createLedgerStore(database.db).findByKey(payoutKey(game?.id as string));
    expect(row?.status).toBe('pending');
    expect((await harness.ledger.summary()).unsettled).toBe(1);
    expect(await chain.balance(alice.address)).toBe(before);

    // The stakes arrive (each stake_in row gets its transaction); the same claim now pays, once,
    // with the transaction that was written first.
    const rpc = chain.rpc as unknown as { requestAirdrop: (a: string, l: bigint) => { send(): Promise<string> } };
    for (const player of [alice, bob]) {
      const arrived = await rpc.requestAirdrop(chain.treasury.address, lamports(stake)).send();
      await chain.waitConfirmed(arrived);
      const [payment] = await database.db.select({ id: payments.id }).from(payments).where(and(eq(payments.gameSessionId, sessionId), eq(payments.wallet, player.address)));
      await database.db.update(ledger).set({ signature: arrived }).where(eq(ledger.idempotencyKey, `stake_in:${payment?.id}`));
    }
    const paid = await harness.ledger.claimReward({ sessionId, wallet: alice.address });
    expect(paid.transactionSignature).toBe(row?.signature);
    expect((await chain.balance(alice.address)) - before).toBe((2n * stake * 97n) / 100n);
  });

  it('SECURITY 16: with the RPC down a claim is pending and retryable, and nothing is written as paid', async () => {
    const game = await seedPaidGame(harness, chain, database, [alice, bob], { winner: 'player2', payoutState: 'due' });
    const dead = createSolanaChain({ rpcUrl: 'http://127.0.0.1:9', wsUrl: 'ws://127.0.0.1:9', treasury: chain.treasury });
    const offline = createLedger({ store: createLedgerStore(database.db), chain: dead, log: silentLog, waitMs: 5_000 });
    await expect(offline.claimReward({ sessionId: game.sessionId, wallet: bob.address })).rejects.toMatchObject({ code: 'PAYOUT_PENDING' });
    dead.close();
    expect(await createLedgerStore(database.db).findByKey(payoutKey(game.gameId))).toBeNull();
    expect(await harness.ledger.claimReward({ sessionId: game.sessionId, wallet: bob.address })).toMatchObject({ transactionSignature: expect.any(String) });
  });
});
