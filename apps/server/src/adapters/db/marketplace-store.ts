import type { MarketplaceStore } from '../../modules/marketplace';
import type { Db } from './connect';
import { marketplaceSupply } from './schema';

export function createMarketplaceStore(db: Db): MarketplaceStore {
  return {
    async purchasedCounts() {
      const rows = await db.select({ characterId: marketplaceSupply.characterId, purchased: marketplaceSupply.purchased }).from(marketplaceSupply);
      return new Map(rows.map((row) => [row.characterId, row.purchased]));
    },
  };
}
