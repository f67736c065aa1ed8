// Transfers out of the treasury on either database: the row is inserted under a row lock on the
// game or payment it concerns, so "a game is never both refunded and paid" is decided by the
// database (docs/security.md 13), and settled in one transaction with the state it changes.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Lamports } from '@duel-dojo/rules';
import { type InsertOutgoingResult, type LedgerRow, type NewOutgoing, type SettledOutgoing, giveBackKey } from '../../modules/ledger';
import type { Db, Tx } from './connect';
import { addPrizeToStats } from './prize-stats';
import { games, ledger, payments, tournamentPlacings, tournaments, users } from './schema';
import { uniqueViolation } from './unique-violation';

export function toLedgerRow(row: typeof ledger.$inferSelect): LedgerRow {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    wallet: row.wallet,
    gameId: row.gameId,
    paymentId: row.paymentId,
    signature: row.signature,
    signedTx: row.signedTx,
    lastValidBlockHeight: row.lastValidBlockHeight,
    status: row.status,
    idempotencyKey: row.idempotencyKey,
  };
}

export async function findLedgerRow(db: Db | Tx, idempotencyKey: string): Promise<LedgerRow | null> {
  const [row] = await db.select().from(ledger).where(eq(ledger.idempotencyKey, idempotencyKey)).limit(1);
  return row ? toLedgerRow(row) : null;
}

/** Whether a transfer of this kind already exists for the game (a payout blocks refunds and back). */
async function hasOutgoing(tx: Tx, gameId: string, kind: 'payout' | 'refund'): Promise<boolean> {
  const [row] = await tx.select({ id: ledger.id }).from(ledger).where(and(eq(ledger.gameId, gameId), eq(ledger.kind, kind))).limit(1);
  return row !== undefined;
}

const seatWallets = (game: { player1Wallet: string | null; player2Wallet: string | null }) => [game.player1Wallet, game.player2Wallet].filter((w): w is string => w !== null);

/**
 * A prize: the tournament completed, the key's place held by this wallet for this amount, and
 * all its prizes together no more than the entry fees that came in for it.
 */
