// Buy Now stops here before the wallet is asked: the price that leaves the wallet, the character
// it buys, and the refund if it sells out meanwhile. Cancel moves no money.
import type { MarketplaceCharacter } from '@duel-dojo/rules';
import { MoneyConfirmDialog } from '../../components/money-confirm/money-confirm-dialog';
import { SOLD_OUT_REFUND_NOTE, priceLabel, purchaseSummary } from '../../features/marketplace/purchase-terms';

export interface PurchaseConfirmDialogProps {
  /** The item being bought; null: no dialog. */
  readonly item: MarketplaceCharacter | null;
  onConfirm(): void;
  onCancel(): void;
}

export function PurchaseConfirmDialog({ item, onConfirm, onCancel }: PurchaseConfirmDialogProps) {
  if (!item) return null;
  return (
    <MoneyConfirmDialog
      open
      title="Confirm your purchase"
      subject={`${item.name} · ${item.rarity}`}
      lines={[
        { label: 'Leaves your wallet', value: priceLabel(item.priceLamports) },
        { label: 'You get', value: item.name },
      ]}
      summary={purchaseSummary(item)}
      notes={[SOLD_OUT_REFUND_NOTE]}
      confirmLabel={`Pay ${priceLabel(item.priceLamports)} & Buy`}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
