// What a wallet's money page reads from storage: the ledger rows that concern the wallet, and the
// money already decided for it that has no transfer written yet (a refund or a give-back waiting
// for the chain). Read only: the ledger stays the one writer of money (docs/money.md).
import type { Lamports } from '@duel-dojo/rules';
import type { LedgerKind } from './ports';

/** The ledger kinds a wallet sees: what it paid in, and what the treasury sent it. */
export const WALLET_KINDS = ['stake_in', 'purchase_in', 'entry_in', 'excess_in', 'refused_in', 'donation', 'payout', 'prize', 'refund', 'give_back'] as const satisfies readonly LedgerKind[];
export type WalletKind = (typeof WALLET_KINDS)[number];
/** Money the treasury sent to the wallet; every other wallet kind is money the wallet sent. */
export const WALLET_IN_KINDS = ['payout', 'prize', 'refund', 'give_back'] as const satisfies readonly WalletKind[];

/** Where a page starts: after the movement with this sort key (µs since the epoch) and id. */
export interface MoneyPosition {
  readonly sortKey: bigint;
  readonly id: string;
}

/** One movement with the facts its status and reason are read from. */
export interface MovementFacts {
  /** The ledger row's id, or "due-refund-<paymentId>" / "due-give-back-<owed row id>". */
  readonly id: string;
  readonly kind: WalletKind;
  readonly amount: Lamports;
  /** The row's status; 'due' for money decided whose transfer is not written yet. */
  readonly status: 'pending' | 'sent' | 'confirmed' | 'failed' | 'due';
  /** The transfer expired unsent and was signed anew (it is pending again). */
  readonly resigned: boolean;
  /** How long ago it was written or decided, by the database's clock. */
  readonly ageMs: number;
  readonly signature: string | null;
  readonly createdAt: Date;
  readonly position: MoneyPosition;
  readonly sessionId: string | null;
  /** The tournament's public id. */
  readonly tournamentId: string | null;
  readonly characterId: number | null;
  /** What the payment behind the movement bought, when there is one. */
  readonly paymentKind: 'stake' | 'purchase' | 'tournament_entry' | null;
  /** A give-back: what it gives back. */
  readonly owedKind: 'refused_in' | 'excess_in' | null;
  /** The payment's game was cancelled while it waited for an opponent. */
  readonly gameCancelled: boolean;
  readonly gameDrawn: boolean;
  readonly tournamentCancelled: boolean;
}

export interface WalletMoneyStore {
  /** Newest first (createdAt, then id, descending), strictly after `after`; at most `limit`. */
  movements(wallet: string, after: MoneyPosition | null, limit: number): Promise<MovementFacts[]>;
  /** Sums of the wallet's confirmed movements, by direction. */
  totals(wallet: string): Promise<{ readonly inLamports: Lamports; readonly outLamports: Lamports }>;
}
