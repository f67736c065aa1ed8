// What the ledger needs from storage. adapters/db/ledger-store.ts implements it; every method
// that moves money state is ONE database transaction whose conditional updates decide races
// (docs/security.md 1, 9, 12, 13).

import type { LedgerKind } from '@duel-dojo/protocol';
import type { Lamports } from '@duel-dojo/rules';

export type { LedgerKind } from '@duel-dojo/protocol';
export type LedgerStatus = 'pending' | 'sent' | 'confirmed' | 'failed';
export type OutgoingKind = 'payout' | 'refund' | 'prize' | 'give_back';
/** Money in that the treasury does not keep: given back to the wallet that sent it (give-backs.ts). */
export type OwedKind = 'refused_in' | 'excess_in';

export interface LedgerRow {
  readonly id: string;
  readonly kind: LedgerKind;
  readonly amount: Lamports;
  readonly wallet: string;
  readonly gameId: string | null;
  readonly paymentId: string | null;
  readonly signature: string | null;
  readonly signedTx: string | null;
  readonly lastValidBlockHeight: bigint | null;
  readonly status: LedgerStatus;
  readonly idempotencyKey: string;
}

/** A transfer out of the treasury, written with its signed bytes BEFORE it is sent. */
export interface NewOutgoing {
  readonly idempotencyKey: string;
  readonly kind: OutgoingKind;
  readonly wallet: string;
  readonly amount: Lamports;
  /** payout: the game paid; refund: the game whose stake is given back (null for a lone payment). */
  readonly gameId: string | null;
  /** refund: the payment given back. */
  readonly paymentId: string | null;
  /** prize: the tournament (internal id) and the place it pays; null otherwise. */
  readonly prize?: { readonly tournamentId: string; readonly place: number };
  readonly signature: string;
  readonly signedTx: string;
  readonly lastValidBlockHeight: bigint;
}

/**
 * `inserted`/`existing`: the row for the key (a racer that lost the unique key reads the
 * winner's row). `refused`: the money state forbids the movement (a payout for a game that is
 * not 'due', a refund of a game that was paid…); nothing was written.
 */
export type InsertOutgoingResult = { readonly kind: 'inserted' | 'existing'; readonly row: LedgerRow } | { readonly kind: 'refused'; readonly reason: string };

/** Money in for a payment, credited in ONE transaction with the payment's status change. */
export interface PaymentCredit {
  readonly paymentId: string;
  readonly signature: string;
  /** The treasury's pre->post change in this transaction: what actually came in. */
  readonly amount: Lamports;
  /** The wallet whose lamports paid it: where a refund (and an excess) goes back. */
  readonly payer: string;
  /** verified: accepted; refund_due: it came in but must go back (late, sold out…). */
  readonly outcome: 'verified' | 'refund_due';
  /** What the payment buys, granted in the same transaction or refused (-> refund_due). */
  readonly grant?: Grant;
  readonly now: Date;
}

/**
 * `credited`: this call moved the payment (outcome as asked, or refund_due when the grant was
 * refused: `refusal` says why). `already`: the payment was already settled by this very
 * signature (a repeat; answer as before). `used`: the signature paid something else.
 * `not-pending`: the payment was settled by another signature.
 */
export type GrantRefusal = 'sold_out' | 'owned' | 'unknown_user' | EntryRefusal;

/** Why a paid tournament entry cannot be registered (tournaments module's join results). */
export type EntryRefusal = 'already' | 'full' | 'closed' | 'not-found';

/**
 * A purchase: the character, conditionally on supply (sold out -> refund_due). A tournament
 * entry: the seat, under the tournament's row lock (full, closed, already -> refund_due).
 */
export type Grant =
  | { readonly kind: 'character'; readonly characterId: number; readonly maxSupply: number }
  | { readonly kind: 'entry'; readonly tournamentId: string; readonly characterId: number | null };

export type CreditResult =
  | { readonly kind: 'credited'; readonly outcome: 'verified' | 'refund_due'; readonly refusal?: GrantRefusal }
  | { readonly kind: 'already'; readonly status: string }
  | { readonly kind: 'used' }
  | { readonly kind: 'not-pending'; readonly status: string };

/** The money facts of a game, as claims and refunds read them. */
export interface GameMoney {
  readonly id: string;
  readonly sessionId: string;
  readonly gameOver: boolean;
  readonly endedAt: Date | null;
  readonly winner: string | null;
  readonly player1Wallet: string | null;
  readonly player2Wallet: string | null;
  /** Each player's stake, lamports; 0 for a free game. */
  readonly stakeLamports: Lamports;
  readonly payoutState: 'none' | 'due' | 'paid' | 'refund_due' | 'refunded';
  /** Whether the second seat was ever filled (the seats are final once it is). */
  readonly matched: boolean;
}

export interface StakePayment {
  readonly id: string;
  /** The player the payment is for (a game's seat). */
  readonly wallet: string;
  /** Where its refund goes: the wallet that paid it (null for a payment never credited). */
  readonly payer: string | null;
  readonly status: string;
  readonly expectedLamports: Lamports;
  readonly gameSessionId: string | null;
  /** What the stake_in (or purchase_in / entry_in) row booked for it; null when never credited. */
  readonly receivedLamports: Lamports | null;
}

/**
 * Money the automatic paths leave to an operator, and money on its way back. A transfer out that
 * landed with an error (the fee was paid, nothing moved) is not retried, so it is never sent
 * twice; lamports owed back (a refused transfer, an overpayment's excess) are given back by the
 * recovery loop, and listed here until their give-back is confirmed.
 */
