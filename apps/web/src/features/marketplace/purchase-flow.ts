// Marketplace purchase: purchase info over the socket (10 s), a SOL transfer signed by
// the wallet, verification over the socket (30 s). Messages are the protocol's error texts. The transfer is
// offered as a Solana Pay QR code too (features/solana-pay/payment-session.ts): a phone wallet may
// pay it, and the purchase is then found by its reference.
import type { Protocol } from '../../net/protocol';
import { SocketRefusedError, SocketTimeoutError } from '../../net/socket-request';
import { type PollAnswer, payEitherWay } from '../solana-pay/payment-session';
import { pollAnswerOf } from '../solana-pay/reference-poll';
import { alreadyPaidText, paidBefore } from '../solana-pay/second-payment';
import { openTrackedSession } from '../solana-pay/session-views';
import { TransferNotLandedError } from '../wallet/transfer-not-landed';
import { type PurchaseState, IDLE_PURCHASE } from './purchase-state';
import { priceChangedText } from './purchase-terms';

export interface PurchaseItem {
  readonly id: number;
  readonly name: string;
  readonly priceLamports: bigint;
}

export interface PaymentInstruction {
  readonly recipientWallet: string;
  readonly lamports: bigint;
  readonly reference: string;
}

export interface PurchaseDeps {
  readonly protocol: Protocol;
  readonly walletAddress: string;
  /** requestMarketplacePurchase -> the raw marketplacePurchaseInfo payload. */
  requestInfo(payload: { characterId: number; price: string; currency: 'SOL'; walletAddress: string }): Promise<unknown>;
  /** The wallet signs and sends the transfer; resolves with its signature, `sent` hears it once sent. */
  pay(instruction: PaymentInstruction, sent?: (signature: string) => void): Promise<string>;
  /** verifyMarketplacePurchase -> the raw marketplacePurchaseResult payload; without a signature, found by reference. */
  verify(payload: { purchaseId: string; signature?: string; characterId: number }): Promise<unknown>;
  /** How often the purchase is asked for by its reference while its QR code is shown; default 2.5 s. */
  readonly pollIntervalMs?: number;
  /** The state as it moves; the UI renders it. */
  update(state: PurchaseState): void;
  /** After a success: refresh the owned list, the supply and the balance. */
  onPurchased(): void;
}

function successText(item: PurchaseItem, ownershipUpdated: boolean, signature: string): string {
  const owned = ownershipUpdated
    ? 'You now own this character.'
    : 'Ownership will update in your collection the next time you sign in.';
  return `Successfully purchased ${item.name}! ${owned} Transaction: ${signature.slice(0, 8)}…`;
}

export async function runPurchase(item: PurchaseItem, deps: PurchaseDeps): Promise<void> {
  const { protocol } = deps;
  const base = { ...IDLE_PURCHASE, characterId: item.id };
  const fail = (message: string) => deps.update({ ...base, phase: 'failed', message });

  deps.update({ ...base, phase: 'requesting' });
  let raw: unknown;
  try {
    raw = await deps.requestInfo({ characterId: item.id, price: item.priceLamports.toString(), currency: 'SOL', walletAddress: deps.walletAddress });
  } catch (error) {
    if (error instanceof SocketTimeoutError) return fail(protocol.ERROR_MESSAGES.REQUEST_TIMEOUT);
    if (error instanceof SocketRefusedError) return fail(protocol.errorMessage('PURCHASE_FAILED', { message: error.message }));
    return fail(protocol.ERROR_MESSAGES.PURCHASE_INFO_FAILED);
  }
  const info = protocol.marketplacePurchaseInfoEvent.safeParse(raw);
  if (!info.success) return fail(protocol.ERROR_MESSAGES.PURCHASE_INFO_FAILED);
  if (!info.data.success) return fail(protocol.errorMessage('PURCHASE_FAILED', { message: info.data.message }));

  // The wallet is asked for the confirmed price or not at all.
  const asked = BigInt(info.data.lamports);
  if (asked !== item.priceLamports) return fail(protocol.errorMessage('PURCHASE_FAILED', { message: priceChangedText(asked, item.priceLamports) }));

  const { purchaseId } = info.data;
  const transfer = { recipientWallet: info.data.recipientWallet, lamports: asked, reference: info.data.reference };
  deps.update({ ...base, phase: 'signing', purchaseId, transfer });
  const session = openTrackedSession(transfer.reference, {
    expiresAt: info.data.expiresAt,
    ask: () => askByReference(item, purchaseId, deps),
    wallet: (sent) => deps.pay(transfer, sent),
    // Shown to the server at once, so the second payment goes back now rather than at its next pass.
    secondPayment: (signature) => void deps.verify({ purchaseId, signature, characterId: item.id }).catch(() => undefined),
    expiredMessage: protocol.ERROR_MESSAGES.PAYMENT_EXPIRED,
    ...(deps.pollIntervalMs === undefined ? {} : { intervalMs: deps.pollIntervalMs }),
  });
  const paid = await payEitherWay(session, () => undefined).finally(() => session.close());
  if (paid.by === 'phone') return succeeded(item, purchaseId, paid.payment.signature, true, deps);
  if (paid.by === 'wallet') return verifyPurchase(item, purchaseId, paid.signature, deps);
  // Sent, then not confirmed here: the server may still find it, so the verification decides.
  if (paid.signature !== null && !(paid.error instanceof TransferNotLandedError)) return verifyPurchase(item, purchaseId, paid.signature, deps);
  return fail(protocol.errorMessage('PURCHASE_FAILED', { message: paid.error instanceof Error ? paid.error.message : 'the wallet did not send the transfer' }));
}

