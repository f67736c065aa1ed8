// Money in on either database. A payment is credited in ONE transaction: its status and
// signature (unique: one transaction pays one payment, SECURITY.md 1 and 6), the stake_in or
// purchase_in / entry_in ledger row, and what the payment buys: for a purchase the ownership and
// the supply count, incremented only while below maxSupply so the last item is never sold twice;
// for a tournament entry the seat, under the tournament's row lock (tournament-registration.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CreditResult, Grant, GrantRefusal, LedgerRow, PaymentCredit } from '../../modules/ledger';
import type { Db, Tx } from './connect';
import { toLedgerRow } from './ledger-outgoing';
import { registerParticipant } from './tournament-registration';
import { characterOwnership, ledger, marketplaceSupply, payments, users } from './schema';
import { uniqueViolation } from './unique-violation';

const depositKey = (signature: string) => `deposit:${signature}`;
const CREDIT_KINDS = { stake: 'stake_in', purchase: 'purchase_in', tournament_entry: 'entry_in' } as const;

type PaymentRow = typeof payments.$inferSelect;

/** Grants what the payment buys, or says why it cannot be granted (the money then goes back). */
async function grant(tx: Tx, payment: PaymentRow, what: Grant, now: Date): Promise<GrantRefusal | null> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.walletAddress, payment.wallet)).limit(1);
  if (!user) return 'unknown_user';
  if (what.kind === 'character') return grantCharacter(tx, user.id, payment.id, what);
  // An entry pays for the tournament it was requested for, and only that one.
  if (payment.kind !== 'tournament_entry' || payment.tournamentId !== what.tournamentId) return 'closed';
  const seat = await registerParticipant(tx, {
    tournament: { id: what.tournamentId },
    userId: user.id,
    characterId: what.characterId,
    payment: { id: payment.id, lamports: payment.expectedLamports },
    now,
  });
  if (seat === 'joined') return null;
  if (seat === 'no-user') return 'unknown_user';
  return seat === 'payment-required' ? 'closed' : seat;
}

async function grantCharacter(tx: Tx, userId: string, paymentId: string, item: { characterId: number; maxSupply: number }): Promise<GrantRefusal | null> {
  const user = { id: userId };
  const [owned] = await tx
    .select({ userId: characterOwnership.userId })
    .from(characterOwnership)
    .where(and(eq(characterOwnership.userId, user.id), eq(characterOwnership.characterId, item.characterId)))
    .limit(1);
  if (owned) return 'owned';
  await tx.insert(marketplaceSupply).values({ characterId: item.characterId, purchased: 0 }).onConflictDoNothing();
  const counted = await tx
    .update(marketplaceSupply)
    .set({ purchased: sql`${marketplaceSupply.purchased} + 1` })
    .where(and(eq(marketplaceSupply.characterId, item.characterId), sql`${marketplaceSupply.purchased} < ${item.maxSupply}`))
    .returning({ purchased: marketplaceSupply.purchased });
  if (counted.length !== 1) return 'sold_out';
  await tx.insert(characterOwnership).values({ userId: user.id, characterId: item.characterId, paymentId });
  return null;
}

async function credit(tx: Tx, input: PaymentCredit): Promise<CreditResult> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
  if (!payment) return { kind: 'not-pending', status: 'missing' };
  if (payment.signature === input.signature) return { kind: 'already', status: payment.status };
  if (payment.status !== 'pending' && payment.status !== 'expired') return { kind: 'not-pending', status: payment.status };
  // A signature already consumed (by a payment, or any ledger row) is refused by the unique
  // indexes below: the whole transaction rolls back and creditPayment answers 'used'.

  let outcome = input.outcome;
  let refusal: GrantRefusal | null = null;
  if (outcome === 'verified' && input.grant) {
    refusal = await grant(tx, payment, input.grant, input.now);
    if (refusal) outcome = 'refund_due';
  }
  const kind = CREDIT_KINDS[payment.kind];
  const entry = { kind, amount: input.amount, wallet: payment.wallet, paymentId: payment.id, signature: input.signature, status: 'confirmed', idempotencyKey: `${kind}:${payment.id}` } as const;
  // A deposit recorded when this signature was first offered for the wrong payment becomes
  // the credit: the same lamports, now tied to the payment they pay.
  const converted = await tx.update(ledger).set({ ...entry, updatedAt: input.now }).where(eq(ledger.idempotencyKey, depositKey(input.signature))).returning({ id: ledger.id });
  if (converted.length === 0) await tx.insert(ledger).values(entry);
  await tx
    .update(payments)
    .set({ status: outcome, signature: input.signature, verifiedAt: input.now })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, ['pending', 'expired'])));
  return refusal ? { kind: 'credited', outcome, refusal } : { kind: 'credited', outcome };
}

export async function creditPayment(db: Db, input: PaymentCredit): Promise<CreditResult> {
  try {
    return await db.transaction((tx) => credit(tx, input));
  } catch (error) {
    // The signature is taken (payments_signature_unique, ledger_signature_unique), possibly by a
    // payment that raced this one on another connection: the unique index let one through.
    if (uniqueViolation(error) !== null) return { kind: 'used' };
    throw error;
  }
}

export async function recordDeposit(db: Db, input: { signature: string; wallet: string; amount: bigint }): Promise<void> {
  await db
    .insert(ledger)
    .values({ kind: 'top_up', amount: input.amount, wallet: input.wallet, signature: input.signature, status: 'confirmed', idempotencyKey: depositKey(input.signature) })
    .onConflictDoNothing();
}

export async function recordTopUp(
  db: Db,
  input: { idempotencyKey: string; wallet: string; amount: bigint; signature: string | null; status: 'pending' | 'confirmed' },
): Promise<LedgerRow> {
  const [row] = await db
    .insert(ledger)
    .values({ kind: 'top_up', ...input })
    .onConflictDoUpdate({
      target: ledger.idempotencyKey,
      set: { amount: input.amount, signature: input.signature, status: input.status, updatedAt: new Date() },
      // A confirmed top-up is final.
      setWhere: sql`${ledger.status} <> 'confirmed'`,
    })
    .returning();
  if (row) return toLedgerRow(row);
  const [existing] = await db.select().from(ledger).where(eq(ledger.idempotencyKey, input.idempotencyKey));
  return toLedgerRow(existing as typeof ledger.$inferSelect);
}
