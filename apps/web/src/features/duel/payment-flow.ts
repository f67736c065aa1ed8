// Paid games: requestBetInfo (10 s) -> the wallet signs and sends one SOL
// transfer carrying the payment's reference key -> verifyPayment (30 s). Messages are the protocol's.
// The wallet is asked for exactly the amount the player confirmed, or not at all.
import { type StakeLabel, formatBalance } from '@duel-dojo/rules';
import type { Protocol } from '../../net/protocol';
import { reasonOf } from '../../net/reason-of';
import { SocketRefusedError, SocketTimeoutError } from '../../net/socket-request';
import { TransferNotLandedError } from '../wallet/transfer-not-landed';
import { type PaymentState, IDLE_PAYMENT } from './payment-state';

export interface StakeTransfer {
  readonly recipientWallet: string;
  readonly lamports: bigint;
  readonly reference: string;
}

export interface PaymentDeps {
  readonly protocol: Protocol;
  /** requestBetInfo -> the raw betInfo payload. */
  requestBetInfo(payload: { betAmount: StakeLabel }): Promise<unknown>;
  /** The wallet signs and sends the transfer; `sent` reports the signature as soon as it is known. */
  pay(transfer: StakeTransfer, sent: (signature: string) => void): Promise<string>;
  /** verifyPayment -> the raw paymentVerified payload. */
  verify(payload: { paymentId: string; signature: string }): Promise<unknown>;
  /**
   * Polls the request by its reference while the wallet is asked (a phone wallet may pay its QR
   * code instead); resolves with the payment found, or null once `signal` aborts.
   */
  findByReference?(paymentId: string, signal: AbortSignal): Promise<VerifiedPayment | null>;
  update(state: PaymentState): void;
}

export interface VerifiedPayment {
  readonly paymentId: string;
  readonly signature: string;
}

/** Why a payment request that asks for another amount than the confirmed one is not paid. */
export function amountChangedText(asked: bigint, confirmed: bigint): string {
  return `the stake is now ${formatBalance(asked)} SOL, not the ${formatBalance(confirmed)} SOL you confirmed. Nothing was paid.`;
}

/**
 * Settles with the payment the phone paid, if that comes before the connected wallet sends; with
 * null when the wallet sent first; rejects when the wallet failed first.
 */
function phoneFirst(wallet: Promise<string>, phone: Promise<VerifiedPayment | null> | null): Promise<VerifiedPayment | null> {
  return new Promise((resolve, reject) => {
    wallet.then(() => resolve(null), reject);
    phone?.then((found) => found && resolve(found), () => undefined);
  });
}

/**
 * The whole payment of the stake the player confirmed (`confirmedLamports`); resolves with the
 * verified payment, or null when it failed (the state says why).
 */
export async function runStakePayment(betAmount: StakeLabel, deps: PaymentDeps, confirmedLamports: bigint): Promise<VerifiedPayment | null> {
  const { protocol } = deps;
  const base = { ...IDLE_PAYMENT, betAmount };
  const fail = (message: string) => {
    deps.update({ ...base, phase: 'failed', message });
    return null;
  };

  deps.update({ ...base, phase: 'requesting' });
  let raw: unknown;
  try {
    raw = await deps.requestBetInfo({ betAmount });
  } catch (error) {
    if (error instanceof SocketTimeoutError) return fail(protocol.ERROR_MESSAGES.REQUEST_TIMEOUT);
    return fail(protocol.errorMessage('JOIN_GAME_FAILED', { message: reasonOf(error, 'unknown error') }));
  }
  const info = protocol.betInfoEvent.safeParse(raw);
  if (!info.success) return fail(protocol.errorMessage('JOIN_GAME_FAILED', { message: 'the server sent no payment information' }));
  const { paymentId } = info.data;
  const asked = BigInt(info.data.lamports);
  if (asked !== confirmedLamports) return fail(protocol.errorMessage('JOIN_GAME_FAILED', { message: amountChangedText(asked, confirmedLamports) }));

  const transfer = { recipientWallet: info.data.recipientWallet, lamports: asked, reference: info.data.reference };
  deps.update({ ...base, phase: 'signing', paymentId, transfer });
  const stopPhone = new AbortController();
  const phone = deps.findByReference?.(paymentId, stopPhone.signal) ?? null;
  let signature: string | null = null;
  try {
    const wallet = deps.pay(transfer, (sent) => {
      signature = sent;
      stopPhone.abort();
      deps.update({ ...base, phase: 'confirming', paymentId, signature: sent });
    });
    const byPhone = await phoneFirst(wallet, phone);
    if (byPhone) {
      deps.update({ ...base, phase: 'verified', paymentId, signature: byPhone.signature });
      return byPhone;
    }
    signature = await wallet;
  } catch (error) {
    // Sent where our cluster cannot see it, or expired before it landed: the server would not find it either.
    if (error instanceof TransferNotLandedError) return fail(error.message);
    // Sent but not confirmed here: the server may still find it, so verification decides.
    if (signature === null) return fail(protocol.errorMessage('JOIN_GAME_FAILED', { message: reasonOf(error, 'unknown error') }));
  } finally {
    stopPhone.abort();
  }
  // A poll still in flight may answer for the wallet's own transfer: it ends before the signature
  // is verified, so the two answers are never taken for each other.
  const late = await phone;
  if (late) {
    deps.update({ ...base, phase: 'verified', paymentId, signature: late.signature });
    return late;
  }
  return verifyStakePayment({ betAmount, paymentId, signature }, deps);
}

/** Verification alone: after the transfer, and Retry from the verification-failed popup. */
export async function verifyStakePayment(
  payment: { betAmount: StakeLabel | null; paymentId: string | null; signature: string | null },
  deps: PaymentDeps,
): Promise<VerifiedPayment | null> {
  const { protocol } = deps;
  const base = { ...IDLE_PAYMENT, ...payment };
  const { paymentId, signature } = payment;
  if (!paymentId || !signature) {
    deps.update({ ...base, phase: 'failed', message: protocol.ERROR_MESSAGES.NO_SIGNATURE_TO_RETRY });
    return null;
  }
  const failed = (message: string) => {
    deps.update({ ...base, phase: 'failed', message: protocol.errorMessage('PAYMENT_VERIFICATION_FAILED', { message }) });
    return null;
  };
  const retry = (reason: 'timeout' | 'not-found', message: string) => {
    deps.update({ ...base, phase: 'verification-failed', reason, message });
    return null;
  };

  deps.update({ ...base, phase: 'verifying' });
  let raw: unknown;
  try {
    raw = await deps.verify({ paymentId, signature });
  } catch (error) {
    if (error instanceof SocketTimeoutError) return retry('timeout', protocol.ERROR_MESSAGES.VERIFICATION_TIMEOUT);
    if (error instanceof SocketRefusedError) return failed(error.message);
    return failed(reasonOf(error, 'unknown error'));
  }
  const result = protocol.paymentVerifiedEvent.safeParse(raw);
  if (!result.success) return failed('unexpected answer from the server');
  if (result.data.success) {
    deps.update({ ...base, phase: 'verified' });
    return { paymentId, signature };
  }
  if (result.data.retryable || /not found/i.test(result.data.message)) return retry('not-found', result.data.message);
  return failed(result.data.message);
}
