// The treasury's intake (docs/money.md): every lamport that reaches the
// treasury is in the ledger, whether or not anyone calls verifyPayment. A watcher reads the
// treasury's transactions (getSignaturesForAddress, from a cursor kept in the database) and
// books each one that brought lamports in and that the ledger does not hold yet:
//
//   it validly pays a request still open          -> awaiting: the player's verifyPayment credits
//                                                    it; past the request's expiry + grace nobody
//                                                    did, so it is credited refund_due and refunded
//   it names one of our references but pays none  -> refused_in (underpaid, a second payment of a
//   (underpaid, already paid, split, too old…)        paid request, a concurrent duplicate…), given
//                                                    back whole to the wallet that sent it, once
//   it names none of our references               -> donation: the treasury keeps it
//
// A refused_in or donation row holds the transaction's signature (unique in the ledger), so what
// is given back can never be credited afterwards, and two nodes judging one transaction book it
// once. The judgement is a function of the transaction and of the request's fixed terms, plus
// whether the request is still open, which only ever goes from open to settled: a transaction
// refused once stays refused.
import { type Lamports, toLamports } from '@duel-dojo/rules';
import type { Ledger, Logger, ObservedTransfer } from '../ledger';
import { refusedKey } from '../ledger';
import { checkTransfer, expectationOf, payerOf, treasuryDelta } from './check-transfer';
import { refundNow } from './give-back';
import type { PaymentRecord, PaymentsStore } from './ports';

export type IntakeDecision =
  /** The ledger already holds this signature (a credit, a transfer out, a booking of this intake). */
  | 'known'
  /** Failed, or brought nothing in: nothing to book. */
  | 'nothing'
  /** Pays a request still open: its verification books it (or this intake once the request is past its grace). */
  | 'awaiting'
  /** Paid an open request nobody verified in time: credited refund_due and refunded. */
  | 'refunded'
  /** Named one of our references and paid none: booked refused_in and given back (unless book-only). */
  | 'refused'
  /** Named none of our references: kept. */
  | 'donation';

export interface TreasuryIntakeDeps {
  readonly store: PaymentsStore;
  readonly ledger: Pick<Ledger, 'creditPayment' | 'recordRefused' | 'recordDonation' | 'knownSignatures' | 'giveBackNow' | 'refundPayment' | 'findPayment'>;
  readonly fetchTransfer: (signature: string) => Promise<ObservedTransfer | null>;
  /** The treasury's signatures newer than `until` (all of them when null), newest first. */
  readonly treasurySignatures: (until: string | null) => Promise<string[]>;
  readonly treasury: string;
  readonly now: () => Date;
  readonly clockSkewMs: number;
  /** How long after its expiry an open request's transfer still waits for its verification. */
  readonly graceMs: number;
  readonly log: Logger;
  /**
   * Book only: record refused transfers and donations but send nothing (no give-back, no refund;
   * a ripe payment stays awaiting). What `npm run ledger:check` runs, so a transfer that arrived a
   * moment ago is on the books without the check moving money; the server's loop gives back.
   */
  readonly bookOnly?: boolean;
}

export interface IntakePass {
  /** Transactions read from the chain (those the ledger holds are not read). */
  readonly read: number;
  /** Refused transfers booked (and given back, unless book-only). */
  readonly refused: number;
  readonly donations: number;
  readonly refunded: number;
  /** Transactions left for a later pass (awaiting verification, or not readable yet). */
  readonly waiting: number;
}

/** Transactions read from the chain per pass, oldest first; the rest wait for the next pass. */
const PASS_LIMIT = 500;
/** Signatures looked up in the ledger per query. */
const KNOWN_CHUNK = 1_000;

const isOpen = (payment: PaymentRecord) => payment.signature === null && (payment.status === 'pending' || payment.status === 'expired');

