import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toLamports } from '@duel-dojo/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support';
import { useDatabase } from '../../test-support/database-suite';
import { type Db, MIGRATIONS_FOLDER, openDatabase } from './connect';
import { characterOwnership, games, ledger, payments, tournamentParticipants, tournaments, userStats, users } from './schema';
import { uniqueViolation } from './unique-violation';

let serial = 0;
/** A user row with unique values unless told otherwise. */
function newUser(overrides: Partial<typeof users.$inferInsert> = {}): typeof users.$inferInsert {
  serial += 1;
  return { walletAddress: `Wallet${serial}`, username: `player${serial}`, referralCode: `REF${serial}`, ...overrides };
}

/** The constraint that refused the write, or a failure if it went through. */
async function refusedBy(write: Promise<unknown>): Promise<string | null> {
  try {
    await write;
  } catch (error) {
    return uniqueViolation(error) ?? `not a unique violation: ${String(error)}`;
  }
  return null;
}

async function insertUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await db.insert(users).values(newUser(overrides)).returning();
  if (!row) throw new Error('no row');
  return row;
}

describe.each(testDatabases())('schema on $kind', (target) => {
  let db: Db;
  useDatabase(target, (opened) => (db = opened.db));

  it('applies every migration and creates every table', async () => {
    const result = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(result.rows.map((row) => row.table_name)).toEqual([
      'bracket_groups', 'bracket_match_games', 'bracket_matches', 'bracket_participants', 'bracket_rounds', 'bracket_stages', 'chain_cursors',
      'character_ownership', 'games', 'leaderboard_totals', 'ledger', 'marketplace_supply', 'payments', 'sessions', 'sign_in_nonces',
      'tournament_matches', 'tournament_participants', 'tournament_placings', 'tournaments', 'user_stats', 'users', 'wallet_game_counts',
    ]);
  });

  it('gives a new user the product defaults', async () => {
    const user = await insertUser(db);
    expect(user).toMatchObject({ characterId: 7, level: 1, experience: 0, totalReferrals: 0, displayName: null, achievements: [] });
    expect(user.preferences).toEqual({ soundEnabled: true, animationsEnabled: true, publicProfile: true, autoReconnect: true, gameNotifications: true });
    expect(user.createdAt).toBeInstanceOf(Date);
  });

  it('keeps usernames unique without regard to case', async () => {
    await insertUser(db, { username: 'Samurai_Jack' });
    expect(await refusedBy(insertUser(db, { username: 'samurai_JACK' }))).toBe('users_username_lower_key');
  });

  it('keeps wallets and referral codes unique', async () => {
    await insertUser(db, { walletAddress: 'SameWallet', referralCode: 'SAMECODE' });
    expect(await refusedBy(insertUser(db, { walletAddress: 'SameWallet' }))).toBe('users_wallet_address_unique');
    expect(await refusedBy(insertUser(db, { referralCode: 'SAMECODE' }))).toBe('users_referral_code_unique');
  });

  it('stores lamports as exact bigints beyond 2^53', async () => {
    const user = await insertUser(db);
    const huge = toLamports(18_446_744_073_709_551_615n / 2n); // above Number.MAX_SAFE_INTEGER, within int8
    await db.insert(userStats).values({ userId: user.id, totalEarnings: huge, totalProfit: -huge });
    const [stats] = await db.select().from(userStats).where(eq(userStats.userId, user.id));
    expect(stats).toMatchObject({ totalEarnings: huge, totalProfit: -huge, totalMatches: 0, biggestLoss: 0n });
  });

  it('lets one transaction signature pay one payment only, while many are still unpaid', async () => {
    const payment = (reference: string, signature: string | null) =>
      db.insert(payments).values({ kind: 'stake', wallet: 'Payer', expectedLamports: toLamports(1000n), reference, signature, expiresAt: new Date(Date.now() + 60_000) });
    await payment('ref-a', null);
    await payment('ref-b', null);
    await payment('ref-c', 'sig-1');
    expect(await refusedBy(payment('ref-d', 'sig-1'))).toBe('payments_signature_unique');
    expect(await refusedBy(payment('ref-a', null))).toBe('payments_reference_unique');
  });

  it('refuses a payment kind or ledger kind it does not know', async () => {
    const write = db.insert(payments).values({
      kind: 'gift' as 'stake', wallet: 'Payer', expectedLamports: toLamports(1n), reference: 'ref-kind', expiresAt: new Date(),
    });
    await expect(write).rejects.toThrow();
    await expect(db.insert(ledger).values({ kind: 'bonus' as 'fee', amount: toLamports(1n), wallet: 'W', idempotencyKey: 'k-kind' })).rejects.toThrow();
  });

  it('writes each ledger movement once: idempotency key and signature are unique', async () => {
    await db.insert(ledger).values({ kind: 'payout', amount: toLamports(1_940_000_000n), wallet: 'Winner', idempotencyKey: 'payout:g1', signature: 'sig-payout' });
    expect(await refusedBy(db.insert(ledger).values({ kind: 'payout', amount: toLamports(1n), wallet: 'Winner', idempotencyKey: 'payout:g1' }))).toBe(
      'ledger_idempotency_key_unique',
    );
    expect(await refusedBy(db.insert(ledger).values({ kind: 'refund', amount: toLamports(1n), wallet: 'W', idempotencyKey: 'refund:g1', signature: 'sig-payout' }))).toBe(
      'ledger_signature_unique',
    );
    const [row] = await db.select().from(ledger).where(eq(ledger.idempotencyKey, 'payout:g1'));
    expect(row).toMatchObject({ status: 'pending', amount: 1_940_000_000n, signedTx: null });
  });

  it('records a game once per session id, with its round log', async () => {
    const rounds = [{ round: 1, player1Health: 88, player2Health: 100 }];
    await db.insert(games).values({ sessionId: 'session-1', player1Character: 7, betAmount: 'Free!', rounds });
    expect(await refusedBy(db.insert(games).values({ sessionId: 'session-1', player1Character: 1, betAmount: '5$' }))).toBe('games_session_id_unique');
    const [game] = await db.select().from(games).where(eq(games.sessionId, 'session-1'));
    expect(game).toMatchObject({ rounds, stakeLamports: 0n, gameOver: false, rewardClaimed: false, isBot: false, payoutState: 'none', winner: null });
  });

  it('owns a character and joins a tournament at most once', async () => {
    const user = await insertUser(db);
    await db.insert(characterOwnership).values({ userId: user.id, characterId: 12 });
    expect(await refusedBy(db.insert(characterOwnership).values({ userId: user.id, characterId: 12 }))).toBe('character_ownership_pkey');

    const [tournament] = await db
      .insert(tournaments)
      .values({ tournamentId: 'T-1', name: 'Cup', description: 'A cup', startDate: new Date(), creatorId: user.id })
      .returning();
    if (!tournament) throw new Error('no tournament');
    expect(tournament).toMatchObject({ maxParticipants: 8, format: 'single-elimination', status: 'upcoming', entryFee: 'Free', entryFeeLamports: 0n });
    await db.insert(tournamentParticipants).values({ tournamentId: tournament.id, userId: user.id });
    expect(await refusedBy(db.insert(tournamentParticipants).values({ tournamentId: tournament.id, userId: user.id }))).toBe(
      'tournament_participants_pkey',
    );
  });

  it('rolls a failed transaction back whole', async () => {
    const attempt = db.transaction(async (tx) => {
      await tx.insert(users).values(newUser({ walletAddress: 'HalfWritten' }));
      await tx.insert(users).values(newUser({ walletAddress: 'HalfWritten' }));
    });
    await expect(attempt).rejects.toThrow();
    expect(await db.select().from(users).where(eq(users.walletAddress, 'HalfWritten'))).toEqual([]);
  });
});

describe('PGlite on disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dd-pglite-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('creates DATA_DIR/db, keeps rows across restarts and applies migrations once', async () => {
    const first = await openDatabase({ dataDir: join(dir, 'data') });
    expect(first.kind).toBe('pglite');
    await insertUser(first.db, { walletAddress: 'Persistent' });
    await first.close();

    const second = await openDatabase({ dataDir: join(dir, 'data') });
    try {
      expect(await second.db.select({ wallet: users.walletAddress }).from(users)).toEqual([{ wallet: 'Persistent' }]);
      const applied = await second.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
      const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(applied.rows).toEqual([{ count: journal.entries.length }]);
    } finally {
      await second.close();
    }
  });
});
