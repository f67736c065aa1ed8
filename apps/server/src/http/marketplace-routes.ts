// GET /api/marketplace: sold counts per marketplace character (SOLD OUT on the grid).
import { marketplaceAnswer } from '@duel-dojo/protocol';
import type { Marketplace } from '../modules/marketplace';
import type { RoutePlugin } from './route-plugin';

export const marketplaceRoutes = (marketplace: Marketplace): RoutePlugin => async (app) => {
  app.get(
    '/api/marketplace',
    { schema: { tags: ['marketplace'], summary: 'Sold and maximum supply of each marketplace character', response: { 200: marketplaceAnswer } } },
    async () => marketplace.supply(),
  );
};
