// The prepared history (wallet-history.ts) and the schema serializer (http/schema-serializer.ts)
// write, byte for byte, what the history read by game-records-store.ts and serialized by the zod
// serializer wrote before them: for a few wallets and pages, through both of the history's
// statements, with games changed after their end and texts that JSON must escape; and the same for
// profiles and the leaderboard.
import { gameRecordAnswer, gamesAnswer, leaderboardAnswer, profileAnswer } from '@duel-dojo/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { toLamports } from '@duel-dojo/rules';
import { z } from 'zod/mini';
import { schemaSerializer } from '../../http/schema-serializer';
import { profileView } from '../../modules/accounts';
import { createGameRecords } from '../../modules/duels';
import { createLeaderboard } from '../../modules/leaderboard';
import { testDatabases } from '../../test-support';
import { createAccountsStore } from './accounts-store';
import type { Database, Db } from './connect';
import { type Player, gameWriter, newPlayer } from '../../test-support/game-writes';
import { createGameRecordsStore } from './game-records-store';
import { createLeaderboardStore } from './leaderboard-store';
import { games, ledger, payments } from './schema';
import { createWalletHistory } from './wallet-history';

/** What the zod serializer wrote (fastify-type-provider-zod: encode, then JSON.stringify). */
const zodJson = (schema: z.core.$ZodType, value: unknown): string => JSON.stringify(z.encode(schema, value));
const schemaJson = (schema: z.core.$ZodType, value: unknown): string => schemaSerializer({ schema })(value);

const PAGES: [limit: number, offset: number][] = [[20, 0], [1, 0], [2, 1], [3, 4], [100, 0], [5, 40]];

