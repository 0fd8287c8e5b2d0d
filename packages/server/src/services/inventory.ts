// Inventory levels per location and per location group; available = on hand minus what orders hold
// (reserved) and, in total and per group, minus what carts have reserved and not let lapse.
import type { Kysely } from 'kysely';
import { isRecordId, type InventoryLevels, type InventoryProductLevel } from '@store/core';
import type { Database } from '../db/schema.ts';
import { freeStock, heldByCarts, lessHeldByCarts } from './stock.ts';
import { ApiError, badInput } from '../domain/errors.ts';
import { toId18 } from '../domain/record-ids.ts';
import type { ProductService, Viewer } from './products.ts';
import type { Webstore } from './webstores.ts';

export const MAX_COMBINATIONS = 100;

/** Where stock is counted: named locations, or named location groups. */
export interface StockSources {
  locations?: string[];
  locationGroups?: string[];
}

/** An inventory levels request as the route parsed it. */
export interface LevelsRequest {
  products: string[];
  locations?: string[];
  locationgroups?: string[];
}

/**
 * The webstore an inventory call is scoped to: the API is not webstore-scoped, the store comes from the
 * scope filter, `webStoreId Eq '0ZE…'`.
 */
export function scopedWebstoreId(scope: string): string {
  const m = /^\s*webStoreId\s+Eq\s+'([a-zA-Z0-9]{15,18})'\s*$/i.exec(scope);
  if (!m) throw badInput("The scope must have the form webStoreId Eq '<webstore id>'.");
  return m[1];
}

/** The locations or groups asked for, else the store's default stock source, else an error. */
function stockSources(store: Webstore, q: LevelsRequest): StockSources {
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
  return sources;
}

export class InventoryService {
  constructor(
    private db: Kysely<Database>,
    private products: ProductService,
  ) {}

  /** Levels of the products (named by id or SKU) the caller may see, at the sources asked for or the store's default. */
  async levelsFor(store: Webstore, viewer: Viewer, q: LevelsRequest): Promise<InventoryLevels> {
    if (!store.settings.inventoryConfiguration.isInventoryEnabled)
      throw new ApiError(400, 'INVENTORY_DISABLED', 'Inventory is not enabled for this store.');
    const sources = stockSources(store, q);
    const ids = q.products.filter((p) => isRecordId(p)).map(toId18);
    const skus = q.products.filter((p) => !isRecordId(p));
    const rows = [
      ...(await this.products.visibleRowsByIds(store.id, viewer, ids)),
      ...(await this.products.visibleRowsBySkus(store.id, viewer, skus)),
    ];
    return this.levels(
      store.id,
      rows.map((r) => r.id),
      sources,
    );
  }

  async levels(
    webstoreId: string,
    productIds: string[],
    sources: { locations?: string[]; locationGroups?: string[] },
  ): Promise<InventoryLevels> {
    const groups = sources.locationGroups ?? [];
    const members = groups.length
      ? await this.db
          .selectFrom('location_group_member')
          .innerJoin('location_group', 'location_group.id', 'location_group_member.location_group_id')
          .select(['location_group_member.location_group_id', 'location_group_member.location_id'])
          .where('location_group.webstore_id', '=', webstoreId)
          .where('location_group_member.location_group_id', 'in', groups)
          .execute()
      : [];
    const locationIds = [...new Set([...(sources.locations ?? []), ...members.map((m) => m.location_id)])];
    const [rows, held] = await Promise.all([
      locationIds.length && productIds.length
        ? this.db
            .selectFrom('inventory_level')
            .selectAll()
            .where('product_id', 'in', productIds)
            .where('location_id', 'in', locationIds)
            .execute()
        : [],
      heldByCarts(this.db, productIds, new Date().toISOString()),
    ]);
    // Cart reservations are not tied to a location: they lower what can be ordered across the pool.
    const level = (productId: string, locs: string[], pooled = true): InventoryProductLevel => {
      let onHand = 0;
      let available = 0;
      for (const r of rows)
        if (r.product_id === productId && locs.includes(r.location_id)) {
          onHand += r.on_hand;
          available += freeStock(r);
        }
      const reserved = pooled ? (held.get(productId) ?? 0) : 0;
      return {
        product2Id: productId,
        onHand,
        availableToFulfill: available,
        availableToOrder: lessHeldByCarts(available, reserved),
      };
    };
    const knownGroups = new Set(members.map((m) => m.location_group_id));
    return {
      success: true,
      errors: groups
        .filter((g) => !knownGroups.has(g))
        .map((g) => ({ errorCode: 'NOT_FOUND', message: `The location group ${g} doesn't exist for this store.` })),
      locations: (sources.locations ?? []).map((loc) => ({
        locationId: loc,
        locationSourceKey: 'location' as const,
        inventoryProducts: productIds.map((p) => level(p, [loc], false)),
      })),
      locationGroups: [...knownGroups].map((g) => ({
        locationGroupId: g,
        locationSourceKey: 'locationGroup' as const,
        inventoryProducts: productIds.map((p) =>
          level(
            p,
            members.filter((m) => m.location_group_id === g).map((m) => m.location_id),
          ),
        ),
      })),
      totalInventory: productIds.map((p) => level(p, locationIds)),
    };
  }
}
