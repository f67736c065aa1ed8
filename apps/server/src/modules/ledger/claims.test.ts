// Claims on the local chain with real transfers (docs/security.md 12, 13, 14, 17; 27 after each test):
// a paid game played end to end over Socket.IO, then the ways a claim must not pay twice.
import { payoutLamports, toLamports } from '@duel-dojo/rules';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { games } from '../../adapters/db/schema';
import { testDatabases } from '../../test-support';
import type { TestChain } from '../../test-support/chain';
import { type MoneyHarness, type MoneyPlayer, expectTreasuryFeesOnlyForLedger, moneyPlayer, payStake, seedPaidGame } from '../../test-support/money';
import { useMoneyPlayers } from '../../test-support/money-suite';
import { type Database, GHOST, READS_RIGHT, READS_WRONG, connect, playToEnd } from '../../test-support/game-server';
import { winnerWallet } from './claims';

describe.each(testDatabases())('claims on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  let alice: MoneyPlayer;
  let bob: MoneyPlayer;

  useMoneyPlayers(target, { alice: 'alice_claims', bob: 'bob_claims' }, (suite) => ({ chain, database, harness, players: { alice, bob } } = suite));

  const claim = (player: MoneyPlayer, sessionId: string) => {
    player.client.emit('claimReward', { sessionId, walletAddress: player.address });
    return player.client.next('claimRewardResult', (r) => r.sessionId === sessionId, 45_000);
  };

  it('a paid game end to end: both stakes in, the winner claims the payout, the books match', async () => {
    const stakes = [await payStake(chain, alice), await payStake(chain, bob)];
    expect(stakes.map((s) => s.answer.success)).toEqual([true, true]);
    alice.client.emit('joinGame', { selectedCharacter: GHOST, betAmount: '5$', walletAddress: alice.address, verified: true, paymentId: stakes[0]?.info.paymentId, signature: stakes[0]?.signature });
    await alice.client.next('gameState', (s) => s.phase === 'waiting');
    bob.client.emit('joinGame', { selectedCharacter: GHOST, betAmount: '5$', walletAddress: bob.address, verified: true, paymentId: stakes[1]?.info.paymentId, signature: stakes[1]?.signature });
    const ends = await playToEnd(alice.client, bob.client, READS_RIGHT, READS_WRONG);
    const last = ends[ends.length - 1];
    expect(last?.winner).toBe('player1');
    const sessionId = last?.sessionId as string;

    const stake = toLamports(stakes[0]?.info.lamports ?? '0');
    const before = await chain.balance(alice.address);
    const result = await claim(alice, sessionId);
    expect(result).toMatchObject({ success: true, amount: payoutLamports(stake, stake).toString() });
    expect((await chain.balance(alice.address)) - before).toBe(payoutLamports(stake, stake));
    const [row] = await database.db.select().from(games).where(eq(games.sessionId, sessionId));
    expect(row).toMatchObject({ payoutState: 'paid', rewardClaimed: true });
    // SECURITY 5: our own payout offered as a payment is refused (the treasury's balance went down).
    alice.client.emit('requestBetInfo', { betAmount: '5$' });
    const info = await alice.client.next('betInfo');
    alice.client.emit('verifyPayment', { paymentId: info.paymentId, signature: result.transactionSignature as string });
    expect(await alice.client.next('paymentVerified', (a) => a.paymentId === info.paymentId)).toMatchObject({ success: false, code: 'PAYMENT_INVALID' });
  });

  it('SECURITY 12: claims in parallel, over two sockets and after a reconnect, make one transfer with one signature', async () => {
    const game = await seedPaidGame(harness, chain, database, [alice, bob], { winner: 'player2', payoutState: 'due' });
    const second = await connect(harness.url, bob.token);
    const before = await chain.balance(bob.address);
    const answers = await Promise.all([
      claim(bob, game.sessionId),
      (async () => {
        second.emit('claimReward', { sessionId: game.sessionId, walletAddress: bob.address });
        return second.next('claimRewardResult', () => true, 45_000);
      })(),
      harness.ledger.claimReward({ sessionId: game.sessionId, wallet: bob.address }).then((a) => ({ transactionSignature: a.transactionSignature })),
    ]);
    second.close();
    const reconnected = await connect(harness.url, bob.token);
    reconnected.emit('claimReward', { sessionId: game.sessionId, walletAddress: bob.address });
    const later = await reconnected.next('claimRewardResult');
    reconnected.close();
    const signatures = new Set([...answers, later].map((a) => a.transactionSignature));
    expect(signatures.size).toBe(1);
    expect([...signatures][0]).toEqual(expect.any(String));
    expect((await chain.balance(bob.address)) - before).toBe(payoutLamports(game.stake, game.stake));
  });

  it('SECURITY 12: the loser, a stranger and a claim before the game ended are refused', async () => {
    const game = await seedPaidGame(harness, chain, database, [alice, bob], { winner: 'player1', payoutState: 'due' });
    expect(await claim(bob, game.sessionId)).toMatchObject({ success: false, code: 'NOT_THE_WINNER', transactionSignature: null });
    const stranger = await moneyPlayer(harness, chain, 'stranger_claims', 0n);
    expect(await claim(stranger, game.sessionId)).toMatchObject({ success: false, code: 'NOT_THE_WINNER' });
    stranger.client.close();
    const running = await seedPaidGame(harness, chain, database, [alice, bob], { winner: null, payoutState: 'none' });
    expect(await claim(alice, running.sessionId)).toMatchObject({ success: false, code: 'GAME_NOT_OVER' });
    expect(await claim(alice, 'no-such-game')).toMatchObject({ success: false, code: 'NO_ACTIVE_GAME' });
    // The winner's claim still pays (and the running game's stakes stay where they are).
    expect(await claim(alice, game.sessionId)).toMatchObject({ success: true });
  });

  it('a claim raced 20 times concurrently makes one transfer and gives 20 identical answers', async () => {
    const game = await seedPaidGame(harness, chain, database, [alice, bob], { winner: 'player1', payoutState: 'due' });
    const before = await chain.balance(alice.address);
    const answers = await Promise.all(Array.from({ length: 20 }, () => harness.ledger.claimReward({ sessionId: game.sessionId, wallet: alice.address })));
    expect(new Set(answers.map((a) => `${a.transactionSignature}:${a.amount}`)).size).toBe(1);
    expect((await chain.balance(alice.address)) - before).toBe(payoutLamports(game.stake, game.stake));
    const signatures = await harness.chain.treasurySignatures();
    expect(signatures.filter((s) => s === answers[0]?.transactionSignature)).toHaveLength(1);
  });

  it('SECURITY 13: a claim racing a refund has one outcome; a game is never both refunded and paid', async () => {
    const decided = await seedPaidGame(harness, chain, database, [alice, bob], { winner: 'player1', payoutState: 'due' });
    const [claimed, refunded] = await Promise.allSettled([harness.ledger.claimReward({ sessionId: decided.sessionId, wallet: alice.address }), harness.ledger.refundGame(decided.sessionId)]);
    expect(claimed.status).toBe('fulfilled');
    expect(refunded.status).toBe('rejected');
    // Even if the game's state were flipped afterwards, the database refuses a refund of a paid game.
    await database.db.update(games).set({ payoutState: 'refund_due' }).where(eq(games.id, decided.gameId));
    await expect(harness.ledger.refundGame(decided.sessionId)).rejects.toThrow(/paid/);
    await database.db.update(games).set({ payoutState: 'paid' }).where(eq(games.id, decided.gameId));

    const drawn = await seedPaidGame(harness, chain, database, [alice, bob], { winner: 'draw', payoutState: 'refund_due' });
    const [claimDraw] = await Promise.allSettled([claim(alice, drawn.sessionId), harness.ledger.recover()]);
    expect(claimDraw.status === 'fulfilled' && claimDraw.value).toMatchObject({ success: false, code: 'NO_REWARD' });
    const [row] = await database.db.select().from(games).where(eq(games.id, drawn.gameId));
    expect(row?.payoutState).toBe('refunded');
  });

  it('a draw refunds both stakes to the wallets that paid them (SECURITY 17)', async () => {
    const drawn = await seedPaidGame(harness, chain, database, [alice, bob], { winner: 'draw', payoutState: 'refund_due' });
    const before = [await chain.balance(alice.address), await chain.balance(bob.address)];
    await harness.ledger.recover();
    const after = [await chain.balance(alice.address), await chain.balance(bob.address)];
    expect(after[0]! - before[0]!).toBe(drawn.stake);
    expect(after[1]! - before[1]!).toBe(drawn.stake);
    await expectTreasuryFeesOnlyForLedger(harness);
  });

  it('SECURITY 17: the claim names only the game; a wallet in the message that is not the socket’s is refused', async () => {
    const game = await seedPaidGame(harness, chain, database, [alice, bob], { winner: 'player1', payoutState: 'due' });
    alice.client.emit('claimReward', { sessionId: game.sessionId, walletAddress: bob.address });
    expect(await alice.client.next('claimRewardResult', (r) => r.sessionId === game.sessionId)).toMatchObject({ success: false, code: 'WALLET_MISMATCH' });
    const paid = await claim(alice, game.sessionId);
    const landed = await harness.chain.fetchTransfer(paid.transactionSignature as string);
    expect(landed?.systemTransfers).toEqual([{ source: chain.treasury.address, destination: alice.address, lamports: BigInt(paid.amount as string) }]);
  });

  it('SECURITY 14: the payout is floor((stake1 + stake2) x 97 / 100) in integers, never more than the pot', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 62n }), fc.bigInt({ min: 0n, max: 2n ** 62n }), (s1, s2) => {
        const paid = payoutLamports(toLamports(s1), toLamports(s2));
        expect(paid).toBe(((s1 + s2) * 97n) / 100n);
        expect(paid <= s1 + s2).toBe(true);
        expect((s1 + s2) * 97n - paid * 100n).toBeGreaterThanOrEqual(0n);
        expect((s1 + s2) * 97n - paid * 100n).toBeLessThan(100n);
      }),
      { numRuns: 100 },
    );
    expect(winnerWallet({ winner: 'player2', player1Wallet: 'A', player2Wallet: 'B' })).toBe('B');
    expect(winnerWallet({ winner: 'C', player1Wallet: 'A', player2Wallet: 'B' })).toBeNull();
    expect(winnerWallet({ winner: 'draw', player1Wallet: 'A', player2Wallet: 'B' })).toBeNull();
  });
});
