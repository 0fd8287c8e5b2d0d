import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { badInput, ApiError } from '../domain/errors.ts';
import { csv, ignoredParams, recordId } from './schemas.ts';
import { toId18 } from '../domain/record-ids.ts';
import { COMMERCE } from './base.ts';
import { catalogueContext } from '../http/context.ts';

const MAX_COMBINATIONS = 100;

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
      const q = req.query;
      const m = /^\s*webStoreId\s+Eq\s+'([a-zA-Z0-9]{15,18})'\s*$/i.exec(q.scope);
      if (!m) throw badInput("The scope must have the form webStoreId Eq '<webstore id>'.");
      const store = await s.webstores.get(m[1]);
      const ctx = await catalogueContext(s, req, store);
      if (!store.settings.inventoryConfiguration.isInventoryEnabled)
        throw new ApiError(400, 'INVENTORY_DISABLED', 'Inventory is not enabled for this store.');
      if (q.locations?.length && q.locationgroups?.length)
        throw badInput('Specify either locations or locationgroups, not both.');
      if (!q.products.length) throw badInput('Specify at least one product.');
      const def = store.settings.inventoryConfiguration.inventoryDefaultSource;
      const sources = q.locations?.length
        ? { locations: q.locations.map(toId18) }
        : q.locationgroups?.length
          ? { locationGroups: q.locationgroups.map(toId18) }
          : def
            ? def.locationSourceType === 'Location'
              ? { locations: [def.locationSourceId] }
              : { locationGroups: [def.locationSourceId] }
            : null;
      if (!sources) throw badInput('Specify locations or locationgroups; the store has no default inventory source.');
      const count = (sources.locations ?? sources.locationGroups ?? []).length;
      if (q.products.length * count > MAX_COMBINATIONS)
        throw badInput(`Specify at most ${MAX_COMBINATIONS} product and location combinations.`);
      // Products may be named by id or SKU.
      const ids = q.products.filter((p) => recordId.safeParse(p).success).map(toId18);
      const skus = q.products.filter((p) => !recordId.safeParse(p).success);
      const rows = [
        ...(await s.products.rowsByIds(store.id, ids)),
        ...(await s.products.rowsBySkus(store.id, skus)),
      ].filter((row) => ctx.visibility.canSeeProduct(row.id));
      return s.inventory.levels(
        store.id,
        rows.map((r) => r.id),
        sources,
      );
    },
  );
}
