// Paid games through the ports the payments module implements (StakeVerifier, RefundRequester), here with
// stand-ins that leave the chain out (test-support/booked-stakes.ts books each stake as a bound payment row): the duels side of a staked game end to end — stakes taken per game, the
// payout state and money stats written at game over, a draw refunded, a cancel refunded.
import { encodeBase58 } from '@duel-dojo/protocol';
import { payoutLamports, toLamports } from '@duel-dojo/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../adapters/db/schema';
import type { RefundRequester } from '../modules/duels';
import { getJson, testDatabases } from '../test-support';
import { bookedStakes } from '../test-support/booked-stakes';
import { type Database, type GameHarness, type Player, FAST_TIMINGS, GHOST, READS_RIGHT, READS_WRONG, connect, playToEnd, recorded, signUp, startGameServer } from '../test-support/game-server';

const STAKE = toLamports(33_333_333n);
const REMATCH_WINDOW_MS = 1_500;
const REFUND_SIGNATURE = encodeBase58(new Uint8Array(64).fill(5));

describe.each(testDatabases())('paid games through the payment ports on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  let ivy: Player;
  let jack: Player;
  const stakes = bookedStakes(() => database, { lamports: STAKE });
  const { stakeVerifier } = stakes;
  const refunds: { sessionId: string; walletAddress: string }[] = [];
  const refundRequester: RefundRequester = {
    async refundCancelledGame(request) {
      refunds.push(request);
      return { transactionSignature: REFUND_SIGNATURE };
    },
  };

  const pay = (player: Player, betAmount = '5$'): string => stakes.pay(player.address, betAmount);
  const paidJoin = (player: Player, paymentId: string | null) => ({ selectedCharacter: GHOST, betAmount: '5$', walletAddress: player.address, verified: paymentId !== null, paymentId });

  beforeAll(async () => {
    database = await target.open();
    game = await startGameServer(database, { stakeVerifier, refundRequester, gameTimings: { ...FAST_TIMINGS, rematchWindowMs: REMATCH_WINDOW_MS } });
    [ivy, jack] = await Promise.all([signUp(game.url, 'ivy'), signUp(game.url, 'jack')]);
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });

  it('takes both stakes, and at game over marks the payout due and writes the money stats', async () => {
    const [i, j] = await Promise.all([connect(game.url, ivy.token), connect(game.url, jack.token)]);
    try {
      i.emit('joinGame', paidJoin(ivy, null));
      expect(await i.next('error')).toMatchObject({ code: 'PAYMENT_REQUIRED' });
      const jacksPayment = pay(jack);
      i.emit('joinGame', paidJoin(ivy, jacksPayment));
      expect(await i.next('error')).toMatchObject({ code: 'PAYMENT_INVALID', message: 'The transaction does not pay this request' });

      const ivysPayment = pay(ivy);
      i.emit('joinGame', paidJoin(ivy, ivysPayment));
      const waiting = await i.next('gameState');
      expect(waiting).toMatchObject({ phase: 'waiting', betAmount: '5$', stakeLamports: STAKE.toString(), canInvite: true });
      i.emit('playWithBot', { sessionId: waiting.sessionId });
      expect(await i.next('playWithBotResult')).toMatchObject({ success: false, message: 'Failed to add bot to game' });
      expect(stakes.boundTo(ivysPayment)).toBe(waiting.sessionId);

      // A free player does not meet a paid one; a used payment cannot be used again.
      j.emit('joinGame', paidJoin(jack, ivysPayment));
      expect(await j.next('error')).toMatchObject({ code: 'PAYMENT_INVALID' });
      j.emit('joinGame', paidJoin(jack, jacksPayment));
      await j.next('gameState', (s) => s.phase === 'intro' && s.sessionId === waiting.sessionId);
      expect(stakes.boundTo(jacksPayment)).toBe(waiting.sessionId);

      const ends = await playToEnd(i, j, READS_RIGHT, READS_WRONG);
      expect(ends[ends.length - 1]).toMatchObject({ winner: 'player1' });
      await i.next('gameState', (s) => s.phase === 'over');

      await recorded(database, waiting.sessionId);
      const [row] = await database.db.select().from(games).where(eq(games.sessionId, waiting.sessionId));
      expect(row).toMatchObject({ winner: ivy.address, payoutState: 'due', stakeLamports: STAKE, betAmount: '5$' });
      const payout = payoutLamports(STAKE, STAKE);
      const won = await getJson<{ user: { stats: Record<string, unknown> } }>(`${game.url}/api/user/${ivy.address}`);
      expect(won.body.user.stats).toMatchObject({ paidGamesPlayed: 1, freeGamesPlayed: 0, totalEarnings: (payout - STAKE).toString(), biggestWin: (payout - STAKE).toString(), totalLosses: '0' });
      const lost = await getJson<{ user: { stats: Record<string, unknown> } }>(`${game.url}/api/user/${jack.address}`);
      expect(lost.body.user.stats).toMatchObject({ paidGamesPlayed: 1, totalEarnings: '0', totalLosses: STAKE.toString(), biggestLoss: STAKE.toString() });
      const board = await getJson<{ leaderboard: { walletAddress: string; totalProfit: string }[] }>(`${game.url}/api/leaderboard?type=profit&limit=20`);
      expect(board.body.leaderboard.find((e) => e.walletAddress === jack.address)?.totalProfit).toBe((-STAKE).toString());
      const history = await getJson<{ games: Record<string, unknown>[] }>(`${game.url}/api/games?wallet=${ivy.address}`);
      expect(history.body.games[0]).toMatchObject({ sessionId: waiting.sessionId, payoutLamports: payout.toString(), rewardClaimed: false });
    } finally {
      i.close();
      j.close();
    }
  });

  it('gives a staked game to the opponent of a player who resigns: payout due to the winner', async () => {
    const [i, j] = await Promise.all([connect(game.url, ivy.token), connect(game.url, jack.token)]);
    try {
      i.emit('joinGame', paidJoin(ivy, pay(ivy)));
      const waiting = await i.next('gameState');
      j.emit('joinGame', paidJoin(jack, pay(jack)));
      await Promise.all([i.next('roundStart'), j.next('roundStart')]);
      i.emit('resign', { sessionId: waiting.sessionId });
      expect(await j.next('gameState', (s) => s.gameOver)).toMatchObject({ winner: 'player2', endReason: 'resigned' });
      await recorded(database, waiting.sessionId);
      const [row] = await database.db.select().from(games).where(eq(games.sessionId, waiting.sessionId));
      expect(row).toMatchObject({ winner: jack.address, payoutState: 'due', endReason: 'resigned', currentRound: 0 });
      const lost = await getJson<{ user: { stats: Record<string, unknown> } }>(`${game.url}/api/user/${ivy.address}`);
      // ivy won the first game of this file: this is her first loss.
      expect(lost.body.user.stats).toMatchObject({ totalLosses: STAKE.toString(), losses: 1 });

      // A staked rematch: each pays again; the one who asked is refunded when the other does not come.
      i.emit('requestRematch', { sessionId: waiting.sessionId, walletAddress: ivy.address });
      expect(await i.next('rematchResult')).toMatchObject({ success: false, code: 'PAYMENT_REQUIRED' });
      const again = pay(ivy);
      i.emit('requestRematch', { sessionId: waiting.sessionId, walletAddress: ivy.address, verified: true, paymentId: again });
      const asked = await i.next('rematchResult', (answer) => answer.success);
      expect(await j.next('rematchOffered')).toMatchObject({ betAmount: '5$', stakeLamports: STAKE.toString() });
      expect(stakes.boundTo(again)).toBe(asked.newSessionId);
      await i.next('gameState', (s) => s.sessionId === asked.newSessionId && s.phase === 'cancelled', REMATCH_WINDOW_MS + 3_000);
      expect(refunds).toContainEqual({ sessionId: asked.newSessionId, walletAddress: ivy.address });
    } finally {
      i.close();
      j.close();
    }
  });

  it('asks an invitee to pay first, and marks a paid draw for refund', async () => {
    const [i, j] = await Promise.all([connect(game.url, ivy.token), connect(game.url, jack.token)]);
    try {
      i.emit('joinGame', paidJoin(ivy, pay(ivy)));
      const waiting = await i.next('gameState');
      const inviteCode = waiting.inviteCode ?? '';
      j.emit('lookupInvite', { inviteCode });
      expect(await j.next('inviteInfo')).toEqual({ inviteCode, found: true, betAmount: '5$', inviterName: waiting.player1Name });
      j.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: jack.address });
      expect(await j.next('joinViaInviteResult')).toMatchObject({ success: false, requiresPayment: true, betAmount: '5$', code: 'PAYMENT_REQUIRED', inviterName: waiting.player1Name });
      j.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: jack.address, verified: true, paymentId: pay(jack) });
      expect(await j.next('joinViaInviteResult')).toMatchObject({ success: true, requiresPayment: false, betAmount: '5$' });

      // Both read each other right: both hits land, both fall in the same round.
      const ends = await playToEnd(i, j, READS_RIGHT, READS_RIGHT);
      expect(ends[ends.length - 1]).toMatchObject({ gameOver: true, winner: 'draw' });
      await i.next('gameState', (s) => s.phase === 'over');
      await recorded(database, waiting.sessionId);
      const [row] = await database.db.select().from(games).where(eq(games.sessionId, waiting.sessionId));
      expect(row).toMatchObject({ winner: 'draw', payoutState: 'refund_due' });
    } finally {
      i.close();
      j.close();
    }
  });

  it('refunds a cancelled paid waiting game through the refund port', async () => {
    const i = await connect(game.url, ivy.token);
    try {
      i.emit('joinGame', paidJoin(ivy, pay(ivy)));
      const waiting = await i.next('gameState');
      i.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: ivy.address });
      expect(await i.next('cancelGameResult')).toMatchObject({ success: true, sessionId: waiting.sessionId, transactionSignature: REFUND_SIGNATURE });
      expect(refunds).toContainEqual({ sessionId: waiting.sessionId, walletAddress: ivy.address });
      const [row] = await database.db.select().from(games).where(eq(games.sessionId, waiting.sessionId));
      expect(row).toMatchObject({ payoutState: 'refund_due', gameOver: false });
    } finally {
      i.close();
    }
  });
});
