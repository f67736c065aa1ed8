// The counters kept as games end (tables/counters.ts, migration 0012) against a recount after
// each kind of write the game makes: a game created, started, ended (win, draw, against the
// bot), a wait cancelled and its stake refunded, a prize paid, an account deleted, a bulk insert
// and a delete. What players see is checked: the leaderboard's totals and each wallet's total.
import { count, eq, gt, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZERO_LAMPORTS } from '@duel-dojo/rules';
import { createLeaderboard } from '../../modules/leaderboard';
import { testDatabases } from '../../test-support';
import type { Database, Db } from './connect';
import { STAKE, gameWriter, newPlayer } from '../../test-support/game-writes';
import { createGameRecordsStore } from './game-records-store';
import { createLeaderboardStore } from './leaderboard-store';
import { addPrizeToStats } from './prize-stats';
import { games, userStats, users, walletGameCounts } from './schema';

describe.each(testDatabases())('leaderboard counters on $kind', (target) => {
  let database: Database;
  let db: Db;
  const wallets: string[] = [];

  beforeAll(async () => {
    database = await target.open();
    db = database.db;
  });
  afterAll(() => database?.close());

  /** The counters as players see them, against the same facts recounted from the tables. */
  async function expectCountersToMatchRecount(): Promise<void> {
    const leaderboard = createLeaderboard({ store: createLeaderboardStore(db), cacheMs: 0 });
    const { stats } = await leaderboard.get(20, 'all');
    const [[matches], [fighters]] = await Promise.all([
      db.select({ n: count() }).from(games).where(eq(games.gameOver, true)),
      db.select({ n: count() }).from(userStats).where(or(gt(userStats.totalMatches, 0), gt(userStats.totalEarnings, ZERO_LAMPORTS))),
    ]);
    expect({ totalMatches: stats.totalMatches, totalFighters: stats.totalFighters }).toEqual({ totalMatches: matches?.n, totalFighters: fighters?.n });
    // Each wallet's total as the history counted it before the counters (game-records-store.ts).
    const counted = createGameRecordsStore(db);
    for (const wallet of wallets) {
      const [kept] = await db.select({ games: walletGameCounts.games }).from(walletGameCounts).where(eq(walletGameCounts.wallet, wallet));
      expect(kept?.games ?? 0, wallet).toBe((await counted.listByWallet(wallet, 1, 0)).total);
    }
  }

  it('start at the recount of what the migration found', async () => {
    await expectCountersToMatchRecount();
  });

  it('follow every way a game is written, a prize paid and an account deleted', async () => {
    const writer = gameWriter(db);
    const [ann, bob, cat, dan] = [await newPlayer(db), await newPlayer(db), await newPlayer(db), await newPlayer(db)];
    if (!ann || !bob || !cat || !dan) throw new Error('no players');
    wallets.push(ann.wallet, bob.wallet, cat.wallet, dan.wallet);

    const won = await writer.create(ann);
    await expectCountersToMatchRecount();
    await writer.start(won, bob);
    await expectCountersToMatchRecount();
    expect(await writer.finish(won, ann, bob, 'player1')).toBe(true);
    await expectCountersToMatchRecount();

    const drawn = await writer.create(bob, true);
    await writer.start(drawn, ann);
    await writer.finish(drawn, bob, ann, null, true);
    await writer.refunded(drawn);
    await expectCountersToMatchRecount();

    const againstBot = await writer.create(cat);
    await writer.start(againstBot, 'bot');
    await writer.finish(againstBot, cat, null, 'player2');
    await expectCountersToMatchRecount();

    await writer.cancel(await writer.create(dan), false);
    const stakeBack = await writer.create(dan, true);
    await writer.cancel(stakeBack, true);
    await expectCountersToMatchRecount();
    await writer.refunded(stakeBack);
    await expectCountersToMatchRecount();

    const running = await writer.create(cat);
    await writer.start(running, ann);
    await expectCountersToMatchRecount();

    // A prize makes a fighter of a player without a match (a bracket won by walkovers).
    await db.transaction((tx) => addPrizeToStats(tx, dan.wallet, STAKE));
    await expectCountersToMatchRecount();

    // The account goes (its stats with it); its games stay in the others' histories.
    await db.delete(users).where(eq(users.id, cat.id));
    await expectCountersToMatchRecount();

    // Several rows in one statement, then a delete.
    await db.insert(games).values([
      { sessionId: 'bulk-1', player1Wallet: ann.wallet, player2Wallet: bob.wallet, player1Character: 1, player2Character: 2, betAmount: 'Free!', gameOver: true, winner: 'draw', endedAt: new Date() },
      { sessionId: 'bulk-2', player1Wallet: bob.wallet, player1Character: 1, betAmount: '5$', payoutState: 'refund_due' },
      { sessionId: 'bulk-3', player1Wallet: bob.wallet, player1Character: 1, betAmount: 'Free!' },
    ]);
    await expectCountersToMatchRecount();
    await db.delete(games).where(sql`${games.sessionId} in ('bulk-1', 'bulk-2', ${won})`);
    await expectCountersToMatchRecount();
  });
});
