// Money in on either database. A payment is credited in ONE transaction: its status, signature
// (unique: one transaction pays one payment, docs/security.md 1 and 6) and payer, the stake_in or
// purchase_in / entry_in ledger row, an excess_in row for what it brought above its amount (owed
// back), and what the payment buys: for a purchase the ownership and the supply count,
// incremented only while below maxSupply so the last item is never sold twice; for a tournament
// entry the seat, under the tournament's row lock (tournament-registration.ts).
//
// A transfer that pays nothing is booked by the treasury's intake: refused_in (it named one of
// our references: owed back) or donation (it named none: kept). Either row holds the signature,
// and ledger.signature is unique, so such a transfer can never be credited afterwards: what is
// being given back is never also granted (docs/money.md).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Lamports, ZERO_LAMPORTS, toLamports } from '@duel-dojo/rules';
import { type CreditResult, type Grant, type GrantRefusal, type IncomingBooking, type LedgerRow, type PaymentCredit, excessKey, refusedKey } from '../../modules/ledger';
import type { Db, Tx } from './connect';
import { toLedgerRow } from './ledger-outgoing';
import { registerParticipant } from './tournament-registration';
import { characterOwnership, ledger, marketplaceSupply, payments, users } from './schema';
import { uniqueViolation } from './unique-violation';

const donationKey = (signature: string) => `donation:${signature}`;
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
  // An accepted payment is booked at its amount and the rest is owed back on its own; money that
  // goes back whole (refund_due) is booked whole and refunded in one transfer.
  const excess = outcome === 'verified' && input.amount > payment.expectedLamports ? toLamports(input.amount - payment.expectedLamports) : ZERO_LAMPORTS;
  const booked = toLamports(input.amount - excess);
  const credited = { kind, amount: booked, wallet: input.payer, paymentId: payment.id, signature: input.signature, status: 'confirmed', idempotencyKey: `${kind}:${payment.id}` } as const;
  await tx.insert(ledger).values(credited);
  if (excess > 0n) {
    await tx.insert(ledger).values({ kind: 'excess_in', amount: excess, wallet: input.payer, paymentId: payment.id, signature: null, status: 'confirmed', idempotencyKey: excessKey(payment.id) });
  }
  await tx
    .update(payments)
    .set({ status: outcome, signature: input.signature, payer: input.payer, verifiedAt: input.now })
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

/** Inserts the row unless its key or its signature is already in the ledger (ON CONFLICT covers both). */
async function recordIncoming(db: Db, kind: 'refused_in' | 'donation', key: string, input: IncomingBooking): Promise<boolean> {
  const written = await db
    .insert(ledger)
    .values({ kind, amount: input.amount, wallet: input.wallet, paymentId: input.paymentId, signature: input.signature, status: 'confirmed', idempotencyKey: key })
    .onConflictDoNothing()
    .returning({ id: ledger.id });
  return written.length === 1;
}

export const recordRefused = (db: Db, input: IncomingBooking) => recordIncoming(db, 'refused_in', refusedKey(input.signature), input);
export const recordDonation = (db: Db, input: IncomingBooking) => recordIncoming(db, 'donation', donationKey(input.signature), input);

export async function recordTopUp(
  db: Db,
  input: { idempotencyKey: string; wallet: string; amount: Lamports; signature: string | null; status: 'pending' | 'confirmed' },
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
