// Joining a paid tournament: POST …/entry for the payment request -> the wallet signs
// and sends one SOL transfer carrying its reference -> PUT …/join with {paymentId, signature},
// asked again every 2 s for up to 30 s while the server cannot see the transfer yet
// (PAYMENT_NOT_FOUND), as the stake flow waits for its verification. From the moment the
// transfer is sent until the join answers for good, the payment is kept (pending-entry.ts). The
// transfer is offered as a Solana Pay QR code too (solana-pay/payment-session.ts): a phone wallet
// may pay it, and the join with the payment alone finds it by its reference and takes the seat.
import type { JoinTournamentBody, TournamentChangeAnswer, TournamentEntryAnswer } from '@duel-dojo/protocol';
import { ERROR_MESSAGES } from '@duel-dojo/protocol/error-messages';
import { PAYMENT_VERIFICATION_TIMEOUT_MS } from '@duel-dojo/rules';
import { ApiError } from '../../net/http';
import { reasonOf } from '../../net/reason-of';
import { type PollAnswer, payEitherWay } from '../solana-pay/payment-session';
import { alreadyPaidText, isGivenBack } from '../solana-pay/second-payment';
import { openTrackedSession } from '../solana-pay/session-views';
import type { PaymentTransfer, PayTransfer } from '../wallet/use-pay-transfer';
import { TransferNotLandedError } from '../wallet/transfer-not-landed';
import { joinErrorText } from './join-rules';
import type { PendingEntry } from './pending-entry';

export type PaidJoinStep = 'requesting' | 'signing' | 'confirming';

export const PAID_JOIN_STEP_TEXT: Readonly<Record<PaidJoinStep, string>> = {
  requesting: 'Preparing your entry…',
  signing: 'Waiting for wallet…',
  confirming: 'Confirming payment…',
};

export const PAYMENT_RETRY_MS = 2_000;
/** After a failure that leaves the payment usable: the way to finish without paying again. */
export const PENDING_NOTE = 'Your payment is saved: press Finish Joining to try again.';

export interface PaidJoinDeps {
  /** The signed-in wallet, which pays. */
  readonly walletAddress: string;
  requestEntry(tournamentId: string): Promise<TournamentEntryAnswer>;
  pay: PayTransfer;
  join(tournamentId: string, body: JoinTournamentBody): Promise<TournamentChangeAnswer>;
  /** The progress, for the UI; while signing, the transfer the QR code offers. */
  step(step: PaidJoinStep, transfer?: PaymentTransfer): void;
  save(entry: PendingEntry): void;
  forget(tournamentId: string): void;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** How often the entry is asked for by its reference while its QR code is shown; default 2.5 s. */
  readonly pollIntervalMs?: number;
}

export type PaidJoinResult =
  | { readonly ok: true; readonly answer: TournamentChangeAnswer }
  /** pending: the payment was sent and is kept, so Finish Joining can use it again. */
  | { readonly ok: false; readonly message: string; readonly pending: boolean };

/**
 * Whether the server's answer leaves the payment usable for another join: not yet visible on
 * chain, no answer (network, 5xx), a session to renew (401) or a rate limit. Any other refusal is
 * final: the payment is refused, already used, or refunded (the message says so).
 */
function paymentStillUsable(error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.reachedServer) return true;
  if (error.code === 'PAYMENT_NOT_FOUND') return true;
  return error.status >= 500 || error.status === 401 || error.status === 408 || error.status === 429 || error.status < 400;
}

/**
 * The words of a failed paid join. A refused join after the payment arrived ends with the refund
 * note: the whole message is shown, because matching the protocol's texts would drop the note.
 */
export function paidJoinErrorText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError && error.serverMessage?.includes(ERROR_MESSAGES.PAYMENT_REFUNDING)) return error.serverMessage;
  return joinErrorText(error, fallback);
}

/** Joins with a payment already sent: right after the transfer, and from Finish Joining. */
export async function finishPaidJoin(entry: PendingEntry, deps: PaidJoinDeps, fallback?: string): Promise<PaidJoinResult> {
  deps.step('confirming');
  const deadline = deps.now() + PAYMENT_VERIFICATION_TIMEOUT_MS;
  for (;;) {
    try {
      const answer = await deps.join(entry.tournamentId, { paymentId: entry.paymentId, signature: entry.signature });
      deps.forget(entry.tournamentId);
      return { ok: true, answer };
    } catch (error) {
      const notVisibleYet = error instanceof ApiError && error.code === 'PAYMENT_NOT_FOUND';
      if (notVisibleYet && deps.now() + PAYMENT_RETRY_MS < deadline) {
        await deps.sleep(PAYMENT_RETRY_MS);
        continue;
      }
      const before = await paidBefore(error, entry, deps, fallback);
      if (before) {
        deps.forget(entry.tournamentId);
        return { ok: true, answer: before };
      }
      const pending = paymentStillUsable(error);
      if (!pending) deps.forget(entry.tournamentId);
      const message = paidJoinErrorText(error, fallback);
      return { ok: false, message: pending ? `${message} ${PENDING_NOTE}` : message, pending };
    }
  }
}

