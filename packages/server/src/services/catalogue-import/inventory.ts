// Inventory: one row per product and location (by name or id), the quantity on hand. What carts and
// orders have reserved is theirs and is never imported or exported.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type Column, integerColumn, textColumn } from './fields.ts';
import { type CellReader, chunks, productIdsBySku, type ImportKind, insertAll, type WriteResult } from './kind.ts';
import type { StoreRefs } from './store-refs.ts';

export const inventoryColumns = {
  sku: textColumn('sku', { max: 80, required: true }),
  location: textColumn('location', { max: 255, required: true }),
  onHand: integerColumn('onHand', 0, 1_000_000_000, true),
};

export interface InventoryRow {
  sku: string;
  locationId: string;
  onHand: number;
}

function readRow(r: CellReader, refs: StoreRefs): InventoryRow | null {
  const sku = r.need(inventoryColumns.sku) ?? '';
  const locationText = r.need(inventoryColumns.location);
  const location = locationText ? refs.locations.find(locationText) : undefined;
  if (locationText && !location) r.fail('location', `is not a location of the store (${refs.locations.choices()})`);
  const onHand = r.need(inventoryColumns.onHand);
  return r.bad || onHand === undefined ? null : { sku, locationId: location!.id, onHand };
}

export function inventoryKind(): ImportKind<InventoryRow> {
  return {
    kind: 'inventory',
    columns: Object.values(inventoryColumns) as Column<unknown>[],
    keyColumns: ['sku', 'location', 'onHand'],
    chunkSize: 1000,
    key: (r) => `${r.sku}|${r.locationId}`,
    read: readRow,
    async checkChunk(db, rows, refs, fail) {
      const ids = await productIdsBySku(
        db,
        refs.webstoreId,
        rows.map((r) => r.value.sku),
      );
      for (const { row, value } of rows)
        if (!ids.has(value.sku)) fail(row, 'sku', `${value.sku} is not a product of the store`);
    },
    write: (trx, rows, refs) => writeInventory(trx, rows, refs),
    exportRows: (db, refs) => exportInventory(db, refs),
  };
}

async function writeInventory(trx: Transaction<Database>, rows: InventoryRow[], refs: StoreRefs): Promise<WriteResult> {
  const result: WriteResult = { created: 0, updated: 0, unchanged: 0, changedProducts: [] };
  const ids = await productIdsBySku(
    trx,
    refs.webstoreId,
    rows.map((r) => r.sku),
  );
  const stored = new Map<string, number>();
  for (const part of chunks([...ids.values()]))
    for (const l of await trx.selectFrom('inventory_level').selectAll().where('product_id', 'in', part).execute())
      stored.set(`${l.product_id}|${l.location_id}`, l.on_hand);
  const inserts: Database['inventory_level'][] = [];
  for (const row of rows) {
    const productId = ids.get(row.sku)!;
    const old = stored.get(`${productId}|${row.locationId}`);
    if (old === undefined) {
      inserts.push({ product_id: productId, location_id: row.locationId, on_hand: row.onHand, reserved: 0 });
      result.created++;
    } else if (old === row.onHand) result.unchanged++;
    else {
      await trx
        .updateTable('inventory_level')
        .set({ on_hand: row.onHand })
        .where('product_id', '=', productId)
        .where('location_id', '=', row.locationId)
        .execute();
      result.updated++;
    }
  }
  await insertAll(trx, 'inventory_level', inserts);
  return result;
}

async function* exportInventory(
  db: Kysely<Database>,
  refs: StoreRefs,
): AsyncIterable<Record<keyof typeof inventoryColumns, unknown>> {
  let after = '';
  for (;;) {
    const page = await db
      .selectFrom('product')
      .innerJoin('inventory_level', 'inventory_level.product_id', 'product.id')
      .select(['product.sku', 'inventory_level.location_id', 'inventory_level.on_hand'])
      .where('product.webstore_id', '=', refs.webstoreId)
      .where('product.sku', '>', after)
      .orderBy('product.sku')
      .limit(1000)
      .execute();
    if (!page.length) return;
    // A page may end inside one product's locations: finish that product before the next page.
    const last = page[page.length - 1]!.sku;
    const rest = await db
      .selectFrom('product')
      .innerJoin('inventory_level', 'inventory_level.product_id', 'product.id')
      .select(['product.sku', 'inventory_level.location_id', 'inventory_level.on_hand'])
      .where('product.webstore_id', '=', refs.webstoreId)
      .where('product.sku', '=', last)
      .execute();
    const rows = [...page.filter((r) => r.sku !== last), ...rest].map((r) => ({
      sku: r.sku,
      location: refs.locations.nameOf(r.location_id),
      onHand: r.on_hand,
    }));
    rows.sort((a, b) =>
      a.sku === b.sku ? String(a.location).localeCompare(String(b.location)) : a.sku < b.sku ? -1 : 1,
    );
    yield* rows;
    after = last;
  }
}
