// The ledger module's storage on PGlite and PostgreSQL: transfers out (ledger-outgoing.ts),
// money in (ledger-incoming.ts), and the reads claims, refunds and reconciliation need.
import { LEDGER_KINDS } from '@duel-dojo/protocol';
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { type Lamports, toLamports } from '@duel-dojo/rules';
import type { GameMoney, LedgerKind, LedgerStore, OwedRow, StakePayment } from '../../modules/ledger';
import type { Db } from './connect';
import { creditPayment, recordDonation, recordRefused, recordTopUp } from './ledger-incoming';
import { closeRefundedGame, findLedgerRow, insertOutgoing, listUnsettled, markSent, settleOutgoing, swapSignature } from './ledger-outgoing';
import { games, ledger, payments, tournamentPlacings, tournaments, users } from './schema';

const OUTGOING_KINDS = ['payout', 'refund', 'prize', 'give_back'] as const;
const OWED_KINDS = ['refused_in', 'excess_in'] as const;
/** A give-back's key names the owed row it pays back (modules/ledger/give-backs.ts giveBackKey). */
const giveBackOf = sql`'give_back:' || "ledger"."idempotency_key"`;

function toOwed(row: { idempotencyKey: string; kind: string; wallet: string; amount: Lamports; paymentId: string | null }): OwedRow {
  return { ...row, kind: row.kind as OwedRow['kind'] };
}
const owedColumns = { idempotencyKey: ledger.idempotencyKey, kind: ledger.kind, wallet: ledger.wallet, amount: ledger.amount, paymentId: ledger.paymentId };

/**
 * The amount a payment's credit row recorded as received. Written with explicit table names:
 * drizzle leaves columns unqualified inside sql``, and an unqualified "id" in the subquery
 * would be the ledger's own.
 */
const received = sql<string | null>`(select l.amount::text from ledger l where l.payment_id = "payments"."id" and l.kind in ('stake_in', 'purchase_in', 'entry_in') limit 1)`;

const paymentColumns = {
  id: payments.id,
  wallet: payments.wallet,
  payer: payments.payer,
  status: payments.status,
  expectedLamports: payments.expectedLamports,
  gameSessionId: payments.gameSessionId,
  received,
};

function toStake(row: { id: string; wallet: string; payer: string | null; status: string; expectedLamports: Lamports; gameSessionId: string | null; received: string | null }): StakePayment {
  const { received: amount, ...rest } = row;
  return { ...rest, receivedLamports: amount === null ? null : toLamports(amount) };
}

/**
 * A verified stake that belongs to nothing: never bound to a game by `before`; bound to a game
 * whose seats are final (matched or ended) and went to other wallets; or bound to a game that
 * was never created by `before` (the process died between the two steps).
 */
const orphaned = (before: Date) => sql`(
  ("payments"."game_session_id" is null and "payments"."expires_at" < ${before})
  or exists (select 1 from games g where g.session_id = "payments"."game_session_id"
    and (g.player2_character is not null or g.ended_at is not null)
    and "payments"."wallet" <> coalesce(g.player1_wallet, '') and "payments"."wallet" <> coalesce(g.player2_wallet, ''))
  or ("payments"."game_session_id" is not null and "payments"."expires_at" < ${before}
    and not exists (select 1 from games g where g.session_id = "payments"."game_session_id")))`;

/**
 * A verified tournament entry that buys nothing: its tournament was cancelled, or its seat is
 * gone (the account was deleted). A seat is taken in the credit's own transaction, so a verified
 * entry without one is never a join in progress.
 */
const orphanedEntry = sql`("payments"."kind" = 'tournament_entry' and (
  exists (select 1 from tournaments t where t.id = "payments"."tournament_id" and t.status = 'cancelled')
  or not exists (select 1 from tournament_participants tp where tp.payment_id = "payments"."id")))`;

const refundableVerified = (before: Date) => or(and(eq(payments.kind, 'stake'), orphaned(before)), orphanedEntry);

