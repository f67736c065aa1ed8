// Verifying that a transaction pays a payment request (docs/security.md 1-9): find the transaction
// (retrying within a budget while it is not visible yet), check it (check-transfer.ts), then let
// the ledger credit it in one database transaction that consumes the signature. A payment that
// lands after its request expired, or a purchase that cannot be granted, is credited as
// refund_due and given back at once (the ledger's sweep retries if that stalls). A transfer that
// names this request but cannot pay it (underpaid, a second payment of a paid request, beaten by a
// concurrent one) is booked by the treasury intake (treasury-intake.ts) and given back at once;
// the intake's watcher finds the same transfers when nobody verifies them.
import type { ErrorCode } from '@duel-dojo/protocol';
import { type Grant, type GrantRefusal, type Ledger, type Logger, type ObservedTransfer, excessKey } from '../ledger';
import { checkTransfer, expectationOf, payerOf, type TransferRefusal } from './check-transfer';
import { findLanded } from './find-landed';
import { refundNow } from './give-back';
import type { PaymentKind, PaymentRecord, PaymentsStore } from './ports';
import { KeyedQueue, singleFlight } from '../../concurrency/keyed-queue';
import type { TreasuryIntake } from './treasury-intake';

export type VerifyOutcome =
  | { readonly kind: 'verified'; readonly payment: PaymentRecord; readonly signature: string }
  /** It came in but goes back: too late, sold out, already owned… ('settled': asked again after that). */
  | { readonly kind: 'refunding'; readonly payment: PaymentRecord; readonly reason: 'expired' | 'settled' | GrantRefusal; readonly refundSignature: string | null }
  | { readonly kind: 'refused'; readonly code: ErrorCode; readonly retryable: boolean; readonly detail?: TransferRefusal; readonly givenBack?: boolean };

/** A tournament entry's choice made at join time: the character to fight with. */
export interface EntryGrant {
  readonly characterId: number | null;
}

export interface VerificationDeps {
  readonly store: PaymentsStore;
  readonly ledger: Pick<Ledger, 'creditPayment' | 'refundPayment' | 'findPayment' | 'giveBackNow'>;
  readonly fetchTransfer: (signature: string) => Promise<ObservedTransfer | null>;
  /** Books (and gives back) a landed transfer this request refused. */
  readonly intake: Pick<TreasuryIntake, 'judge'>;
  readonly log: Logger;
  readonly treasury: string;
  readonly now: () => Date;
  /** How long a transaction that is not visible yet is waited for before "not found" (7). */
  readonly findBudgetMs: number;
  readonly findIntervalMs: number;
  readonly clockSkewMs: number;
  /** The character a purchase grants, by id (rules' catalogue); undefined: not for sale. */
  readonly catalogue: (characterId: number) => { maxSupply: number } | undefined;
  /** The per-payment lock, shared with the expiry sweep; default a lock of its own. */
  readonly perPayment?: KeyedQueue;
}

const refused = (code: ErrorCode, retryable = false, detail?: TransferRefusal): VerifyOutcome => (detail ? { kind: 'refused', code, retryable, detail } : { kind: 'refused', code, retryable });

