import { z } from 'zod/mini';
import { MAX_LIST } from './limits';
import { characterId, count } from './primitives';

// GET /api/marketplace: how many of each marketplace character were sold, so the grid can show
// "n / max sold" and SOLD OUT (purchased >= maxSupply). Prices come from rules' catalogue.

export const marketplaceSupplyEntry = z.object({
  characterId,
  purchased: count,
  maxSupply: count,
});
export type MarketplaceSupplyEntry = z.infer<typeof marketplaceSupplyEntry>;

export const marketplaceAnswer = z.object({
  success: z.literal(true),
  items: z.array(marketplaceSupplyEntry).check(z.maxLength(MAX_LIST)),
});
export type MarketplaceAnswer = z.infer<typeof marketplaceAnswer>;
