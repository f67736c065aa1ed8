// The marketplace's public face: the catalogue comes from rules; what is sold comes from the
// supply counts the ledger keeps when it credits a purchase (modules/ledger is their only writer).
import type { MarketplaceAnswer } from '@duel-dojo/protocol';
import { MARKETPLACE_CHARACTERS } from '@duel-dojo/rules';

export interface MarketplaceStore {
  /** Sold count per character id; a character never sold may be absent. */
  purchasedCounts(): Promise<ReadonlyMap<number, number>>;
}

export function createMarketplace(store: MarketplaceStore) {
  return {
    async supply(): Promise<MarketplaceAnswer> {
      const sold = await store.purchasedCounts();
      return {
        success: true,
        items: MARKETPLACE_CHARACTERS.map((item) => ({ characterId: item.id, purchased: sold.get(item.id) ?? 0, maxSupply: item.maxSupply })),
      };
    },
  };
}

export type Marketplace = ReturnType<typeof createMarketplace>;