export interface LedgerAttention {
  readonly failedTransfers: readonly { readonly idempotencyKey: string; readonly wallet: string; readonly amount: Lamports; readonly signature: string | null }[];
  readonly owedBack: readonly { readonly idempotencyKey: string; readonly wallet: string; readonly amount: Lamports; readonly signature: string | null }[];
}

/** Lamports owed back (a refused_in or excess_in row) with no give-back written yet. */
export interface OwedRow {
  readonly idempotencyKey: string;
  readonly kind: OwedKind;
  readonly wallet: string;
  readonly amount: Lamports;
  readonly paymentId: string | null;
}

/** Money that reached the treasury outside any payment's credit, booked by the treasury's intake. */
export interface IncomingBooking {
  readonly signature: string;
  /** The wallet whose lamports came in: where a give-back goes. */
  readonly wallet: string;
  readonly amount: Lamports;
  /** The payment whose reference the transfer named, if any. */
  readonly paymentId: string | null;
}

/** A place of a completed paid tournament whose prize has no transfer written yet. */
export interface PrizeDue {
  readonly tournamentId: string;
  readonly place: number;
  /** The placed player's wallet, read from the database (docs/security.md 17). */
  readonly wallet: string;
  readonly amount: Lamports;
}

export interface LedgerTotals {
  /** Sum of confirmed rows per kind. */
  readonly byKind: Readonly<Record<LedgerKind, bigint>>;
  /** Rows not settled yet (pending or sent): money that may be about to leave. */
  readonly unsettled: number;
  /** Signatures of confirmed and failed transfers out (payout, refund): each should be on chain once. */
  readonly outgoingSignatures: readonly string[];
  /** Every signature the ledger knows (in and out). */
  readonly knownSignatures: readonly string[];
}

/**
 * `applied`: the state change matched (the game was still 'due', the payment still to refund).
 * false for a confirmed transfer is an anomaly to report: the money moved all the same.
 */
export interface SettledOutgoing {
  readonly row: LedgerRow;
  readonly applied: boolean;
}

export interface LedgerStore {
  findByKey(idempotencyKey: string): Promise<LedgerRow | null>;
  /** Inserts the outgoing row under its money-state guard (see InsertOutgoingResult). */
  insertOutgoing(row: NewOutgoing): Promise<InsertOutgoingResult>;
  /** pending -> sent, only while the row still carries this signature. */
  markSent(id: string, signature: string): Promise<void>;
  /** Replaces an expired, never-landed transaction; false when another process swapped it first. */
  swapSignature(id: string, oldSignature: string, next: { signature: string; signedTx: string; lastValidBlockHeight: bigint }): Promise<boolean>;
  /**
   * In ONE transaction: the row confirmed (err null) or failed, a `fee` row for what the
   * treasury paid, and the state change the transfer stands for (game paid, payment refunded,
   * game refunded once all its stakes are). Idempotent: a settled row is left as it is.
   */
  settleOutgoing(id: string, signature: string, outcome: { fee: Lamports; err: unknown }): Promise<SettledOutgoing>;
  /** Transfers out written but not settled: what a restart resumes. */
  listUnsettled(): Promise<LedgerRow[]>;

  creditPayment(credit: PaymentCredit): Promise<CreditResult>;
  /**
   * A refused transfer naming one of our references (underpaid, a second payment of a paid
   * request, too late…): a `refused_in` row holding its signature, so it can never be credited
   * afterwards, owed back to its payer. Does nothing when the signature is already in the ledger
   * (answers false then).
   */
  recordRefused(input: IncomingBooking): Promise<boolean>;
  /** A transfer naming none of our references: a `donation` the treasury keeps. Idempotent by signature. */
  recordDonation(input: IncomingBooking): Promise<boolean>;
  /** Which of these signatures some ledger row already holds (money in or out). */
  knownSignatures(signatures: readonly string[]): Promise<Set<string>>;
  /** Owed rows (refused_in, excess_in) with no give_back row yet, oldest first. */
  owedWithoutGiveBack(limit: number): Promise<OwedRow[]>;
  findOwed(idempotencyKey: string): Promise<OwedRow | null>;
  /** A top-up by airdrop: `pending` before it is requested, then confirmed with its signature. */
  recordTopUp(input: { idempotencyKey: string; wallet: string; amount: Lamports; signature: string | null; status: 'pending' | 'confirmed' }): Promise<LedgerRow>;

  findGame(sessionId: string): Promise<GameMoney | null>;
  /** The stake payments bound to a game (payments.game_session_id), any status. */
  gameStakes(sessionId: string): Promise<StakePayment[]>;
  findPayment(paymentId: string): Promise<StakePayment | null>;
  /** Games whose stakes are to be given back (a draw, a cancelled waiting game), but not those with a failed refund (an operator's case). */
  gamesToRefund(limit: number): Promise<string[]>;
  /** refund_due -> refunded once none of its seats' stakes is left to give back; false otherwise. */
  closeRefundedGame(gameId: string): Promise<boolean>;
  /**
   * Payments that came in but belong to nothing: refund_due ones, verified stakes never bound
   * to a game by `unboundBefore`, and stakes bound to a game whose seats went to others.
   */
  paymentsToRefund(unboundBefore: Date, limit: number): Promise<StakePayment[]>;
  /** verified -> refund_due for a stake found by paymentsToRefund, re-checked atomically; false if it got used meanwhile. */
  markStakeRefundDue(paymentId: string, unboundBefore: Date): Promise<boolean>;

  /** What an operator must settle by hand (transfers that landed with an error) and what is on its way back. */
  attention(): Promise<LedgerAttention>;

  /** Prizes of completed tournaments with no ledger row yet (a tournament's, or all of them). */
  prizesDue(tournamentId: string | null, limit: number): Promise<PrizeDue[]>;

  totals(): Promise<LedgerTotals>;
}
