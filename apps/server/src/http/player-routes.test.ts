// Profiles, owned characters, battle history and the leaderboard over real HTTP and databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLamports } from '@duel-dojo/rules';
import type { Database } from '../adapters/db/connect';
import { characterOwnership } from '../adapters/db/schema';
import { composeModules } from '../compose';
import { type TestServer, type TestWallet, createTestWallet, getJson, signUpPlayer, startTestServer, testConfig, testDatabases } from '../test-support';
import { seedGame, seedStats } from '../test-support/seed';

const SOL = 1_000_000_000n;
const SEED = 'ab'.repeat(32);
const COMMITMENT = 'cd'.repeat(32);

interface Player {
  wallet: TestWallet;
  id: string;
  token: string;
  name: string;
}

describe.each(testDatabases())('player data on $kind', (target) => {
  let database: Database;
  let server: TestServer;
  let url: string;
  const now = new Date('2026-06-01T12:00:00Z');
  let alice: Player;
  let bob: Player;
  let carol: Player;

  async function player(name: string): Promise<Player> {
    const wallet = await createTestWallet();
    const { user, token } = await signUpPlayer(url, wallet, name);
    return { wallet, id: user._id, token, name };
  }

  beforeAll(async () => {
    database = await target.open();
    const modules = await composeModules(testConfig(), database, { now: () => now, authRateLimitPerMinute: 10_000, leaderboardCacheMs: 0 });
    server = await startTestServer(database, { routes: modules.routes });
    url = server.url;
    [alice, bob, carol] = [await player('alice'), await player('bob'), await player('carol')];
    const hour = 3_600_000;
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * hour);
    const side = (p: Player) => ({ id: p.id, wallet: p.wallet.address, name: p.name });
    // Alice beat Bob for 0.1 SOL an hour ago, Bob beat Alice for 0.2 SOL two days ago,
    // a free draw three hours ago, a bot game of Carol's, and a game of Carol still waiting.
    await seedGame(database.db, { sessionId: 'g-paid-1', player1: side(alice), player2: side(bob), betAmount: '5$', stakeLamports: toLamports(SOL / 10n), winner: alice.wallet.address, createdAt: at(1.5), endedAt: at(1), rounds: 6, commitment: COMMITMENT, serverSeed: SEED });
    await seedGame(database.db, { sessionId: 'g-paid-2', player1: side(bob), player2: side(alice), betAmount: '10$', stakeLamports: toLamports(SOL / 5n), winner: bob.wallet.address, createdAt: at(49), endedAt: at(48), rounds: 9, rewardClaimed: true, commitment: COMMITMENT, serverSeed: SEED });
    await seedGame(database.db, { sessionId: 'g-free-draw', player1: side(alice), player2: side(carol), winner: 'draw', createdAt: at(3), endedAt: at(3), rounds: 13 });
    await seedGame(database.db, { sessionId: 'g-bot', player1: side(carol), player2: { id: null, wallet: null, name: 'Bot' }, isBot: true, winner: 'player2', createdAt: at(2), rounds: 4 });
    await seedGame(database.db, { sessionId: 'g-running', player1: side(carol), player2: side(bob), createdAt: at(0.1), commitment: COMMITMENT, serverSeed: SEED });
    await seedGame(database.db, { sessionId: 'g-waiting', player1: side(carol), player2: null, createdAt: at(0.05) });
    // The running stats the all-time leaderboard reads (the duels module keeps them as games end).
    await seedStats(database.db, alice.id, { totalMatches: 3, wins: 1, losses: 1, draws: 1, totalEarnings: toLamports(94_000_000n), totalLosses: toLamports(200_000_000n), totalProfit: -106_000_000n, freeGamesPlayed: 1, paidGamesPlayed: 2 });
    await seedStats(database.db, bob.id, { totalMatches: 2, wins: 1, losses: 1, totalEarnings: toLamports(188_000_000n), totalLosses: toLamports(100_000_000n), totalProfit: 88_000_000n, paidGamesPlayed: 2, longestWinStreak: 1 }, 6);
    await seedStats(database.db, carol.id, { totalMatches: 2, draws: 1, losses: 1, freeGamesPlayed: 2 });
    await database.db.insert(characterOwnership).values({ userId: bob.id, characterId: 12, acquiredAt: at(5) });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  describe('GET /api/user/{wallet}', () => {
    it('shows a public profile with every field of the protocol, without the referral code', async () => {
      const answer = await getJson<{ success: boolean; user: Record<string, unknown> & { stats: Record<string, unknown> } }>(`${url}/api/user/${bob.wallet.address}`);
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
      expect(answer.body.user).toMatchObject({ username: 'bob', displayName: 'bob', walletAddress: bob.wallet.address, level: 6, experience: 0, characterId: 7, referralCode: null, totalReferrals: 0 });
      expect(answer.body.user.preferences).toEqual({ soundEnabled: true, animationsEnabled: true, publicProfile: true, autoReconnect: true, gameNotifications: true });
      expect(answer.body.user.stats).toMatchObject({ totalMatches: 2, wins: 1, losses: 1, totalEarnings: '188000000', totalLosses: '100000000', averageRoundsPerGame: 0, paidGamesPlayed: 2 });
      expect(answer.body.user.achievements).toEqual(['welcome-warrior', 'first-blood']);
      for (const field of ['joinedDate', 'createdAt', 'lastActiveDate']) expect(Date.parse(answer.body.user[field] as string)).not.toBeNaN();
    });

    it('shows the owner their referral code when the bearer token is theirs', async () => {
      const own = await getJson<{ user: { referralCode: string | null } }>(`${url}/api/user/${bob.wallet.address}`, { authorization: `Bearer ${bob.token}` });
      expect(own.body.user.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      const other = await getJson<{ user: { referralCode: string | null } }>(`${url}/api/user/${bob.wallet.address}`, { authorization: `Bearer ${alice.token}` });
      expect(other.body.user.referralCode).toBeNull();
    });

    it('answers 404 for an unknown wallet and 400 for a malformed one', async () => {
      const unknown = await getJson(`${url}/api/user/${(await createTestWallet()).address}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ success: false, message: 'User not found' });
      const bad = await getJson(`${url}/api/user/0OIl`);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false });
    });

    it('lists the characters a player bought; none for a stranger', async () => {
      const owned = await getJson<{ success: boolean; charactersOwned: { characterId: number }[] }>(`${url}/api/user/${bob.wallet.address}/characters`);
      expect(owned.body.success).toBe(true);
      expect(owned.body.charactersOwned.map((c) => c.characterId)).toEqual([12]);
      const none = await getJson(`${url}/api/user/${(await createTestWallet()).address}/characters`);
      expect(none.body).toEqual({ success: true, charactersOwned: [] });
    });
  });

  describe('GET /api/games', () => {
    it("lists a wallet's battles newest first, leaving out games that never found an opponent", async () => {
      const answer = await getJson<{ games: Record<string, unknown>[]; total: number }>(`${url}/api/games?wallet=${carol.wallet.address}`);
      expect(answer.status).toBe(200);
      expect(answer.body.games.map((g) => g.sessionId)).toEqual(['g-running', 'g-bot', 'g-free-draw']);
      expect(answer.body.total).toBe(3);
      const bot = answer.body.games[1]!;
      expect(bot).toMatchObject({ player2: 'bot', player2Wallet: null, winner: 'player2', gameOver: true, betAmount: 'Free!', payoutLamports: '0', fairness: null });
    });

    it('shows stakes, payouts and the fairness seed only once the game is over', async () => {
      const answer = await getJson<{ games: Record<string, unknown>[] }>(`${url}/api/games?wallet=${alice.wallet.address}`);
      const [paid1, draw, paid2] = answer.body.games;
      expect(paid1).toMatchObject({ sessionId: 'g-paid-1', winner: alice.wallet.address, stakeLamports: '100000000', payoutLamports: '194000000', currentRound: 6, rewardClaimed: false, playerCharacter: { id: 7 }, opponentCharacter: { id: 4 } });
      expect(paid1!.fairness).toEqual({ commitment: COMMITMENT, serverSeed: SEED, clientSeeds: null });
      expect(draw).toMatchObject({ sessionId: 'g-free-draw', winner: 'draw', payoutLamports: '0' });
      expect(paid2).toMatchObject({ sessionId: 'g-paid-2', rewardClaimed: true, payoutLamports: '388000000' });
      const running = await getJson<{ games: Record<string, unknown>[] }>(`${url}/api/games?wallet=${bob.wallet.address}&limit=1`);
      expect(running.body.games[0]).toMatchObject({ sessionId: 'g-running', gameOver: false, winner: null, fairness: { commitment: COMMITMENT, serverSeed: null } });
    });

    it('pages with limit and offset, and refuses limits over 100', async () => {
      const page = await getJson<{ games: { sessionId: string }[]; total: number }>(`${url}/api/games?wallet=${alice.wallet.address}&limit=1&offset=1`);
      expect(page.body.games.map((g) => g.sessionId)).toEqual(['g-free-draw']);
      expect(page.body.total).toBe(3);
      const tooMany = await getJson<{ message: string }>(`${url}/api/games?wallet=${alice.wallet.address}&limit=101`);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toMatch(/^limit: /);
      expect((await getJson(`${url}/api/games`)).status).toBe(400);
    });
  });

  describe('GET /api/leaderboard', () => {
    it('ranks all-time profit from the running stats', async () => {
      const answer = await getJson<{ success: boolean; leaderboard: Record<string, unknown>[]; stats: Record<string, unknown> }>(`${url}/api/leaderboard?type=profit&limit=20`);
      expect(answer.status).toBe(200);
      expect(answer.body.leaderboard.map((e) => [e.rank, e.username, e.totalProfit, e.totalMatches])).toEqual([
        [1, 'bob', '88000000', 2],
        [2, 'carol', '0', 2],
        [3, 'alice', '-106000000', 3],
      ]);
      expect(answer.body.leaderboard[0]).toMatchObject({ displayName: 'bob', walletAddress: bob.wallet.address, totalProfitSol: '0.0880' });
      expect(answer.body.leaderboard[2]).toMatchObject({ totalProfitSol: '-0.1060' });
      expect(answer.body.stats).toEqual({ totalFighters: 3, highestWinnings: '88000000', highestWinningsSol: '0.0880', totalMatches: 4 });
    });

    it('really filters "Last 24 Hours" to games that ended in the last 24 hours', async () => {
      const answer = await getJson<{ leaderboard: Record<string, unknown>[]; stats: Record<string, unknown> }>(`${url}/api/leaderboard?type=profit&limit=20&timeframe=24h`);
      // Only g-paid-1 (alice +0.094, bob -0.1) and the free draw (alice 0, carol 0) count; the
      // bot game of carol counts for carol as a loss of nothing.
      expect(answer.body.leaderboard.map((e) => [e.username, e.totalProfit, e.totalMatches])).toEqual([
        ['alice', '94000000', 2],
        ['carol', '0', 2],
        ['bob', '-100000000', 1],
      ]);
      expect(answer.body.stats).toEqual({ totalFighters: 3, highestWinnings: '94000000', highestWinningsSol: '0.0940', totalMatches: 3 });
    });

    it('honours the limit and refuses an unknown timeframe', async () => {
      const one = await getJson<{ leaderboard: unknown[] }>(`${url}/api/leaderboard?limit=1`);
      expect(one.body.leaderboard).toHaveLength(1);
      expect((await getJson(`${url}/api/leaderboard?timeframe=week`)).status).toBe(400);
    });
  });
});
