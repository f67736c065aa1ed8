// The marketplace purchase as UI states: the confirmation of the price before anything
// is requested; the processing popup while the purchase is prepared, paid and verified; the
// "Transaction Not Found" popup with Retry Verification; the success or failure alert at the end.

export type PurchasePhase = 'idle' | 'confirm' | 'requesting' | 'signing' | 'verifying' | 'not-found' | 'succeeded' | 'failed';

export interface PurchaseState {
  readonly phase: PurchasePhase;
  readonly characterId: number | null;
  readonly purchaseId: string | null;
  readonly signature: string | null;
  /** The alert's text once succeeded or failed. */
  readonly message: string | null;
  /** While the wallet is asked: the transfer, also offered as a Solana Pay QR code for a phone wallet. */
  readonly transfer?: { readonly recipientWallet: string; readonly lamports: bigint; readonly reference: string };
}

export const IDLE_PURCHASE: PurchaseState = { phase: 'idle', characterId: null, purchaseId: null, signature: null, message: null };

/** The processing popup shows in these phases. */
export function isProcessing(phase: PurchasePhase): boolean {
  return phase === 'requesting' || phase === 'signing' || phase === 'verifying';
}

export const PROCESSING_TEXT: Readonly<Record<'requesting' | 'signing' | 'verifying', string>> = {
  requesting: 'Preparing your purchase…',
  signing: 'Approve the transfer in your wallet…',
  verifying: 'Verifying the transaction on chain…',
};