export function createVerification(deps: VerificationDeps) {
  const identical = singleFlight<VerifyOutcome>();
  const perPayment = deps.perPayment ?? new KeyedQueue();

  /** The answer for a payment that this very signature already settled (a repeat). */
  async function settledAnswer(payment: PaymentRecord): Promise<VerifyOutcome> {
    if (payment.status === 'verified') return { kind: 'verified', payment, signature: payment.signature as string };
    return { kind: 'refunding', payment, reason: 'settled', refundSignature: null };
  }

  async function refund(payment: PaymentRecord, reason: 'expired' | GrantRefusal): Promise<VerifyOutcome> {
    // Pending (null): the ledger's sweep finishes it; the player is told it is on its way.
    return { kind: 'refunding', payment, reason, refundSignature: await refundNow(deps.ledger, payment.id) };
  }

  /** What a verified payment buys: a catalogue character, a tournament seat (asked by the caller), or nothing (a stake). */
  function grantOf(payment: PaymentRecord, entry: EntryGrant | undefined): Grant | undefined {
    if (payment.kind === 'tournament_entry' && payment.tournamentId !== null) return { kind: 'entry', tournamentId: payment.tournamentId, characterId: entry?.characterId ?? null };
    const item = payment.kind === 'purchase' && payment.characterId !== null ? deps.catalogue(payment.characterId) : undefined;
    return item && payment.characterId !== null ? { kind: 'character', characterId: payment.characterId, maxSupply: item.maxSupply } : undefined;
  }

  /**
   * A transfer that names this request (or another) but pays it nothing: refused, and what it
   * brought in is booked and given back now. Should the booking fail, the intake's watcher books
   * it on its next pass; the refusal stands either way.
   */
  async function refuseLanded(landed: ObservedTransfer, detail?: TransferRefusal): Promise<VerifyOutcome> {
    let givenBack = false;
    try {
      givenBack = (await deps.intake.judge(landed)) === 'refused';
    } catch (error) {
      deps.log.warn({ signature: landed.signature, err: String(error) }, 'a refused transfer is left to the treasury intake');
    }
    return { kind: 'refused', code: 'PAYMENT_INVALID', retryable: false, ...(detail ? { detail } : {}), ...(givenBack ? { givenBack } : {}) };
  }

  /** An overpayment's excess goes back beside the answer, not before it; the recovery loop is the safety net. */
  function giveBackExcess(paymentId: string): void {
    deps.ledger.giveBackNow(excessKey(paymentId)).catch((error: unknown) => {
      deps.log.warn({ paymentId, err: String(error) }, 'an excess is left to the recovery loop');
    });
  }

  async function run(kind: PaymentKind, wallet: string, paymentId: string, signature: string, entry?: EntryGrant): Promise<VerifyOutcome> {
    const payment = await deps.store.findPayment(paymentId);
    if (!payment || payment.wallet !== wallet || payment.kind !== kind) return refused('NOT_FOUND');
    if (payment.signature === signature) return settledAnswer(payment);
    const other = await deps.store.findBySignature(signature);
    if (other) return refused('PAYMENT_ALREADY_USED');

    const landed = await findLanded({ fetchTransfer: deps.fetchTransfer, budgetMs: deps.findBudgetMs, intervalMs: deps.findIntervalMs }, signature);
    // Not visible (or not confirmed) yet: nothing is credited; the player verifies again (7).
    if (!landed) return refused('PAYMENT_NOT_FOUND', true);
    const verdict = checkTransfer(landed, expectationOf(payment, deps.treasury, deps.clockSkewMs));
    if (!verdict.ok) return refuseLanded(landed, verdict.reason);
    // Already paid by another transfer (a double click, a wallet's re-send): this one goes back.
    if (payment.signature !== null || (payment.status !== 'pending' && payment.status !== 'expired')) return refuseLanded(landed);

    const landedAt = landed.blockTime === null ? deps.now().getTime() : landed.blockTime * 1000;
    const late = landedAt > payment.expiresAt.getTime();
    const grant = grantOf(payment, entry);
    const credited = await deps.ledger.creditPayment({
      paymentId: payment.id,
      signature,
      amount: verdict.received,
      payer: payerOf(landed, deps.treasury),
      outcome: late ? 'refund_due' : 'verified',
      ...(grant ? { grant } : {}),
      now: deps.now(),
    });
    switch (credited.kind) {
      case 'credited':
        if (credited.outcome === 'verified') {
          if (verdict.received > payment.expectedLamports) giveBackExcess(payment.id);
          return { kind: 'verified', payment, signature };
        }
        return refund(payment, credited.refusal ?? 'expired');
      case 'already':
        return settledAnswer({ ...payment, status: credited.status as PaymentRecord['status'], signature });
      case 'used':
        return refused('PAYMENT_ALREADY_USED');
      case 'not-pending':
        // Another transfer paid it meanwhile (two payments verified at once): this one goes back.
        return refuseLanded(landed);
    }
  }

  return {
    /** Never throws for a bad request: every refusal is an outcome the player can be shown. */
    verify(kind: PaymentKind, request: { wallet: string; paymentId: string; signature: string; entry?: EntryGrant }): Promise<VerifyOutcome> {
      const { wallet, paymentId, signature, entry } = request;
      return identical(`${wallet}:${paymentId}:${signature}`, () => perPayment.run(paymentId, () => run(kind, wallet, paymentId, signature, entry)));
    },
  };
}

export type Verification = ReturnType<typeof createVerification>;