describe.each(testDatabases())('wallet history on $kind', (target) => {
  let database: Database;
  let db: Db;
  let players: Player[];

  beforeAll(async () => {
    database = await target.open();
    db = database.db;
    const writer = gameWriter(db);
    players = [await newPlayer(db), await newPlayer(db), await newPlayer(db), await newPlayer(db)];
    const [ann, bob, cat, dan] = players as [Player, Player, Player, Player];
    for (let round = 0; round < 3; round += 1) {
      const won = await writer.create(ann, round % 2 === 0);
      await writer.start(won, bob);
      await writer.finish(won, ann, bob, round === 1 ? 'player2' : 'player1', round % 2 === 0);
      const drawn = await writer.create(bob, true);
      await writer.start(drawn, cat);
      await writer.finish(drawn, bob, cat, null, true);
      if (round > 0) await writer.refunded(drawn);
      const againstBot = await writer.create(cat);
      await writer.start(againstBot, 'bot');
      await writer.finish(againstBot, cat, null, round === 2 ? 'player1' : 'player2');
      await writer.cancel(await writer.create(dan, round !== 1), round !== 1);
    }
    const running = await writer.create(dan);
    await writer.start(running, ann);
    // Games created in one statement share their creation time: the order falls to their ids.
    await db.insert(games).values(
      [1, 2, 3].map((n) => ({ sessionId: `same-time-${n}`, player1Wallet: ann.wallet, player2Wallet: dan.wallet, player1Character: n, player2Character: 2, betAmount: 'Free!' })),
    );
    // Names JSON escapes, an amount past 2^53, a stake paid through the ledger, and a claim made
    // after the game ended: the record text follows every write of the row.
    const [odd] = await db
      .insert(games)
      .values({
        sessionId: 'odd-texts',
        player1Wallet: bob.wallet,
        player2Wallet: cat.wallet,
        player1Name: 'Ni"nja \\ é\u0001\n😀',
        player2Name: '</script>\u2028',
        player1Character: 1,
        player2Character: 7,
        betAmount: '10$',
        stakeLamports: toLamports(9_007_199_254_740_993n),
        winner: bob.wallet,
        gameOver: true,
        endReason: 'knockout',
        currentRound: 9,
        fairnessCommitment: 'c'.repeat(64),
        serverSeed: 'd'.repeat(64),
        clientSeeds: { player1: 'seed-1', player2: '' },
        payoutState: 'due',
      })
      .returning({ id: games.id });
    const [paid] = await db
      .insert(payments)
      .values({ kind: 'stake', wallet: bob.wallet, expectedLamports: toLamports(9_007_199_254_740_993n), reference: 'odd-texts-stake', status: 'verified', expiresAt: new Date(), gameSessionId: 'odd-texts' })
      .returning({ id: payments.id });
    await db.insert(ledger).values({ kind: 'stake_in', amount: toLamports(9_007_199_254_740_993n), wallet: bob.wallet, paymentId: paid?.id, gameId: odd?.id, status: 'confirmed', idempotencyKey: 'stake_in:odd-texts' });
    await db.update(games).set({ rewardClaimed: true, payoutState: 'paid' }).where(eq(games.sessionId, 'odd-texts'));
  });
  afterAll(() => database?.close());

  it("lists each wallet's games as before, on every page", async () => {
    const before = createGameRecords(createGameRecordsStore(db));
    // Rows read in the index scans (the first pages), and ids first then rows (deeper pages).
    const statements = [createWalletHistory(db), createWalletHistory(db, { rowsInScansBelowOffset: 0 })];
    for (const listByWallet of statements) {
      const after = createGameRecords({ ...createGameRecordsStore(db), listByWallet });
      for (const player of [...players, { wallet: 'UnknownWa11et1111111111111111111111111111111' }]) {
        for (const [limit, offset] of PAGES) {
          const expected = zodJson(gamesAnswer, { success: true, ...(await before.list(player.wallet, limit, offset)) });
          expect(schemaJson(gamesAnswer, { success: true, ...(await after.list(player.wallet, limit, offset)) }), `${player.wallet} ${limit}/${offset}`).toBe(expected);
        }
      }
    }
    const [, bob] = players as [Player, Player];
    const odd = (await createGameRecords({ ...createGameRecordsStore(db), listByWallet: createWalletHistory(db) }).list(bob.wallet, 1, 0)).games[0];
    expect(odd).toMatchObject({ sessionId: 'odd-texts', player1Name: 'Ni"nja \\ é\u0001\n😀', stakeLamports: '9007199254740993', stakePaidLamports: '9007199254740993', rewardClaimed: true });
    const after = createGameRecords({ ...createGameRecordsStore(db), listByWallet: createWalletHistory(db) });
    // The page that ends the history still says how many there are.
    const [ann] = players as [Player];
    expect((await after.list(ann.wallet, 20, 1_000)).total).toBeGreaterThan(0);
  });

  it('writes profiles, one game and the leaderboard as before', async () => {
    const accounts = createAccountsStore(db);
    for (const player of players) {
      const user = await accounts.findUserByWallet(player.wallet);
      if (!user) throw new Error('no user');
      for (const isOwner of [false, true]) {
        const answer = { success: true, user: profileView(user, isOwner) };
        expect(schemaJson(profileAnswer, answer)).toBe(zodJson(profileAnswer, answer));
      }
    }
    const records = createGameRecords(createGameRecordsStore(db));
    const [ann] = players as [Player];
    for (const game of (await records.list(ann.wallet, 100, 0)).games) {
      const answer = { success: true, game: await records.one(game.sessionId) };
      expect(schemaJson(gameRecordAnswer, answer)).toBe(zodJson(gameRecordAnswer, answer));
    }
    const leaderboard = createLeaderboard({ store: createLeaderboardStore(db), cacheMs: 0 });
    for (const timeframe of ['all', '24h'] as const) {
      const answer = await leaderboard.get(20, timeframe);
      expect(answer.leaderboard.length).toBeGreaterThan(0);
      expect(schemaJson(leaderboardAnswer, answer)).toBe(zodJson(leaderboardAnswer, answer));
    }
  });
});
