// GET /api/user/{wallet}/money on the real server, the local chain and real databases: every
// movement the product made for the wallet, as the ledger wrote it, for its own token only; and
// the battle history's money fields (what was staked, what came back).
import type { GameRecord, MoneyMovement, WalletMoneyAnswer } from '@duel-dojo/protocol';
import { payoutLamports, toLamports } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { type Database, GHOST, READS_RIGHT, READS_WRONG, playToEnd } from '../test-support/game-server';
import { getJson, testDatabases } from '../test-support';
import { type TestChain, transferWithReferences } from '../test-support/chain';
import { type MoneyHarness, type MoneyPlayer, moneyPlayer, payStake, seedPaidGame } from '../test-support/money';
import { useMoneySuite } from '../test-support/money-suite';

const money = (harness: MoneyHarness, player: MoneyPlayer, query = '', wallet = player.address) =>
  getJson<WalletMoneyAnswer & { code?: string; message?: string }>(`${harness.url}/api/user/${wallet}/money${query}`, { authorization: `Bearer ${player.token}` });

const history = async (harness: MoneyHarness, wallet: string) => (await getJson<{ games: GameRecord[]; total: number }>(`${harness.url}/api/games?wallet=${wallet}`)).body;

const brief = (movement: MoneyMovement) => [movement.kind, movement.direction, movement.lamports, movement.status, movement.reason];

