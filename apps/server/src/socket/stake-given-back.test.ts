// A creator's stake given back in the moment between its binding and its game's row (the refund
// sweep's real marking step run in that gap, as on a stalled node): the game is never written,
// the creator is told a verified payment is needed, and nothing of the game is left behind — not
// a queue entry another joiner could meet, not the creator's one-game claim (docs/money.md).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerStore } from '../adapters/db/ledger-store';
import { games, payments } from '../adapters/db/schema';
import { testDatabases } from '../test-support';
import { bookedStakes } from '../test-support/booked-stakes';
import { type Database, type GameHarness, type Player, FAST_TIMINGS, GHOST, connect, signUp, startGameServer } from '../test-support/game-server';

describe.each(testDatabases())('a stake given back before its game is written, on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  let ivy: Player;
  let jack: Player;
  const doomed = new Set<string>();
  const stakes = bookedStakes(() => database, {
    async afterBind(paymentId) {
      // The sweep's own step, judging the stake long unused: its game has no row yet.
      if (doomed.has(paymentId)) expect(await createLedgerStore(database.db).markStakeRefundDue(paymentId, new Date(Date.now() + 3_600_000))).toBe(true);
    },
  });
  const paidJoin = (player: Player, paymentId: string) => ({ selectedCharacter: GHOST, betAmount: '5$', walletAddress: player.address, verified: true, paymentId });

  beforeAll(async () => {
    database = await target.open();
    game = await startGameServer(database, { stakeVerifier: stakes.stakeVerifier, gameTimings: FAST_TIMINGS });
    [ivy, jack] = await Promise.all([signUp(game.url, 'ivy'), signUp(game.url, 'jack')]);
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });

  it('tells the creator, writes no game, and leaves no waiting game behind', async () => {
    const [i, j] = await Promise.all([connect(game.url, ivy.token), connect(game.url, jack.token)]);
    try {
      const given = stakes.pay(ivy.address, '5$');
      doomed.add(given);
      i.emit('joinGame', paidJoin(ivy, given));
      expect(await i.next('error')).toMatchObject({ code: 'PAYMENT_REQUIRED', message: 'A verified payment is required for this stake', event: 'joinGame' });
      const session = stakes.boundTo(given) as string;
      expect(await database.db.select().from(games).where(eq(games.sessionId, session))).toEqual([]);
      expect((await database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, given)))[0]?.status).toBe('refund_due');

      // Nobody meets that game: the next paid player waits in a game of their own.
      j.emit('joinGame', paidJoin(jack, stakes.pay(jack.address, '5$')));
      const jacks = await j.next('gameState', (state) => state.phase === 'waiting');
      expect(jacks.sessionId).not.toBe(session);

      // The creator is free to play: paying again meets jack.
      i.emit('joinGame', paidJoin(ivy, stakes.pay(ivy.address, '5$')));
      expect(await i.next('gameState', (state) => state.phase === 'intro')).toMatchObject({ sessionId: jacks.sessionId });
      expect(await database.db.select({ player2Wallet: games.player2Wallet }).from(games).where(eq(games.sessionId, jacks.sessionId))).toEqual([{ player2Wallet: ivy.address }]);
    } finally {
      i.close();
      j.close();
    }
  });
});