async function prizeGuard(tx: Tx, row: NewOutgoing): Promise<string | null> {
  if (!row.prize || row.idempotencyKey !== `prize:${row.prize.tournamentId}:${row.prize.place}`) return 'a prize needs its tournament and place';
  const { tournamentId, place } = row.prize;
  const [tournament] = await tx.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, tournamentId)).for('update');
  if (!tournament || tournament.status !== 'completed') return 'the tournament is not completed';
  const placed = await tx
    .select({ place: tournamentPlacings.place, wallet: users.walletAddress, prize: tournamentPlacings.prizeLamports })
    .from(tournamentPlacings)
    .innerJoin(users, eq(users.id, tournamentPlacings.userId))
    .where(eq(tournamentPlacings.tournamentId, tournamentId));
  const mine = placed.find((placing) => placing.place === place);
  if (!mine || mine.prize <= 0n || mine.wallet !== row.wallet || mine.prize !== row.amount) return 'the prize does not match the placings';
  const [entries] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledger.amount}), 0)::text` })
    .from(ledger)
    .innerJoin(payments, eq(payments.id, ledger.paymentId))
    .where(and(eq(payments.tournamentId, tournamentId), eq(payments.status, 'verified'), eq(ledger.kind, 'entry_in'), eq(ledger.status, 'confirmed')));
  const prizes = placed.reduce((sum, placing) => sum + placing.prize, 0n);
  if (prizes > BigInt(entries?.total ?? '0')) return 'the prizes exceed the entry fees on the books';
  return null;
}

/** A give-back returns exactly one owed row (its key names it), whole, to the wallet that sent it. */
async function giveBackGuard(tx: Tx, row: NewOutgoing): Promise<string | null> {
  const prefix = giveBackKey('');
  const owedKey = row.idempotencyKey.startsWith(prefix) ? row.idempotencyKey.slice(prefix.length) : null;
  if (owedKey === null) return 'a give-back needs the key of what it gives back';
  const [owed] = await tx.select().from(ledger).where(eq(ledger.idempotencyKey, owedKey)).for('update');
  if (!owed || (owed.kind !== 'refused_in' && owed.kind !== 'excess_in') || owed.status !== 'confirmed') return 'nothing is owed back under this key';
  if (owed.wallet !== row.wallet || owed.amount !== row.amount) return 'the give-back does not match what came in';
  return null;
}

/** The reason the money state forbids this transfer, or null when it may be written. */
async function guard(tx: Tx, row: NewOutgoing): Promise<string | null> {
  if (row.kind === 'prize') return prizeGuard(tx, row);
  if (row.kind === 'give_back') return giveBackGuard(tx, row);
  if (row.kind === 'payout') {
    if (!row.gameId) return 'a payout needs its game';
    const [game] = await tx.select().from(games).where(eq(games.id, row.gameId)).for('update');
    if (!game || !game.gameOver || game.payoutState !== 'due') return 'the game has no payout due';
    if (await hasOutgoing(tx, game.id, 'refund')) return 'the game was refunded';
    return null;
  }
  if (!row.paymentId) return 'a refund needs its payment';
  const [payment] = await tx.select().from(payments).where(eq(payments.id, row.paymentId)).for('update');
  // A refund goes back to the wallet that paid (docs/security.md 2, 17).
  if (!payment || (payment.payer ?? payment.wallet) !== row.wallet) return 'unknown payment';
  if (row.gameId) {
    const [game] = await tx.select().from(games).where(eq(games.id, row.gameId)).for('update');
    if (!game || game.payoutState !== 'refund_due') return 'the game has no refund due';
    if (payment.gameSessionId !== game.sessionId || !seatWallets(game).includes(payment.wallet)) return 'the payment is not a stake of this game';
    if (await hasOutgoing(tx, game.id, 'payout')) return 'the game was paid';
    if (payment.status !== 'verified' && payment.status !== 'refund_due') return `the payment is ${payment.status}`;
  } else if (payment.status !== 'refund_due') {
    // A lone payment is refunded only once something decided so (late, orphaned, sold out).
    return `the payment is ${payment.status}`;
  }
  if (payment.status === 'verified') await tx.update(payments).set({ status: 'refund_due' }).where(eq(payments.id, payment.id));
  return null;
}

export async function insertOutgoing(db: Db, row: NewOutgoing): Promise<InsertOutgoingResult> {
  try {
    return await db.transaction(async (tx): Promise<InsertOutgoingResult> => {
      const existing = await findLedgerRow(tx, row.idempotencyKey);
      if (existing) return { kind: 'existing', row: existing };
      const refusal = await guard(tx, row);
      if (refusal) return { kind: 'refused', reason: refusal };
      const { prize, ...columns } = row;
      const [inserted] = await tx
        .insert(ledger)
        .values({ ...columns, tournamentId: prize?.tournamentId ?? null, status: 'pending' })
        .returning();
      return { kind: 'inserted', row: toLedgerRow(inserted as typeof ledger.$inferSelect) };
    });
  } catch (error) {
    // Another node wrote the same key first: its row is the one transfer.
    if (uniqueViolation(error) === null) throw error;
    const existing = await findLedgerRow(db, row.idempotencyKey);
    if (!existing) throw error;
    return { kind: 'existing', row: existing };
  }
}

export async function swapSignature(db: Db, id: string, oldSignature: string, next: { signature: string; signedTx: string; lastValidBlockHeight: bigint }): Promise<boolean> {
  const swapped = await db
    .update(ledger)
    .set({ ...next, status: 'pending', updatedAt: new Date() })
    .where(and(eq(ledger.id, id), eq(ledger.signature, oldSignature), inArray(ledger.status, ['pending', 'sent'])))
    .returning({ id: ledger.id });
  return swapped.length === 1;
}

export async function markSent(db: Db, id: string, signature: string): Promise<void> {
  await db
    .update(ledger)
    .set({ status: 'sent', updatedAt: new Date() })
    .where(and(eq(ledger.id, id), eq(ledger.signature, signature), eq(ledger.status, 'pending')));
}

export async function settleOutgoing(db: Db, id: string, signature: string, outcome: { fee: Lamports; err: unknown }): Promise<SettledOutgoing> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(ledger).where(eq(ledger.id, id)).for('update');
    if (!current) throw new Error(`ledger row ${id} not found`);
    if (current.status === 'confirmed' || current.status === 'failed') return { row: toLedgerRow(current), applied: true };
    if (current.signature !== signature) {
      // The row names another transaction than the one that landed: never guess with money.
      throw new Error(`ledger row ${current.idempotencyKey} holds ${current.signature}, not the landed ${signature}`);
    }
    const status = outcome.err === null || outcome.err === undefined ? 'confirmed' : 'failed';
    const [settled] = await tx.update(ledger).set({ status, updatedAt: new Date() }).where(eq(ledger.id, id)).returning();
    // The treasury pays the fee whether or not the transfer succeeded.
    await tx
      .insert(ledger)
      .values({
        kind: 'fee',
        amount: outcome.fee,
        wallet: current.wallet,
        gameId: current.gameId,
        paymentId: current.paymentId,
        status: 'confirmed',
        idempotencyKey: `fee:${signature}`,
      })
      .onConflictDoNothing();
    const applied = status === 'confirmed' ? await applyTransfer(tx, current) : true;
    return { row: toLedgerRow(settled as typeof ledger.$inferSelect), applied };
  });
}

/**
 * The state a confirmed transfer stands for: the game paid, the payment (and game) refunded, a
 * prize counted in its player's stats. Conditional updates; false when one matched no row
 * (docs/security.md 13: reported, never hidden).
 */
async function applyTransfer(tx: Tx, row: typeof ledger.$inferSelect): Promise<boolean> {
  if (row.kind === 'prize') {
    await addPrizeToStats(tx, row.wallet, row.amount);
    return true;
  }
  // A give-back changes no state: its confirmed row is the record (read by key).
  if (row.kind === 'give_back') return true;
  if (row.kind === 'payout' && row.gameId) {
    const paid = await tx
      .update(games)
      .set({ payoutState: 'paid', rewardClaimed: true })
      .where(and(eq(games.id, row.gameId), eq(games.payoutState, 'due')))
      .returning({ id: games.id });
    return paid.length === 1;
  }
  if (row.kind !== 'refund' || !row.paymentId) return false;
  const refunded = await tx
    .update(payments)
    .set({ status: 'refunded' })
    .where(and(eq(payments.id, row.paymentId), inArray(payments.status, ['verified', 'refund_due'])))
    .returning({ id: payments.id });
  if (refunded.length !== 1) return false;
  if (!row.gameId) return true;
  const [game] = await tx.select().from(games).where(eq(games.id, row.gameId)).for('update');
  if (!game) return false;
  await closeIfRefunded(tx, game, row.paymentId);
  return true;
}

/** The game is refunded once no stake of its seats is still to be given back. */
async function closeIfRefunded(tx: Tx, game: typeof games.$inferSelect, settling: string | null): Promise<boolean> {
  const [open] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.gameSessionId, game.sessionId),
        inArray(payments.wallet, seatWallets(game)),
        inArray(payments.status, ['verified', 'refund_due']),
        ...(settling ? [ne(payments.id, settling)] : []),
      ),
    )
    .limit(1);
  if (open) return false;
  const closed = await tx
    .update(games)
    .set({ payoutState: 'refunded' })
    .where(and(eq(games.id, game.id), eq(games.payoutState, 'refund_due')))
    .returning({ id: games.id });
  return closed.length === 1;
}

export async function closeRefundedGame(db: Db, gameId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for('update');
    return game ? closeIfRefunded(tx, game, null) : false;
  });
}

export async function listUnsettled(db: Db): Promise<LedgerRow[]> {
  const rows = await db
    .select()
    .from(ledger)
    .where(and(inArray(ledger.kind, ['payout', 'refund', 'prize', 'give_back']), inArray(ledger.status, ['pending', 'sent'])))
    .orderBy(ledger.createdAt);
  return rows.map(toLedgerRow);
}
