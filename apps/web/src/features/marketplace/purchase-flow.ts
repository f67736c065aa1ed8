// Spec §4 "Marketplace purchase": purchase info over the socket (10 s), a SOL transfer signed by
// the wallet, verification over the socket (30 s). Messages are the spec §8 texts.
import type { Protocol } from '../../net/protocol';
import { SocketRefusedError, SocketTimeoutError } from '../../net/socket-request';
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
  /** The wallet signs and sends the transfer; resolves with its signature. */
  pay(instruction: PaymentInstruction): Promise<string>;
  /** verifyMarketplacePurchase -> the raw marketplacePurchaseResult payload. */
  verify(payload: { purchaseId: string; signature: string; characterId: number }): Promise<unknown>;
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

  deps.update({ ...base, phase: 'signing', purchaseId: info.data.purchaseId });
  let signature: string;
  try {
    signature = await deps.pay({ recipientWallet: info.data.recipientWallet, lamports: asked, reference: info.data.reference });
  } catch (error) {
    return fail(protocol.errorMessage('PURCHASE_FAILED', { message: error instanceof Error ? error.message : 'the wallet did not send the transfer' }));
  }
  await verifyPurchase(item, info.data.purchaseId, signature, deps);
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
  if (result.data.success) {
    deps.update({ ...paid, phase: 'succeeded', message: successText(item, result.data.characterOwnershipUpdated, signature) });
    deps.onPurchased();
    return;
  }
  const message = result.data.message || protocol.ERROR_MESSAGES.PURCHASE_VERIFICATION_FAILED;
  if (message.toLowerCase().includes('not found')) {
    deps.update({ ...paid, phase: 'not-found', message });
    return;
  }
  verificationFailed(message);
}
