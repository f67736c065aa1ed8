// The ledger: every lamport that enters or leaves the treasury is a row here, written before a
// transfer is sent (docs/money.md; docs/security.md 12-17, 27). The signed bytes and
// lastValidBlockHeight are stored so a restart re-sends the same transaction instead of
// signing a second one.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, lamports, timestampTz } from './columns';
import { games } from './games';
import { payments } from './payments';

/**
 * Money in: top_up (the operator's funding), stake_in / purchase_in / entry_in (a credited
 * payment), refused_in (a refused transfer naming one of our references, owed back), excess_in
 * (what an accepted payment brought above its amount, owed back), donation (a transfer naming
 * none of our references: the treasury keeps it). Money out: payout, prize, refund, give_back
 * (of a refused_in or excess_in row), fee. See docs/money.md.
 */
export const LEDGER_KINDS = ['stake_in', 'payout', 'refund', 'purchase_in', 'fee', 'top_up', 'entry_in', 'prize', 'refused_in', 'excess_in', 'donation', 'give_back'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_STATUSES = ['pending', 'sent', 'confirmed', 'failed'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

export const ledger = pgTable(
  'ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    /** Always positive; the kind says which way it moves. */
    amount: lamports('amount').notNull(),
    /** The other side of the transfer: the wallet that paid money in, the receiver of money out. */
    wallet: text('wallet').notNull(),
    gameId: uuid('game_id').references(() => games.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** A prize: the tournament (tournaments.id) it is paid from; the place is in the key. */
    tournamentId: uuid('tournament_id'),
    signature: text('signature').unique(),
    /** The signed transaction, base64 wire format, as sent (or about to be). */
    signedTx: text('signed_tx'),
    lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'bigint' }),
    status: text('status').$type<LedgerStatus>().notNull().default('pending'),
    /** e.g. "payout:<gameId>": a second attempt at the same movement finds the first row. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('ledger_kind_check', sql`${t.kind} in ('stake_in', 'payout', 'refund', 'purchase_in', 'fee', 'top_up', 'entry_in', 'prize', 'refused_in', 'excess_in', 'donation', 'give_back')`),
    check('ledger_status_check', sql`${t.status} in ('pending', 'sent', 'confirmed', 'failed')`),
    check('ledger_amount_check', sql`${t.amount} >= 0`),
    index('ledger_game_id_idx').on(t.gameId),
    index('ledger_payment_id_idx').on(t.paymentId),
    // A wallet's money page (modules/ledger/wallet-money.ts) reads the rows naming its wallet.
    index('ledger_wallet_idx').on(t.wallet),
    // The 24-hour leaderboard adds the prizes settled in the window.
    index('ledger_prizes_settled_idx').on(t.updatedAt).where(sql`${t.kind} = 'prize' and ${t.status} = 'confirmed'`),
    // Recovery after a crash looks for transfers that may not have landed.
    index('ledger_unsettled_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'sent')`),
  ],
);
