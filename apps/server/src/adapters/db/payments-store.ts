// The payments module's storage on PGlite and PostgreSQL: payment requests, the conditional
// update that binds a verified stake to its game, and the one that closes an unpaid request.
import { and, asc, count, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { PaymentRecord, PaymentsStore } from '../../modules/payments';
import type { Db } from './connect';
import { chainCursors, characterOwnership, games, marketplaceSupply, payments, users } from './schema';

function toRecord(row: typeof payments.$inferSelect): PaymentRecord {
  return {
    id: row.id,
    kind: row.kind,
    wallet: row.wallet,
    payer: row.payer,
    expectedLamports: row.expectedLamports,
    reference: row.reference,
    signature: row.signature,
    status: row.status,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    gameSessionId: row.gameSessionId,
    characterId: row.characterId,
    tournamentId: row.tournamentId,
  };
}

// A client's paymentId is free text (protocol's entityId); only a uuid can name a row.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createPaymentsStore(db: Db): PaymentsStore {
  return {
    async createPayment(row) {
      const [created] = await db.insert(payments).values({ ...row, status: 'pending' }).returning();
      return toRecord(created as typeof payments.$inferSelect);
    },

    async findPayment(id) {
      if (!UUID.test(id)) return null;
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row ? toRecord(row) : null;
    },

    async findBySignature(signature) {
      const [row] = await db.select().from(payments).where(eq(payments.signature, signature)).limit(1);
      return row ? toRecord(row) : null;
    },

    async findByReferences(keys) {
      if (keys.length === 0) return [];
      const rows = await db.select().from(payments).where(inArray(payments.reference, [...keys])).orderBy(asc(payments.createdAt));
      return rows.map(toRecord);
    },

    async intakeCursor(name) {
      const [row] = await db.select({ signature: chainCursors.signature }).from(chainCursors).where(eq(chainCursors.name, name)).limit(1);
      return row?.signature ?? null;
    },

    async saveIntakeCursor(name, signature) {
      await db
        .insert(chainCursors)
        .values({ name, signature })
        .onConflictDoUpdate({ target: chainCursors.name, set: { signature, updatedAt: new Date() } });
    },

    async countPending(wallet, since) {
      const [row] = await db
        .select({ n: count() })
        .from(payments)
        .where(and(eq(payments.wallet, wallet), eq(payments.status, 'pending'), gt(payments.createdAt, since)));
      return row?.n ?? 0;
    },

    async bindStake({ paymentId, wallet, sessionId }) {
      const bound = await db
        .update(payments)
        .set({ gameSessionId: sessionId })
        .where(and(eq(payments.id, paymentId), eq(payments.wallet, wallet), eq(payments.kind, 'stake'), eq(payments.status, 'verified'), isNull(payments.gameSessionId)))
        .returning({ id: payments.id });
      return bound.length === 1;
    },

    async listExpiredPending(expiredBefore, limit) {
      const rows = await db
        .select()
        .from(payments)
        .where(and(eq(payments.status, 'pending'), isNull(payments.signature), lt(payments.expiresAt, expiredBefore)))
        .orderBy(asc(payments.expiresAt))
        .limit(limit);
      return rows.map(toRecord);
    },

    async markExpired(paymentId) {
      const moved = await db
        .update(payments)
        .set({ status: 'expired' })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending'), isNull(payments.signature)))
        .returning({ id: payments.id });
      return moved.length === 1;
    },

    async gameStake(sessionId) {
      const [row] = await db.select({ stake: games.stakeLamports }).from(games).where(eq(games.sessionId, sessionId)).limit(1);
      return row ? row.stake : null;
    },

    async purchasedCount(characterId) {
      const [row] = await db.select({ purchased: marketplaceSupply.purchased }).from(marketplaceSupply).where(eq(marketplaceSupply.characterId, characterId)).limit(1);
      return row?.purchased ?? 0;
    },

    async ownsCharacter(wallet, characterId) {
      const [row] = await db
        .select({ userId: characterOwnership.userId })
        .from(characterOwnership)
        .innerJoin(users, eq(users.id, characterOwnership.userId))
        .where(and(eq(users.walletAddress, wallet), eq(characterOwnership.characterId, characterId)))
        .limit(1);
      return row !== undefined;
    },
  };
}