export function createLedgerStore(db: Db): LedgerStore {
  return {
    findByKey: (key) => findLedgerRow(db, key),
    insertOutgoing: (row) => insertOutgoing(db, row),
    markSent: (id, signature) => markSent(db, id, signature),
    swapSignature: (id, old, next) => swapSignature(db, id, old, next),
    settleOutgoing: (id, signature, outcome) => settleOutgoing(db, id, signature, outcome),
    listUnsettled: () => listUnsettled(db),
    creditPayment: (credit) => creditPayment(db, credit),
    recordRefused: (input) => recordRefused(db, input),
    recordDonation: (input) => recordDonation(db, input),

    async knownSignatures(signatures) {
      if (signatures.length === 0) return new Set();
      const rows = await db.select({ signature: ledger.signature }).from(ledger).where(inArray(ledger.signature, [...signatures]));
      return new Set(rows.map((row) => row.signature as string));
    },

    async owedWithoutGiveBack(limit) {
      const rows = await db
        .select(owedColumns)
        .from(ledger)
        .where(and(inArray(ledger.kind, [...OWED_KINDS]), eq(ledger.status, 'confirmed'), sql`not exists (select 1 from ledger g where g.idempotency_key = ${giveBackOf})`))
        .orderBy(asc(ledger.createdAt))
        .limit(limit);
      return rows.map(toOwed);
    },

    async findOwed(idempotencyKey) {
      const [row] = await db
        .select(owedColumns)
        .from(ledger)
        .where(and(eq(ledger.idempotencyKey, idempotencyKey), inArray(ledger.kind, [...OWED_KINDS]), eq(ledger.status, 'confirmed')))
        .limit(1);
      return row ? toOwed(row) : null;
    },
    recordTopUp: (input) => recordTopUp(db, input),

    async findGame(sessionId) {
      const [game] = await db.select().from(games).where(eq(games.sessionId, sessionId)).limit(1);
      if (!game) return null;
      const money: GameMoney = {
        id: game.id,
        sessionId: game.sessionId,
        gameOver: game.gameOver,
        endedAt: game.endedAt,
        winner: game.winner,
        player1Wallet: game.player1Wallet,
        player2Wallet: game.player2Wallet,
        stakeLamports: game.stakeLamports,
        payoutState: game.payoutState,
        matched: game.player2Character !== null,
      };
      return money;
    },

    async gameStakes(sessionId) {
      const rows = await db
        .select(paymentColumns)
        .from(payments)
        .where(and(eq(payments.gameSessionId, sessionId), eq(payments.kind, 'stake')));
      return rows.map(toStake);
    },

    async findPayment(paymentId) {
      const [row] = await db.select(paymentColumns).from(payments).where(eq(payments.id, paymentId)).limit(1);
      return row ? toStake(row) : null;
    },

    async gamesToRefund(limit) {
      const rows = await db
        .select({ sessionId: games.sessionId })
        .from(games)
        .where(and(eq(games.payoutState, 'refund_due'), sql`not exists (select 1 from ledger l where l.game_id = "games"."id" and l.kind = 'refund' and l.status = 'failed')`))
        .orderBy(games.createdAt)
        .limit(limit);
      return rows.map((row) => row.sessionId);
    },

    closeRefundedGame: (gameId) => closeRefundedGame(db, gameId),

    async paymentsToRefund(unboundBefore, limit) {
      const rows = await db
        .select(paymentColumns)
        .from(payments)
        .where(
          and(
            or(eq(payments.status, 'refund_due'), and(eq(payments.status, 'verified'), refundableVerified(unboundBefore))),
            // A refund that landed with an error needs an operator, not a retry every sweep.
            sql`not exists (select 1 from ledger l where l.idempotency_key = 'refund:' || "payments"."id" and l.status = 'failed')`,
          ),
        )
        .orderBy(payments.createdAt)
        .limit(limit);
      return rows.map(toStake);
    },

    async markStakeRefundDue(paymentId, unboundBefore) {
      // The row is locked before it is judged, in a statement of its own: a game being written
      // holds its creator's stake row until the game's row is in (duels-batch-writes.ts), so the
      // judgement below sees that game and a stake in play is never called orphaned.
      return db.transaction(async (tx) => {
        const verified = and(eq(payments.id, paymentId), eq(payments.status, 'verified'));
        const [locked] = await tx.select({ id: payments.id }).from(payments).where(verified).for('update');
        if (!locked) return false;
        const moved = await tx
          .update(payments)
          .set({ status: 'refund_due' })
          .where(and(verified, refundableVerified(unboundBefore)))
          .returning({ id: payments.id });
        return moved.length === 1;
      });
    },

    async attention() {
      const failed = await db
        .select({ idempotencyKey: ledger.idempotencyKey, wallet: ledger.wallet, amount: ledger.amount, signature: ledger.signature })
        .from(ledger)
        .where(and(inArray(ledger.kind, [...OUTGOING_KINDS]), eq(ledger.status, 'failed')))
        .orderBy(ledger.createdAt);
      // Owed back and not (yet) given back: no give_back row, or one still in flight.
      const owedBack = await db
        .select({ idempotencyKey: ledger.idempotencyKey, wallet: ledger.wallet, amount: ledger.amount, signature: ledger.signature })
        .from(ledger)
        .where(and(inArray(ledger.kind, [...OWED_KINDS]), sql`not exists (select 1 from ledger g where g.idempotency_key = ${giveBackOf} and g.status in ('confirmed', 'failed'))`))
        .orderBy(ledger.createdAt);
      return { failedTransfers: failed, owedBack };
    },

    async prizesDue(tournamentId, limit) {
      const rows = await db
        .select({ tournamentId: tournamentPlacings.tournamentId, place: tournamentPlacings.place, wallet: users.walletAddress, amount: tournamentPlacings.prizeLamports })
        .from(tournamentPlacings)
        .innerJoin(tournaments, eq(tournaments.id, tournamentPlacings.tournamentId))
        .innerJoin(users, eq(users.id, tournamentPlacings.userId))
        .where(
          and(
            eq(tournaments.status, 'completed'),
            sql`${tournamentPlacings.prizeLamports} > 0`,
            tournamentId === null ? undefined : eq(tournamentPlacings.tournamentId, tournamentId),
            sql`not exists (select 1 from ledger l where l.idempotency_key = 'prize:' || ${tournamentPlacings.tournamentId} || ':' || ${tournamentPlacings.place})`,
          ),
        )
        .orderBy(tournamentPlacings.tournamentId, tournamentPlacings.place)
        .limit(limit);
      return rows;
    },

    async totals() {
      const sums = await db
        .select({ kind: ledger.kind, total: sql<string>`coalesce(sum(${ledger.amount}), 0)::text` })
        .from(ledger)
        .where(eq(ledger.status, 'confirmed'))
        .groupBy(ledger.kind);
      const byKind = Object.fromEntries(LEDGER_KINDS.map((kind) => [kind, 0n])) as Record<LedgerKind, bigint>;
      for (const row of sums) byKind[row.kind] = BigInt(row.total);
      const [unsettled] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(ledger)
        .where(inArray(ledger.status, ['pending', 'sent']));
      const signed = await db
        .select({ signature: ledger.signature, kind: ledger.kind, status: ledger.status })
        .from(ledger)
        .where(isNotNull(ledger.signature));
      return {
        byKind,
        unsettled: unsettled?.count ?? 0,
        outgoingSignatures: signed
          .filter((row) => (OUTGOING_KINDS as readonly LedgerKind[]).includes(row.kind) && (row.status === 'confirmed' || row.status === 'failed'))
          .map((row) => row.signature as string),
        knownSignatures: signed.map((row) => row.signature as string),
      };
    },
  };
}
