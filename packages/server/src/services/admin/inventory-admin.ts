// A product's stock in the workspace: its level at each of the store's locations (the members of the store's
// location groups, and any other location that holds a level for it), on hand as the seller counts it and
// reserved (what placed orders hold) read-only. The model has no safety stock, so there is none to show.
// Stock is never cached (the inventory API, the cart's check and the product page read the rows per
// request), so a change needs no catalogue version bump: RecordedChanges writes it with its audit entry and
// the product page's stock answer follows on its next request.
import type { Kysely } from 'kysely';
import type { InventoryChange, InventoryLevelRow, ProductInventory } from '@store/core';
import type { Database } from '../../db/schema.ts';
import { ApiError, badInput, notFound } from '../../domain/errors.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import { lockProduct } from './catalogue-change.ts';
import type { RecordedChanges } from './recorded-change.ts';
import type { Actor } from './workspace-access.ts';

type Db = Kysely<Database>;

async function inventoryOf(db: Db, webstoreId: string, productId: string): Promise<ProductInventory | null> {
  const product = await db
    .selectFrom('product')
    .select(['id', 'sku', 'name', 'fulfilment'])
    .where('id', '=', productId)
    .where('webstore_id', '=', webstoreId)
    .executeTakeFirst();
  if (!product) return null;
  const base = { productId: product.id, sku: product.sku, name: product.name, fulfilment: product.fulfilment };
  if (product.fulfilment !== 'Physical') return { ...base, levels: [] };
  const [locations, levels] = await Promise.all([
    storeLocations(db, webstoreId, productId),
    db.selectFrom('inventory_level').selectAll().where('product_id', '=', productId).execute(),
  ]);
  const byLocation = new Map(levels.map((l) => [l.location_id, l]));
  const rows: InventoryLevelRow[] = locations.map((l) => ({
    locationId: l.id,
    locationName: l.name,
    locationType: l.location_type,
    onHand: byLocation.get(l.id)?.on_hand ?? 0,
    reserved: byLocation.get(l.id)?.reserved ?? 0,
  }));
  return { ...base, levels: rows };
}

/** The store's locations (its groups' members) and the ones already holding this product, by name. */
function storeLocations(db: Db, webstoreId: string, productId: string) {
  return db
    .selectFrom('location')
    .select(['id', 'name', 'location_type'])
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb
            .selectFrom('location_group_member as m')
            .innerJoin('location_group as g', 'g.id', 'm.location_group_id')
            .select('m.location_id')
            .where('g.webstore_id', '=', webstoreId),
        ),
        eb('id', 'in', eb.selectFrom('inventory_level').select('location_id').where('product_id', '=', productId)),
      ]),
    )
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export class InventoryAdmin {
  constructor(
    private db: Db,
    private recorded: RecordedChanges,
  ) {}

  async get(webstoreId: string, productId: string): Promise<ProductInventory> {
    const found = await inventoryOf(this.db, webstoreId, checkedId(productId, KEY_PREFIX.product));
    if (!found) throw notFound(`The product ${productId} doesn't exist.`);
    return found;
  }

  /** Sets on hand at the locations named (others are kept); reserved stays as orders left it. */
  async update(
    webstoreId: string,
    actor: Actor,
    productId: string,
    change: InventoryChange,
  ): Promise<ProductInventory> {
    const id = checkedId(productId, KEY_PREFIX.product);
    const wanted = change.levels.map((l) => ({ ...l, locationId: checkedId(l.locationId, KEY_PREFIX.location) }));
    if (new Set(wanted.map((l) => l.locationId)).size !== wanted.length)
      throw badInput('levels: each location may be named once.');
    return this.recorded.run(webstoreId, actor, async (trx) => {
      await lockProduct(trx, id);
      const before = await inventoryOf(trx, webstoreId, id);
      if (!before) throw notFound(`The product ${productId} doesn't exist.`);
      if (before.fulfilment !== 'Physical')
        throw new ApiError(
          409,
          'NOT_STOCKED',
          `${before.sku} is a ${before.fulfilment.toLowerCase()}: it has no stock to count.`,
        );
      const known = new Map(before.levels.map((l) => [l.locationId, l]));
      const unknown = wanted.filter((l) => !known.has(l.locationId)).map((l) => l.locationId);
      if (unknown.length) throw badInput(`levels: ${unknown.join(', ')} is not one of the store's locations.`);
      for (const l of wanted) {
        const updated = await trx
          .updateTable('inventory_level')
          .set({ on_hand: l.onHand })
          .where('product_id', '=', id)
          .where('location_id', '=', l.locationId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0)
          await trx
            .insertInto('inventory_level')
            .values({ product_id: id, location_id: l.locationId, on_hand: l.onHand, reserved: 0 })
            .execute();
      }
      const after = (await inventoryOf(trx, webstoreId, id))!;
      return {
        result: after,
        change: {
          action: 'update',
          recordType: 'Inventory',
          recordId: id,
          recordLabel: `${after.sku} ${after.name}`,
          before: before.levels,
          after: after.levels,
        },
      };
    });
  }
}