/** The whole paid join, from the payment request to the seat. */
export async function runPaidJoin(tournamentId: string, deps: PaidJoinDeps, fallback?: string): Promise<PaidJoinResult> {
  deps.step('requesting');
  let request: TournamentEntryAnswer;
  try {
    request = await deps.requestEntry(tournamentId);
  } catch (error) {
    return { ok: false, message: joinErrorText(error, fallback), pending: false };
  }

  const transfer = { recipientWallet: request.recipientWallet, lamports: BigInt(request.lamports), reference: request.reference };
  deps.step('signing', transfer);
  // Set by `sent` as soon as the wallet has sent the transfer (a closure: not narrowed by TS).
  const paid: { entry: PendingEntry | null } = { entry: null };
  const sent = (signature: string) => {
    paid.entry = { tournamentId, walletAddress: deps.walletAddress, paymentId: request.paymentId, signature };
    deps.save(paid.entry);
    deps.step('confirming');
  };
  // The phone's side: the join with the payment alone is the question, and its seat the answer.
  let seated: TournamentChangeAnswer | null = null;
  const ask = async (): Promise<PollAnswer> => {
    const answer = await joinByReference(tournamentId, request.paymentId, deps, fallback);
    if (answer.kind === 'found') seated = answer.seated;
    return answer.poll;
  };
  const session = openTrackedSession(transfer.reference, {
    expiresAt: request.expiresAt,
    ask,
    wallet: (walletSent) => deps.pay(transfer, walletSent),
    // Joined with at once, so the server gives the second payment back now.
    secondPayment: (signature) => void deps.join(tournamentId, { paymentId: request.paymentId, signature }).catch(() => undefined),
    expiredMessage: ERROR_MESSAGES.PAYMENT_EXPIRED,
    ...(deps.pollIntervalMs === undefined ? {} : { intervalMs: deps.pollIntervalMs }),
  });
  const outcome = await payEitherWay(session, sent).finally(() => session.close());
  if (outcome.by === 'phone' && seated) return { ok: true, answer: seated };
  if (outcome.by === 'wallet' && paid.entry === null) sent(outcome.signature);
  if (outcome.by === 'failed') {
    const { error } = outcome;
    // Sent where our cluster cannot see it, or expired before it landed: nothing to finish joining with.
    if (error instanceof TransferNotLandedError) {
      deps.forget(tournamentId);
      return { ok: false, message: `${ERROR_MESSAGES.TOURNAMENT_JOIN_FAILED}: ${error.message}`, pending: false };
    }
    // Sent but not confirmed in the browser: the server may still see it, so the join decides.
    if (paid.entry === null) return { ok: false, message: `${ERROR_MESSAGES.TOURNAMENT_JOIN_FAILED}: ${reasonOf(error, 'the wallet did not send the transfer')}`, pending: false };
  }
  return finishPaidJoin(paid.entry as PendingEntry, deps, fallback);
}

/**
 * A transfer refused and given back because the entry was already paid (by the phone, a moment
 * before): the seat that payment bought, with the reason this transfer comes back; else null.
 */
async function paidBefore(error: unknown, entry: PendingEntry, deps: PaidJoinDeps, fallback?: string): Promise<TournamentChangeAnswer | null> {
  if (!(error instanceof ApiError) || !isGivenBack({ success: false, code: error.code, message: error.serverMessage ?? '' })) return null;
  const found = await joinByReference(entry.tournamentId, entry.paymentId, deps, fallback).catch(() => null);
  return found?.kind === 'found' ? { ...found.seated, message: `${alreadyPaidText(error.serverMessage ?? '')} ${found.seated.message}` } : null;
}

type ByReference = { readonly kind: 'found'; readonly seated: TournamentChangeAnswer; readonly poll: PollAnswer } | { readonly kind: 'other'; readonly poll: PollAnswer };

/** One join with the payment alone: seated (a phone paid), not paid yet, a transfer given back, or over. */
async function joinByReference(tournamentId: string, paymentId: string, deps: PaidJoinDeps, fallback?: string): Promise<ByReference> {
  try {
    const seated = await deps.join(tournamentId, { paymentId });
    return { kind: 'found', seated, poll: { kind: 'found', payment: { paymentId, signature: seated.signature ?? '' } } };
  } catch (error) {
    // No answer, or one to ask again: the next round does.
    if (paymentStillUsable(error)) {
      if (error instanceof ApiError && error.code === 'PAYMENT_NOT_FOUND') return { kind: 'other', poll: { kind: 'waiting' } };
      throw error;
    }
    const message = paidJoinErrorText(error, fallback);
    return { kind: 'other', poll: error instanceof ApiError && error.code === 'PAYMENT_INVALID' ? { kind: 'refused', message } : { kind: 'over', message } };
  }
}
