// Payment requests: what the server asked a wallet to pay (a stake, a purchase or a tournament
// entry fee) and the
// on-chain transaction that paid it (docs/security.md 1-10).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, lamports, timestampTz } from './columns';

export const PAYMENT_KINDS = ['stake', 'purchase', 'tournament_entry'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** pending -> verified; a late or orphaned payment -> refund_due -> refunded; unpaid -> expired. */
export const PAYMENT_STATUSES = ['pending', 'verified', 'refund_due', 'refunded', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    /** The signed-in player the request was made for (whose stake, purchase or entry it is). */
    wallet: text('wallet').notNull(),
    /**
     * The wallet whose lamports paid it, set when it is credited: any wallet may pay a request
     * (the reference binds the transfer to it), and a refund goes back to this one.
     */
    payer: text('payer'),
    expectedLamports: lamports('expected_lamports').notNull(),
    /** A fresh public key the transfer must carry, tying one transaction to this payment only. */
    reference: text('reference').notNull().unique(),
    /** Unique: one transaction pays at most one payment, whoever offers it. */
    signature: text('signature').unique(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    verifiedAt: timestampTz('verified_at'),
    /** The game a stake is for (games.session_id). */
    gameSessionId: text('game_session_id'),
    /** The marketplace character a purchase is for. */
    characterId: integer('character_id'),
    /** The tournament an entry fee is for (tournaments.id); no foreign key: payments outlive what they paid. */
    tournamentId: uuid('tournament_id'),
  },
  (t) => [
    check('payments_kind_check', sql`${t.kind} in ('stake', 'purchase', 'tournament_entry')`),
    check('payments_status_check', sql`${t.status} in ('pending', 'verified', 'refund_due', 'refunded', 'expired')`),
    check('payments_expected_lamports_check', sql`${t.expectedLamports} > 0`),
    index('payments_wallet_created_at_idx').on(t.wallet, t.createdAt.desc().nullsFirst()),
    index('payments_game_session_id_idx').on(t.gameSessionId),
    // A payer's money page finds the requests another wallet's lamports paid (few: most players pay their own).
    index('payments_other_payer_idx').on(t.payer).where(sql`${t.payer} <> ${t.wallet}`),
    index('payments_tournament_id_idx').on(t.tournamentId).where(sql`${t.tournamentId} is not null`),
    // The expiry sweep reads the requests still pending, oldest first.
    index('payments_pending_expires_at_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
  ],
);
