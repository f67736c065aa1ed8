// The payments module: payment requests and their on-chain verification, for stakes,
// marketplace purchases and tournament entry fees (docs/money.md; docs/security.md 1-11). It never signs
// anything for a client (11): it only reads the transaction the player's wallet sent. Money
// rows are written by the ledger module, which this one calls. A request that expired unverified
// is looked up on chain by its reference (expiry-sweep.ts, a step of the ledger's recovery loop):
// paid, it is credited and refunded; unpaid, it is closed `expired`. Every transfer that reaches
// the treasury is booked by the treasury intake (treasury-intake.ts), another step of that loop:
// refused ones are given back, those naming none of our references are kept as donations.
import { ERROR_MESSAGES, type ErrorCode, type ServerEventPayload } from '@duel-dojo/protocol';
import { type Lamports, parseUsdPrice } from '@duel-dojo/rules';
import type { Ledger, Logger, ObservedTransfer } from '../ledger';
import { createExpirySweep } from './expiry-sweep';
import { createReferenceLookup } from './find-by-reference';
import type { PaymentsStore } from './ports';
import { type PaymentTerms, createRequests, exactSol, findListing } from './requests';
import { KeyedQueue } from '../../concurrency/keyed-queue';
import { createStakeTaker } from './stakes';
import { createTreasuryIntake } from './treasury-intake';
import { type VerifyOutcome, createVerification } from './verification';

export * from './ports';
export { checkTransfer, treasuryDelta, type TransferRefusal, type TransferVerdict } from './check-transfer';
export { exactSol } from './requests';
export type { PaymentTerms } from './requests';
export type { VerifyOutcome } from './verification';
export type { ExpirySweepResult } from './expiry-sweep';
export { type IntakeDecision, type IntakePass, type TreasuryIntakeDeps, createTreasuryIntake } from './treasury-intake';

export interface PaymentsDeps {
  readonly store: PaymentsStore;
  readonly ledger: Pick<Ledger, 'creditPayment' | 'recordRefused' | 'recordDonation' | 'knownSignatures' | 'giveBackNow' | 'refundPayment' | 'findPayment'>;
  readonly fetchTransfer: (signature: string) => Promise<ObservedTransfer | null>;
  /** The treasury's signatures newer than `until` (all when null), newest first: what the intake reads. */
  readonly treasurySignatures: (until: string | null) => Promise<string[]>;
  /** Signatures of the transactions naming an address (a payment's reference), newest first, at most `limit`. */
  readonly findSignatures: (reference: string, limit: number) => Promise<string[]>;
  readonly treasury: string;
  readonly log: Logger;
  /** SOL_USD_PRICE as configured (decimal text). */
  readonly solUsdPrice: string;
  readonly now?: () => Date;
  /** How long a payment request stays payable; default 10 minutes. */
  readonly ttlMs?: number;
  /** How long a not-yet-visible transaction is waited for; default 20 s (client waits 30 s). */
  readonly findBudgetMs?: number;
  readonly findIntervalMs?: number;
  /** Tolerance between block time and server time; default 60 s. */
  readonly clockSkewMs?: number;
  readonly maxPendingPerWallet?: number;
  /**
   * How long after its expiry a request still pending is looked up on chain by its reference
   * (refunded if paid, else closed `expired`); default 5 minutes, past any blockhash a transfer
   * signed before the expiry could carry.
   */
  readonly expiredGraceMs?: number;
}

export const DEFAULT_PAYMENT_TTL_MS = 10 * 60_000;
export const DEFAULT_FIND_BUDGET_MS = 20_000;
export const DEFAULT_EXPIRED_GRACE_MS = 5 * 60_000;
export const DEFAULT_CLOCK_SKEW_MS = 60_000;

const REFUND_NOTE = ERROR_MESSAGES.PAYMENT_REFUNDING;

/** A paid tournament entry's outcome (the tournaments module's EntryOutcome). */
export type EntryAnswer =
  /** The transaction that paid the seat (the one found by reference when none was offered). */
  | { readonly kind: 'joined'; readonly signature: string }
  /** givenBack: the transfer named the entry but could not pay it (a second payment, underpaid) and goes back. */
  | { readonly kind: 'refused'; readonly code: ErrorCode; readonly retryable: boolean; readonly givenBack?: boolean }
  | { readonly kind: 'refunding'; readonly reason: string };
