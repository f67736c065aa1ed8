// What the payments module needs from storage (adapters/db/payments-store.ts). Status changes of
// a payment that involve money (verified, refund_due, refunded) are the ledger's; this store
// only creates requests, reads them, binds a verified stake to its game and closes a request
// that expired with nothing paid (pending -> expired).

import type { Lamports } from '@duel-dojo/rules';

export type PaymentKind = 'stake' | 'purchase' | 'tournament_entry';

export interface PaymentRecord {
  readonly id: string;
  readonly kind: PaymentKind;
  /** The signed-in player the request was made for. */
  readonly wallet: string;
  /** The wallet whose lamports paid it (any wallet may); null until credited. */
  readonly payer: string | null;
  readonly expectedLamports: Lamports;
  /** The fresh public key the transfer must carry. */
  readonly reference: string;
  readonly signature: string | null;
  readonly status: 'pending' | 'verified' | 'refund_due' | 'refunded' | 'expired';
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly gameSessionId: string | null;
  readonly characterId: number | null;
  /** The tournament (internal id) an entry fee is for. */
  readonly tournamentId: string | null;
}

export interface NewPayment {
  readonly kind: PaymentKind;
  readonly wallet: string;
  readonly expectedLamports: Lamports;
  readonly reference: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly characterId: number | null;
  readonly tournamentId: string | null;
}

export interface PaymentsStore {
  createPayment(row: NewPayment): Promise<PaymentRecord>;
  findPayment(id: string): Promise<PaymentRecord | null>;
  /** The payment this signature already paid, if any. */
  findBySignature(signature: string): Promise<PaymentRecord | null>;
  /** The payments whose reference key is among `keys` (a transaction's accounts), oldest first. */
  findByReferences(keys: readonly string[]): Promise<PaymentRecord[]>;
  /** The treasury intake's cursor: the newest treasury signature fully accounted for (null: none yet). */
  intakeCursor(name: string): Promise<string | null>;
  saveIntakeCursor(name: string, signature: string): Promise<void>;
  /** Requests of this wallet still pending and created after `since` (a cap against spam). */
  countPending(wallet: string, since: Date): Promise<number>;
  /**
   * Binds a verified, never-bound stake of `wallet` to a game: one conditional update, so a
   * payment is bound once even when two joins race, and never after a refund claimed it.
   */
  bindStake(input: { paymentId: string; wallet: string; sessionId: string }): Promise<boolean>;
  /** The stake per seat of an existing game, or null when no such game row exists yet. */
  gameStake(sessionId: string): Promise<Lamports | null>;
  /**
   * Requests still `pending` (no signature) whose `expiresAt` is before `expiredBefore`, oldest
   * first: what the expiry sweep looks up on chain by their reference.
   */
  listExpiredPending(expiredBefore: Date, limit: number): Promise<PaymentRecord[]>;
  /**
   * pending -> expired, only while the request is still pending with no signature (one
   * conditional update): false when a verification credited it meanwhile.
   */
  markExpired(paymentId: string): Promise<boolean>;
  /** How many of a marketplace character were sold. */
  purchasedCount(characterId: number): Promise<number>;
  ownsCharacter(wallet: string, characterId: number): Promise<boolean>;
}