describe.each(testDatabases())('a wallet money page on $kind', (target) => {
  let chain: TestChain;
  let harness: MoneyHarness;
  let database: Database;
  useMoneySuite(target, (suite) => ({ chain, harness, database } = suite));

  const join = (player: MoneyPlayer, paid: { info: { paymentId: string }; signature: string }) =>
    player.client.emit('joinGame', { selectedCharacter: GHOST, betAmount: '5$', walletAddress: player.address, verified: true, paymentId: paid.info.paymentId, signature: paid.signature });

  it('shows a staked game paid, won and claimed: each stake, the payout, their signatures and the totals; only to its wallet', async () => {
    const [ann, ben] = [await moneyPlayer(harness, chain, 'ann_money'), await moneyPlayer(harness, chain, 'ben_money')];
    const [annStake, benStake] = [await payStake(chain, ann), await payStake(chain, ben)];
    join(ann, annStake);
    const waiting = await ann.client.next('gameState', (s) => s.phase === 'waiting');
    join(ben, benStake);
    await playToEnd(ann.client, ben.client, READS_RIGHT, READS_WRONG);
    ann.client.emit('claimReward', { sessionId: waiting.sessionId, walletAddress: ann.address });
    const claimed = await ann.client.next('claimRewardResult', () => true, 45_000);
    expect(claimed).toMatchObject({ success: true });

    const stake = toLamports(annStake.info.lamports);
    const payout = payoutLamports(stake, stake);
    const page = await money(harness, ann);
    expect(page.status).toBe(200);
    expect(page.body.movements.map(brief)).toEqual([
      ['payout', 'in', payout.toString(), 'confirmed', null],
      ['stakePaid', 'out', stake.toString(), 'confirmed', null],
    ]);
    expect(page.body.movements.map((m) => [m.transactionSignature, m.sessionId])).toEqual([
      [claimed.transactionSignature, waiting.sessionId],
      [annStake.signature, waiting.sessionId],
    ]);
    expect(page.body.totals).toEqual({ inLamports: payout.toString(), outLamports: stake.toString(), netLamports: (payout - stake).toString() });
    expect(page.body.nextCursor).toBeNull();
    const lost = await money(harness, ben);
    expect(lost.body.movements.map(brief)).toEqual([['stakePaid', 'out', stake.toString(), 'confirmed', null]]);
    expect(lost.body.totals.netLamports).toBe((-stake).toString());

    // Page by page, newest first, and nothing twice.
    const first = await money(harness, ann, '?limit=1');
    expect(first.body.movements.map((m) => m.kind)).toEqual(['payout']);
    const second = await money(harness, ann, `?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.movements.map((m) => m.kind)).toEqual(['stakePaid']);
    expect(second.body.nextCursor).toBeNull();
    expect(second.body.totals).toEqual(page.body.totals);

    // Private: the wallet's own token only; a cursor it did not make is refused.
    expect(await money(harness, ann, '', ben.address)).toMatchObject({ status: 403, body: { success: false, code: 'WALLET_MISMATCH', message: 'Wallet address does not match the signed-in wallet' } });
    const anonymous = await getJson<{ code: string }>(`${harness.url}/api/user/${ann.address}/money`);
    expect(anonymous).toMatchObject({ status: 401, body: { success: false, code: 'UNAUTHORIZED', message: 'Authentication required' } });
    const forged = await getJson<{ code: string }>(`${harness.url}/api/user/${ann.address}/money`, { authorization: 'Bearer not-a-token' });
    expect(forged).toMatchObject({ status: 401, body: { code: 'INVALID_TOKEN' } });
    expect(await money(harness, ann, '?cursor=yesterday')).toMatchObject({ status: 400, body: { success: false, code: 'VALIDATION_FAILED', message: 'cursor: Invalid cursor' } });

    // The history says what each wallet staked; nothing came back.
    const [won] = (await history(harness, ann.address)).games;
    expect(won).toMatchObject({ sessionId: waiting.sessionId, stakePaidLamports: stake.toString(), refunded: false, cancelled: false, tournamentId: null, rewardClaimed: true });
    for (const player of [ann, ben]) player.client.close();
  });

  it('shows a cancelled wait refunded with its reason, and lists the cancelled wait in the history', async () => {
    const cid = await moneyPlayer(harness, chain, 'cid_money');
    const stake = await payStake(chain, cid);
    join(cid, stake);
    const waiting = await cid.client.next('gameState', (s) => s.phase === 'waiting');
    cid.client.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: cid.address });
    const cancelled = await cid.client.next('cancelGameResult', () => true, 45_000);
    expect(cancelled).toMatchObject({ success: true, transactionSignature: expect.any(String) });

    const page = await money(harness, cid);
    expect(page.body.movements.map(brief)).toEqual([
      ['refund', 'in', stake.info.lamports, 'confirmed', 'cancelledWait'],
      ['stakePaid', 'out', stake.info.lamports, 'confirmed', null],
    ]);
    expect(page.body.movements[0]).toMatchObject({ transactionSignature: cancelled.transactionSignature, sessionId: waiting.sessionId });
    expect(page.body.totals.netLamports).toBe('0');

    const games = await history(harness, cid.address);
    expect(games.total).toBe(1);
    expect(games.games[0]).toMatchObject({ sessionId: waiting.sessionId, cancelled: true, refunded: true, gameOver: false, opponentCharacter: null, stakePaidLamports: stake.info.lamports });
    cid.client.close();
  });

  it('shows a drawn staked game refunded: pending until the sweep sends it, then confirmed; the history says refunded', async () => {
    const [dee, eli] = [await moneyPlayer(harness, chain, 'dee_money'), await moneyPlayer(harness, chain, 'eli_money')];
    const game = await seedPaidGame(harness, chain, database, [dee, eli], { winner: 'draw', payoutState: 'refund_due' });

    // Decided, not sent yet: the refund is on the page already, without a transaction.
    const due = await money(harness, dee);
    expect(due.body.movements.map(brief)[0]).toEqual(['refund', 'in', game.stake.toString(), 'pending', 'draw']);
    expect(due.body.movements[0]).toMatchObject({ id: `due-refund-${game.paymentIds[0]}`, transactionSignature: null, sessionId: game.sessionId });
    expect(due.body.totals).toMatchObject({ inLamports: '0', outLamports: game.stake.toString() });

    await harness.ledger.recover();
    const page = await money(harness, dee);
    expect(page.body.movements.map(brief)).toEqual([
      ['refund', 'in', game.stake.toString(), 'confirmed', 'draw'],
      ['stakePaid', 'out', game.stake.toString(), 'confirmed', null],
    ]);
    expect(page.body.movements[0]?.transactionSignature).toEqual(expect.any(String));
    expect(page.body.totals.netLamports).toBe('0');
    for (const player of [dee, eli]) {
      const [drawn] = (await history(harness, player.address)).games;
      expect(drawn).toMatchObject({ sessionId: game.sessionId, winner: 'draw', refunded: true, cancelled: false, stakePaidLamports: game.stake.toString() });
      player.client.close();
    }
  });

  it('shows a marketplace purchase, and an overpayment given back', async () => {
    const fay = await moneyPlayer(harness, chain, 'fay_money');
    fay.client.emit('requestMarketplacePurchase', { characterId: 12, price: '250000000', currency: 'SOL', walletAddress: fay.address });
    const info = await fay.client.next('marketplacePurchaseInfo');
    if (!info.success) throw new Error(info.message);
    const extra = 1_000n;
    const signature = await chain.send(fay.signer, [transferWithReferences(fay.signer, info.recipientWallet, BigInt(info.lamports) + extra, [info.reference])]);
    fay.client.emit('verifyMarketplacePurchase', { purchaseId: info.purchaseId, signature, characterId: 12 });
    expect(await fay.client.next('marketplacePurchaseResult', () => true, 45_000)).toMatchObject({ success: true });
    // The excess goes back beside the answer; the recovery loop would finish it.
    const givenBack = async () => {
      await harness.ledger.recover();
      return (await money(harness, fay)).body.movements.find((m) => m.kind === 'giveBack')?.status;
    };
    await expect.poll(givenBack, { timeout: 45_000 }).toBe('confirmed');

    const page = await money(harness, fay);
    const byKind = new Map(page.body.movements.map((m) => [m.kind, m]));
    expect([...byKind.keys()].sort()).toEqual(['giveBack', 'overpayment', 'purchase']);
    expect(byKind.get('purchase')).toMatchObject({ direction: 'out', lamports: '250000000', status: 'confirmed', characterId: 12, transactionSignature: signature });
    expect(byKind.get('overpayment')).toMatchObject({ direction: 'out', lamports: extra.toString(), transactionSignature: signature });
    expect(byKind.get('giveBack')).toMatchObject({ direction: 'in', lamports: extra.toString(), reason: 'overpaid', status: 'confirmed' });
    expect(page.body.totals.netLamports).toBe('-250000000');
    fay.client.close();
  });
});