const REFUSALS: Record<string, ErrorCode> = { expired: 'PAYMENT_EXPIRED', sold_out: 'SOLD_OUT', owned: 'ALREADY_OWNED', unknown_user: 'USER_NOT_FOUND' };

/** success/message/code of an outcome, shared by paymentVerified and marketplacePurchaseResult. */
function describe(outcome: VerifyOutcome, successMessage: string): { success: boolean; message: string; code?: ErrorCode; retryable?: boolean } {
  if (outcome.kind === 'verified') return { success: true, message: successMessage };
  if (outcome.kind === 'refused' && outcome.givenBack) return { success: false, code: outcome.code, message: `${ERROR_MESSAGES[outcome.code]}. ${REFUND_NOTE}` };
  if (outcome.kind === 'refunding') {
    const code = REFUSALS[outcome.reason] ?? 'PAYMENT_EXPIRED';
    return { success: false, code, message: `${ERROR_MESSAGES[code]}. ${REFUND_NOTE}` };
  }
  return { success: false, code: outcome.code, message: ERROR_MESSAGES[outcome.code], ...(outcome.retryable ? { retryable: true } : {}) };
}

export function createPayments(deps: PaymentsDeps) {
  const now = deps.now ?? (() => new Date());
  const requests = createRequests({
    store: deps.store,
    treasury: deps.treasury,
    priceMicroUsd: parseUsdPrice(deps.solUsdPrice),
    now,
    ttlMs: deps.ttlMs ?? DEFAULT_PAYMENT_TTL_MS,
    maxPendingPerWallet: deps.maxPendingPerWallet ?? 20,
  });
  // verifyPayment and the expiry sweep take the same lock per payment (one outcome in-process).
  const perPayment = new KeyedQueue();
  const clockSkewMs = deps.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS;
  const graceMs = deps.expiredGraceMs ?? DEFAULT_EXPIRED_GRACE_MS;
  const intake = createTreasuryIntake({
    store: deps.store,
    ledger: deps.ledger,
    fetchTransfer: deps.fetchTransfer,
    treasurySignatures: deps.treasurySignatures,
    treasury: deps.treasury,
    now,
    clockSkewMs,
    graceMs,
    log: deps.log,
  });
  const verification = createVerification({
    store: deps.store,
    ledger: deps.ledger,
    fetchTransfer: deps.fetchTransfer,
    intake,
    log: deps.log,
    treasury: deps.treasury,
    now,
    findBudgetMs: deps.findBudgetMs ?? DEFAULT_FIND_BUDGET_MS,
    findIntervalMs: deps.findIntervalMs ?? 500,
    clockSkewMs,
    catalogue: (characterId) => findListing(characterId),
    perPayment,
  });
  const expirySweep = createExpirySweep({
    store: deps.store,
    intake,
    fetchTransfer: deps.fetchTransfer,
    findSignatures: deps.findSignatures,
    now,
    graceMs,
    perPayment,
    log: deps.log,
  });
  const stakes = createStakeTaker({ store: deps.store, requests });
  const verifyByReference = createReferenceLookup({ store: deps.store, findSignatures: deps.findSignatures, verify: verification.verify });

  return {
    /** requestBetInfo: throws the refusal (AppError STAKE_NOT_AVAILABLE, RATE_LIMITED). */
    async requestBetInfo(wallet: string, betAmount: string): Promise<ServerEventPayload<'betInfo'>> {
      const terms = await requests.requestStake(wallet, betAmount);
      return { betAmount: betAmount as ServerEventPayload<'betInfo'>['betAmount'], ...terms };
    },

    /**
     * verifyPayment. Without a signature (a phone wallet paid the request's QR code), the chain is
     * searched for a transfer naming the request's reference; the answer names the one found.
     */
    async verifyPayment(wallet: string, request: { paymentId: string; signature?: string | undefined }): Promise<ServerEventPayload<'paymentVerified'>> {
      const { paymentId, signature } = request;
      const found = signature === undefined ? await verifyByReference('stake', { wallet, paymentId }) : { outcome: await verification.verify('stake', { wallet, paymentId, signature }), signature };
      return { ...describe(found.outcome, 'Payment verified'), paymentId, ...(found.signature === undefined ? {} : { signature: found.signature }) };
    },

    /** requestMarketplacePurchase: throws the refusal (AppError NOT_FOR_SALE, PRICE_MISMATCH, ALREADY_OWNED, SOLD_OUT…). */
    async requestMarketplacePurchase(wallet: string, request: { characterId: number; price: string }): Promise<ServerEventPayload<'marketplacePurchaseInfo'>> {
      const terms = await requests.requestPurchase(wallet, request.characterId, request.price);
      const { paymentId, ...rest } = terms;
      return { success: true, message: `Send ${terms.solAmount} SOL to buy ${findListing(request.characterId)?.name ?? 'this character'}`, characterId: request.characterId, purchaseId: paymentId, ...rest };
    },

    /**
     * verifyMarketplacePurchase. Without a signature (a phone wallet paid the purchase's QR code),
     * the transfer is found by the purchase's reference, as for a stake; the answer names it.
     */
    async verifyMarketplacePurchase(
      wallet: string,
      request: { purchaseId: string; signature?: string | undefined; characterId: number },
    ): Promise<ServerEventPayload<'marketplacePurchaseResult'>> {
      const { purchaseId, characterId } = request;
      const payment = await deps.store.findPayment(purchaseId);
      // Only the player's own purchase says it is for another character; anyone else's is not found.
      const found: { outcome: VerifyOutcome; signature?: string | undefined } =
        payment && payment.wallet === wallet && payment.characterId !== characterId
          ? { outcome: { kind: 'refused', code: 'PAYMENT_INVALID', retryable: false }, signature: request.signature }
          : request.signature === undefined
            ? await verifyByReference('purchase', { wallet, paymentId: purchaseId })
            : { outcome: await verification.verify('purchase', { wallet, paymentId: purchaseId, signature: request.signature }), signature: request.signature };
      const { outcome, signature } = found;
      const described = describe(outcome, `Purchase verified: you now own ${findListing(characterId)?.name ?? 'this character'}`);
      return {
        ...described,
        characterId,
        purchaseId,
        ...(signature === undefined ? {} : { signature }),
        characterOwnershipUpdated: outcome.kind === 'verified',
        transactionSignature: outcome.kind === 'verified' ? (signature ?? null) : null,
      };
    },

    /** A paid tournament's entry fee (the tournaments module's TournamentMoney.requestEntry). */
    requestTournamentEntry(request: { wallet: string; tournamentId: string; lamports: Lamports }): Promise<PaymentTerms> {
      return requests.requestEntry(request.wallet, request.tournamentId, request.lamports);
    },

    /**
     * A paid entry: verified on chain and the seat taken in the ledger's one credit transaction
     * (TournamentMoney.payEntry). A seat refused after the money came in is refunded.
     */
    async payTournamentEntry(request: { wallet: string; tournamentId: string; characterId: number | null; paymentId: string; signature?: string | undefined }): Promise<EntryAnswer> {
      const { wallet, paymentId, signature } = request;
      const payment = await deps.store.findPayment(paymentId);
      if (payment && payment.kind === 'tournament_entry' && payment.tournamentId !== request.tournamentId) return { kind: 'refused', code: 'PAYMENT_INVALID', retryable: false };
      const entry = { characterId: request.characterId };
      // Without a signature (a phone wallet paid the entry's QR code): found by its reference.
      const found = signature === undefined ? await verifyByReference('tournament_entry', { wallet, paymentId, entry }) : { outcome: await verification.verify('tournament_entry', { wallet, paymentId, signature, entry }), signature };
      const { outcome } = found;
      if (outcome.kind === 'verified') return { kind: 'joined', signature: outcome.signature };
      if (outcome.kind === 'refunding') return { kind: 'refunding', reason: outcome.reason };
      return { kind: 'refused', code: outcome.code, retryable: outcome.retryable, ...(outcome.givenBack ? { givenBack: true } : {}) };
    },

    /**
     * Requests still pending past their expiry (+ grace), looked up on chain by reference: paid
     * ones credited refund_due and refunded, unpaid ones closed `expired`. A step of the ledger's
     * recovery loop (compose.ts registers it); overlapping calls share one pass.
     */
    sweepExpired: expirySweep.sweep,

    /**
     * One pass of the treasury intake over the treasury's new transactions: refused transfers
     * given back, donations booked, payments nobody verified in time refunded. A step of the
     * ledger's recovery loop (compose.ts registers it).
     */
    watchTreasury: intake.watch,

    /** modules/duels StakeVerifier. */
    takeVerifiedStake: stakes.takeVerifiedStake,
    stakeLamports: requests.stakeLamports,
    exactSol,
  };
}

export type Payments = ReturnType<typeof createPayments>;
