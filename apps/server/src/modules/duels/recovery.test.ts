// A restart settles what the dead process left open: no stake stays stuck (DESIGN.md).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/connect';
import { createInterruptedGamesStore } from '../../adapters/db/interrupted-games-store';
import { games, payments } from '../../adapters/db/schema';
import { testDatabases } from '../../test-support';
import { seedGame } from '../../test-support/seed';
import { settleInterruptedGames } from './recovery';

describe.each(testDatabases())('interrupted games on $kind', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.close());

  it('records a started game as a draw, closes a waiting one, and marks paid ones for refund', async () => {
    const a = { id: null, wallet: 'A'.repeat(44) };
    const b = { id: null, wallet: 'B'.repeat(44) };
    await seedGame(database.db, { sessionId: 'running-paid', player1: a, player2: b, stakeLamports: 50_000_000n, betAmount: '5$' });
    await seedGame(database.db, { sessionId: 'running-free', player1: a, player2: b });
    await seedGame(database.db, { sessionId: 'waiting-paid', player1: a, player2: null, stakeLamports: 50_000_000n, betAmount: '5$' });
    await seedGame(database.db, { sessionId: 'finished', player1: a, player2: b, winner: a.wallet, stakeLamports: 50_000_000n, betAmount: '5$' });
    await database.db.update(games).set({ payoutState: 'due' }).where(eq(games.sessionId, 'finished'));

    const now = new Date('2026-06-01T00:00:00Z');
    expect(await settleInterruptedGames(createInterruptedGamesStore(database.db), now)).toEqual({ started: 2, waiting: 1, strandedStakes: 0 });
    const rows = Object.fromEntries((await database.db.select().from(games)).map((g) => [g.sessionId, g]));
    expect(rows['running-paid']).toMatchObject({ gameOver: true, winner: 'draw', payoutState: 'refund_due', endedAt: now });
    expect(rows['running-free']).toMatchObject({ gameOver: true, winner: 'draw', payoutState: 'none' });
    expect(rows['waiting-paid']).toMatchObject({ gameOver: false, payoutState: 'refund_due', endedAt: now });
    expect(rows.finished).toMatchObject({ gameOver: true, winner: a.wallet, payoutState: 'due' });
    // Settling twice changes nothing more.
    expect(await settleInterruptedGames(createInterruptedGamesStore(database.db), now)).toEqual({ started: 0, waiting: 0, strandedStakes: 0 });
  });

  it('gives back a verified stake bound to a game whose row the dead process never wrote', async () => {
    const stake = { kind: 'stake' as const, wallet: 'C'.repeat(44), expectedLamports: 33_333_333n, status: 'verified' as const, expiresAt: new Date(Date.now() + 600_000) };
    const [stranded] = await database.db.insert(payments).values({ ...stake, reference: 'R'.repeat(43), signature: 'S'.repeat(88), gameSessionId: 'never-written' }).returning();
    const [unbound] = await database.db.insert(payments).values({ ...stake, reference: 'Q'.repeat(43), signature: 'T'.repeat(88), gameSessionId: null }).returning();
    await seedGame(database.db, { sessionId: 'written', player1: { id: null, wallet: stake.wallet }, player2: null, stakeLamports: 33_333_333n, betAmount: '5$' });
    const [bound] = await database.db.insert(payments).values({ ...stake, reference: 'P'.repeat(43), signature: 'U'.repeat(88), gameSessionId: 'written' }).returning();

    expect(await settleInterruptedGames(createInterruptedGamesStore(database.db), new Date())).toMatchObject({ strandedStakes: 1 });
    const status = async (id: string | undefined) => (await database.db.select().from(payments).where(eq(payments.id, id as string)))[0]?.status;
    expect(await status(stranded?.id)).toBe('refund_due');
    // A stake not bound yet is the player's to use; one bound to a written game is that game's.
    expect(await status(unbound?.id)).toBe('verified');
    expect(await status(bound?.id)).toBe('verified');
  });
});
