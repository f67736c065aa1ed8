// A purchase in the words of its confirmation: the price that leaves the wallet (3 decimals, as
// the marketplace shows prices) and what the player gets for it, or back.
import { formatMarketPrice } from '@duel-dojo/rules';
import type { PurchaseItem } from './purchase-flow';

/** "0.250 SOL". */
export const priceLabel = (lamports: bigint): string => `${formatMarketPrice(lamports)} SOL`;

export function purchaseSummary(item: Pick<PurchaseItem, 'name' | 'priceLamports'>): string {
  return `Pay ${priceLabel(item.priceLamports)} — ${item.name} is yours for good, to fight with in any duel`;
}

/** The server gives back a payment for an item that sold out (or was owned) meanwhile. */
export const SOLD_OUT_REFUND_NOTE = 'If it sells out before your payment arrives, the price is refunded to your wallet.';

/** Why a purchase whose request names another price is not paid. */
export function priceChangedText(asked: bigint, confirmed: bigint): string {
  return `the price is now ${priceLabel(asked)}, not the ${priceLabel(confirmed)} you confirmed. Nothing was paid.`;
}
