// docs/security.md 26 on the local chain with real signed transfers: the client never decides. A
// join that says `verified: true` is checked against the server's own books (an unpaid request,
// a made-up id, another player's payment, another tier's all seat no one), and a
// `paymentVerified` push the client still holds buys nothing once the server's books say the
// payment was used. The ledger matches the chain after each test (docs/security.md 27).
import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games } from '../adapters/db/schema';
import { testDatabases } from '../test-support';
import { type TestChain } from '../test-support/chain';
import { type MoneyHarness, type MoneyPlayer, moneyPlayer, payStake } from '../test-support/money';
import { useMoneySuite } from '../test-support/money-suite';
import { type Database, GHOST } from '../test-support/game-server';

/** A join that claims a verified payment, as a lying or confused client would send it. */
function paidJoin(player: MoneyPlayer, paymentId: string, betAmount = '5$'): void {
  player.client.emit('joinGame', { selectedCharacter: GHOST, betAmount, walletAddress: player.address, verified: true, paymentId });
}

describe.each(testDatabases())('the client never decides on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  useMoneySuite(target, (suite) => ({ chain, database, harness } = suite));

  const gamesOf = (player: MoneyPlayer) => database.db.select().from(games).where(or(eq(games.player1Wallet, player.address), eq(games.player2Wallet, player.address)));

  it("SECURITY 26: a join that says it paid seats no one unless the server's books agree: unpaid, made up, someone else's, another tier's", async () => {
    const ada = await moneyPlayer(harness, chain, 'ada26');
    const bea = await moneyPlayer(harness, chain, 'bea26');
    try {
      // A request Ada never paid, and an id nobody issued.
      ada.client.emit('requestBetInfo', { betAmount: '5$' });
      const unpaid = await ada.client.next('betInfo');
      for (const paymentId of [unpaid.paymentId, 'made-up-payment-id']) {
        paidJoin(ada, paymentId);
        expect(await ada.client.next('error')).toMatchObject({ event: 'joinGame', code: 'PAYMENT_INVALID' });
      }
      // Bea's payment, verified on chain: Ada naming it gets nothing, and Bea keeps it.
      const beas = await payStake(chain, bea, '5$');
      expect(beas.answer).toMatchObject({ success: true });
      paidJoin(ada, beas.info.paymentId);
      expect(await ada.client.next('error')).toMatchObject({ event: 'joinGame', code: 'PAYMENT_INVALID' });
      // Ada's own 5$ payment does not buy a 10$ seat.
      const adas = await payStake(chain, ada, '5$');
      expect(adas.answer).toMatchObject({ success: true });
      paidJoin(ada, adas.info.paymentId, '10$');
      expect(await ada.client.next('error')).toMatchObject({ event: 'joinGame', code: 'PAYMENT_INVALID' });
      expect(ada.client.all('gameState')).toEqual([]);
      expect(await gamesOf(ada)).toEqual([]);

      // What the books say is paid does seat its payers: Bea, then Ada, each on their own.
      paidJoin(bea, beas.info.paymentId);
      const waiting = await bea.client.next('gameState');
      expect(waiting).toMatchObject({ phase: 'waiting', betAmount: '5$', stakeLamports: beas.info.lamports });
      bea.client.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: bea.address });
      expect(await bea.client.next('cancelGameResult', () => true, 20_000)).toMatchObject({ success: true, transactionSignature: expect.any(String) });
      paidJoin(ada, adas.info.paymentId);
      const adaWaiting = await ada.client.next('gameState');
      expect(adaWaiting).toMatchObject({ phase: 'waiting', player1Wallet: ada.address });
      ada.client.emit('cancelGame', { sessionId: adaWaiting.sessionId, walletAddress: ada.address });
      expect(await ada.client.next('cancelGameResult', () => true, 20_000)).toMatchObject({ success: true });
    } finally {
      ada.client.close();
      bea.client.close();
    }
  });

  it('SECURITY 26: a paymentVerified push is a hint: once the books say the stake was used and refunded, it buys no seat', async () => {
    const cid = await moneyPlayer(harness, chain, 'cid26');
    try {
      const paid = await payStake(chain, cid, '5$');
      expect(paid.answer).toMatchObject({ success: true, paymentId: paid.info.paymentId });
      paidJoin(cid, paid.info.paymentId);
      const waiting = await cid.client.next('gameState');
      cid.client.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: cid.address });
      expect(await cid.client.next('cancelGameResult', () => true, 20_000)).toMatchObject({ success: true, transactionSignature: expect.any(String) });
      await cid.client.next('gameState', (state) => state.phase === 'cancelled');

      // The client still holds "verified" for this payment; the server reads its books again.
      paidJoin(cid, paid.info.paymentId);
      expect(await cid.client.next('error')).toMatchObject({ event: 'joinGame', code: 'PAYMENT_INVALID' });
      // Asking again to verify it does not make it new either.
      cid.client.emit('verifyPayment', { paymentId: paid.info.paymentId, signature: paid.signature });
      const again = await cid.client.next('paymentVerified', (answer) => answer.paymentId === paid.info.paymentId);
      paidJoin(cid, paid.info.paymentId);
      expect(await cid.client.next('error')).toMatchObject({ event: 'joinGame', code: 'PAYMENT_INVALID' });
      expect(again.paymentId).toBe(paid.info.paymentId);
      expect(cid.client.all('gameState').filter((state) => state.phase === 'waiting')).toHaveLength(1);
      expect(await gamesOf(cid)).toHaveLength(1);
    } finally {
      cid.client.close();
    }
  });
});