export function createTreasuryIntake(deps: TreasuryIntakeDeps) {
  const { store, ledger, log } = deps;
  const cursorName = `treasury:${deps.treasury}`;

  /** An open request's transfer that nobody verified: past its expiry + grace it goes back. */
  function ripe(payment: PaymentRecord): boolean {
    return payment.status === 'expired' || deps.now().getTime() > payment.expiresAt.getTime() + deps.graceMs;
  }

  async function refuse(landed: ObservedTransfer, payer: string, amount: Lamports, payment: PaymentRecord): Promise<IntakeDecision> {
    const booked = await ledger.recordRefused({ signature: landed.signature, wallet: payer, amount, paymentId: payment.id });
    if (booked) log.info({ paymentId: payment.id, signature: landed.signature, lamports: String(amount), payer }, 'a refused transfer is given back');
    else if (!(await ledger.knownSignatures([landed.signature])).has(landed.signature)) throw new Error(`refused transfer ${landed.signature} could not be booked`);
    if (!deps.bookOnly) await ledger.giveBackNow(refusedKey(landed.signature));
    return 'refused';
  }

  /** Judges one landed transaction and books it (see the top of this file). Safe to repeat. */
  async function judge(landed: ObservedTransfer): Promise<IntakeDecision> {
    const delta = treasuryDelta(landed, deps.treasury);
    if ((landed.err !== null && landed.err !== undefined) || delta <= 0n) return 'nothing';
    const amount = toLamports(delta);
    if ((await ledger.knownSignatures([landed.signature])).has(landed.signature)) return 'known';
    const payer = payerOf(landed, deps.treasury);
    const referenced = await store.findByReferences(landed.accountKeys);
    const [first] = referenced;
    if (!first) {
      await ledger.recordDonation({ signature: landed.signature, wallet: payer, amount, paymentId: null });
      return 'donation';
    }
    for (const payment of referenced) {
      if (payment.signature === landed.signature) return 'known';
      const verdict = checkTransfer(landed, expectationOf(payment, deps.treasury, deps.clockSkewMs));
      if (!verdict.ok || !isOpen(payment)) continue;
      if (!ripe(payment) || deps.bookOnly) return 'awaiting';
      const credited = await ledger.creditPayment({ paymentId: payment.id, signature: landed.signature, amount: verdict.received, payer, outcome: 'refund_due', now: deps.now() });
      if (credited.kind === 'credited') {
        log.info({ paymentId: payment.id, signature: landed.signature, lamports: String(verdict.received) }, 'a payment nobody verified in time is refunded');
        await refundNow(ledger, payment.id);
        return 'refunded';
      }
      if (credited.kind === 'already' || credited.kind === 'used') return 'known';
      // not-pending: another transfer settled it meanwhile; this one is refused below.
    }
    return refuse(landed, payer, amount, first);
  }

  /** Which of these signatures the ledger holds, asked in chunks. */
  async function knownOf(signatures: readonly string[]): Promise<Set<string>> {
    const known = new Set<string>();
    for (let at = 0; at < signatures.length; at += KNOWN_CHUNK) {
      for (const signature of await ledger.knownSignatures(signatures.slice(at, at + KNOWN_CHUNK))) known.add(signature);
    }
    return known;
  }

  async function watchOnce(): Promise<IntakePass> {
    const counts = { read: 0, refused: 0, donations: 0, refunded: 0, waiting: 0 };
    const cursor = await store.intakeCursor(cursorName);
    const newer = (await deps.treasurySignatures(cursor)).reverse();
    const known = await knownOf(newer);
    // The cursor moves past a transaction only once everything up to it is booked. What the
    // ledger holds costs no read, so a transaction left waiting never starves newer ones.
    let accountedTo: string | null = null;
    let blocked = false;
    for (const signature of newer) {
      let decision: IntakeDecision | 'unreadable' = 'known';
      if (!known.has(signature)) {
        if (counts.read >= PASS_LIMIT) break;
        counts.read += 1;
        const landed = await deps.fetchTransfer(signature);
        decision = landed ? await judge(landed) : 'unreadable';
      }
      if (decision === 'refused') counts.refused += 1;
      else if (decision === 'donation') counts.donations += 1;
      else if (decision === 'refunded') counts.refunded += 1;
      else if (decision === 'awaiting' || decision === 'unreadable') {
        counts.waiting += 1;
        blocked = true;
      }
      if (!blocked) accountedTo = signature;
    }
    if (accountedTo !== null) await store.saveIntakeCursor(cursorName, accountedTo);
    return counts;
  }

  let watching: Promise<IntakePass> | null = null;
  return {
    judge,
    /** One pass over the treasury's new transactions; overlapping calls share it. */
    watch(): Promise<IntakePass> {
      watching ??= watchOnce().finally(() => {
        watching = null;
      });
      return watching;
    },
  };
}

export type TreasuryIntake = ReturnType<typeof createTreasuryIntake>;
