import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { csv, ignoredParams } from './schemas.ts';
import { scopedWebstoreId } from '../services/inventory.ts';
import { COMMERCE } from './base.ts';
import { catalogueContext } from '../http/context.ts';

/** Not webstore-scoped: the store comes from the scope filter, `webStoreId Eq '0ZE…'`. */
export function inventoryRoutes(app: FastifyInstance, s: Services): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${COMMERCE}/inventory/levels`,
    {
      schema: {
        tags: ['Inventory'],
        summary: 'Inventory levels by location or location group',
        querystring: z.object({
          scope: z.string({ error: "The 'scope' parameter is required, e.g. webStoreId Eq '0ZE000000000001AAA'." }),
          products: csv,
          locations: csv.optional(),
          locationgroups: csv.optional(),
          includeRelatedProducts: z.string().optional(),
          ...ignoredParams,
        }),
      },
    },
    async (req) => {
      const store = await s.webstores.get(scopedWebstoreId(req.query.scope));
      const ctx = await catalogueContext(s, req, store);
      return s.inventory.levelsFor(store, ctx, req.query);
    },
  );
}