/** The purchase asked for by its reference alone (a phone wallet paid its QR code). */
async function askByReference(item: PurchaseItem, purchaseId: string, deps: PurchaseDeps): Promise<PollAnswer> {
  const answer = deps.protocol.marketplacePurchaseResultEvent.safeParse(await deps.verify({ purchaseId, characterId: item.id }));
  return answer.success ? pollAnswerOf(purchaseId, answer.data) : { kind: 'waiting' };
}

function succeeded(item: PurchaseItem, purchaseId: string, signature: string, ownershipUpdated: boolean, deps: PurchaseDeps, note?: string): void {
  const message = successText(item, ownershipUpdated, signature);
  deps.update({ ...IDLE_PURCHASE, characterId: item.id, purchaseId, signature, phase: 'succeeded', message: note ? `${note} ${message}` : message });
  deps.onPurchased();
}

/** Verification alone: the first attempt, and Retry Verification from the not-found popup. */
export async function verifyPurchase(item: PurchaseItem, purchaseId: string, signature: string, deps: PurchaseDeps): Promise<void> {
  const { protocol } = deps;
  const paid = { ...IDLE_PURCHASE, characterId: item.id, purchaseId, signature };
  const verificationFailed = (message: string) =>
    deps.update({ ...paid, phase: 'failed', message: protocol.errorMessage('PURCHASE_VERIFICATION_FAILED_WITH', { message }) });

  deps.update({ ...paid, phase: 'verifying' });
  let raw: unknown;
  try {
    raw = await deps.verify({ purchaseId, signature, characterId: item.id });
  } catch (error) {
    if (error instanceof SocketTimeoutError) return verificationFailed(protocol.ERROR_MESSAGES.VERIFICATION_TIMEOUT);
    return verificationFailed(error instanceof Error ? error.message : protocol.ERROR_MESSAGES.PURCHASE_VERIFICATION_FAILED);
  }
  const result = protocol.marketplacePurchaseResultEvent.safeParse(raw);
  if (!result.success) return verificationFailed(protocol.ERROR_MESSAGES.PURCHASE_VERIFICATION_FAILED);
  if (result.data.success) return succeeded(item, purchaseId, signature, result.data.characterOwnershipUpdated, deps);
  // Refused and given back because the phone's transfer paid it first: that one bought the item.
  const before = await paidBefore(result.data, () => askByReference(item, purchaseId, deps));
  if (before) return succeeded(item, purchaseId, before.signature, true, deps, alreadyPaidText(result.data.message));
  const message = result.data.message || protocol.ERROR_MESSAGES.PURCHASE_VERIFICATION_FAILED;
  if (message.toLowerCase().includes('not found')) {
    deps.update({ ...paid, phase: 'not-found', message });
    return;
  }
  verificationFailed(message);
}
