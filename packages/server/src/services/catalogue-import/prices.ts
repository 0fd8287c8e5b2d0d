// Prices: one row per price book entry, matched by (SKU, price book, selling model); an empty selling
// model is the plain one-time price. The unit price is a decimal in the book's currency (stored as minor
// units, converted with big.js); volume tiers ride on the same row (tierType + tiers).
import { compareDecimal, decimalToMinorUnits, minorUnitsToDecimal } from '@store/core';
import type { Kysely, Transaction } from 'kysely';
import { allocateIds } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { KEY_PREFIX } from '../../domain/record-ids.ts';
import { booleanColumn, choiceColumn, type Column, decimalColumn, textColumn } from './fields.ts';
import { type CellReader, chunks, productIdsBySku, type ImportKind, insertAll, type WriteResult } from './kind.ts';
import type { StoreRefs } from './store-refs.ts';
import { sameBands, type TierBand, tiersColumn } from './tiers-column.ts';

const TIER_TYPES = { Percentage: 'PercentageBasedAdjustment', Amount: 'AmountBasedAdjustment' } as const;
type TierType = keyof typeof TIER_TYPES;

export const priceColumns = {
  sku: textColumn('sku', { max: 80, required: true }),
  priceBook: textColumn('priceBook', { max: 255, required: true }),
  sellingModel: textColumn('sellingModel', { max: 255 }),
  unitPrice: decimalColumn('unitPrice', { decimals: 2, max: '99999999999.99', required: true }),
  active: booleanColumn('active'),
  tierType: choiceColumn('tierType', Object.keys(TIER_TYPES) as TierType[]),
  tiers: tiersColumn('tiers'),
};

export interface PriceRow {
  sku: string;
  priceBookId: string;
  sellingModelId: string | null;
  unitPriceMinor?: number;
  isActive?: number;
  /** null: no tiers. */
  tiers?: { type: string; bands: TierBand[] } | null;
}

interface StoredEntry {
  id: string;
  unitPriceMinor: number;
  isActive: number;
  tiers: { type: string; bands: TierBand[] } | null;
}

const entryKey = (productId: string, bookId: string, modelId: string | null) =>
  `${productId}|${bookId}|${modelId ?? ''}`;

function readRow(r: CellReader, refs: StoreRefs): PriceRow | null {
  const c = priceColumns;
  const sku = r.need(c.sku) ?? '';
  const bookText = r.need(c.priceBook);
  const book = bookText ? refs.priceBooks.find(bookText) : undefined;
  if (bookText && !book) r.fail('priceBook', `is not a price book of the store (${refs.priceBooks.choices()})`);
  const modelText = r.get(c.sellingModel);
  const model = modelText ? refs.sellingModels.find(modelText) : undefined;
  if (modelText && !model)
    r.fail('sellingModel', `is not a selling model of the store (${refs.sellingModels.choices()})`);
  const row: PriceRow = { sku, priceBookId: book?.id ?? '', sellingModelId: model?.id ?? null };
  const price = r.get(c.unitPrice);
  if (price) row.unitPriceMinor = Number(decimalToMinorUnits(price));
  const active = r.get(c.active);
  if (active !== undefined) row.isActive = active === false ? 0 : 1;
  if (r.has(c.tiers.name) !== r.has(c.tierType.name))
    r.fail(r.has('tiers') ? 'tierType' : 'tiers', 'tierType and tiers go together');
  const type = r.get(c.tierType);
  const bands = r.get(c.tiers);
  if (bands !== undefined && type !== undefined) {
    if (bands?.length && !type) r.fail('tierType', `is required with tiers (${Object.keys(TIER_TYPES).join(' or ')})`);
    if (type === 'Percentage' && bands?.some((b) => compareDecimal(b.value, '100') > 0))
      r.fail('tiers', 'a percentage is at most 100');
    row.tiers = bands?.length && type ? { type: TIER_TYPES[type], bands } : null;
  }
  return r.bad ? null : row;
}

async function storedEntries(db: Kysely<Database>, ids: string[]): Promise<Map<string, StoredEntry>> {
  const out = new Map<string, StoredEntry>();
  const byId = new Map<string, StoredEntry>();
  for (const part of chunks([...new Set(ids)])) {
    const entries = await db.selectFrom('price_book_entry').selectAll().where('product_id', 'in', part).execute();
    for (const e of entries) {
      const s: StoredEntry = { id: e.id, unitPriceMinor: e.unit_price_minor, isActive: e.is_active, tiers: null };
      out.set(entryKey(e.product_id, e.price_book_id, e.selling_model_id), s);
      byId.set(e.id, s);
    }
  }
  for (const part of chunks([...byId.keys()]))
    for (const t of await db
      .selectFrom('price_adjustment_tier')
      .selectAll()
      .where('price_book_entry_id', 'in', part)
      .orderBy('lower_bound')
      .execute()) {
      const s = byId.get(t.price_book_entry_id)!;
      s.tiers ??= { type: t.adjustment_type, bands: [] };
      s.tiers.bands.push({ lower: t.lower_bound, upper: t.upper_bound, value: t.adjustment_value });
    }
  return out;
}

const sameTiers = (a: StoredEntry['tiers'], b: StoredEntry['tiers']) =>
  (!a && !b) || (!!a && !!b && a.type === b.type && sameBands(a.bands, b.bands));

export function pricesKind(): ImportKind<PriceRow> {
  return {
    kind: 'prices',
    columns: Object.values(priceColumns) as Column<unknown>[],
    keyColumns: ['sku', 'priceBook'],
    chunkSize: 1000,
    key: (r) => `${r.sku}|${r.priceBookId}|${r.sellingModelId ?? ''}`,
    read: readRow,

    async checkChunk(db, rows, refs, fail) {
      const ids = await productIdsBySku(
        db,
        refs.webstoreId,
        rows.map((r) => r.value.sku),
      );
      const entries = await storedEntries(db, [...ids.values()]);
      for (const { row, value } of rows) {
        const id = ids.get(value.sku);
        if (!id) fail(row, 'sku', `${value.sku} is not a product of the store`);
        else if (
          value.unitPriceMinor === undefined &&
          !entries.has(entryKey(id, value.priceBookId, value.sellingModelId))
        )
          fail(row, 'unitPrice', 'is required for a new price');
      }
    },

    write: (trx, rows, refs) => writePrices(trx, rows, refs),
    exportRows: (db, refs) => exportPrices(db, refs),
  };
}

async function writePrices(trx: Transaction<Database>, rows: PriceRow[], refs: StoreRefs): Promise<WriteResult> {
  const result: WriteResult = { created: 0, updated: 0, unchanged: 0, changedProducts: [] };
  const ids = await productIdsBySku(
    trx,
    refs.webstoreId,
    rows.map((r) => r.sku),
  );
  const stored = await storedEntries(trx, [...ids.values()]);
  const fresh = rows.filter((r) => !stored.has(entryKey(ids.get(r.sku)!, r.priceBookId, r.sellingModelId)));
  const newIds = fresh.length ? await allocateIds(trx, KEY_PREFIX.priceBookEntry, fresh.length) : [];
  const inserts: Database['price_book_entry'][] = [];
  const tierRows: Omit<Database['price_adjustment_tier'], 'id'>[] = [];
  const retiered: string[] = [];
  for (const row of rows) {
    const productId = ids.get(row.sku)!;
    const old = stored.get(entryKey(productId, row.priceBookId, row.sellingModelId));
    let entryId: string;
    if (!old) {
      entryId = newIds[inserts.length]!;
      inserts.push({
        id: entryId,
        price_book_id: row.priceBookId,
        product_id: productId,
        selling_model_id: row.sellingModelId,
        unit_price_minor: row.unitPriceMinor!,
        is_active: row.isActive ?? 1,
      });
      result.created++;
    } else {
      entryId = old.id;
      const changes: Partial<Database['price_book_entry']> = {};
      if (row.unitPriceMinor !== undefined && row.unitPriceMinor !== old.unitPriceMinor)
        changes.unit_price_minor = row.unitPriceMinor;
      if (row.isActive !== undefined && row.isActive !== old.isActive) changes.is_active = row.isActive;
      const tiersChanged = row.tiers !== undefined && !sameTiers(row.tiers, old.tiers);
      if (!Object.keys(changes).length && !tiersChanged) {
        result.unchanged++;
        continue;
      }
      result.updated++;
      if (Object.keys(changes).length)
        await trx.updateTable('price_book_entry').set(changes).where('id', '=', old.id).execute();
      if (!tiersChanged) row.tiers = undefined;
      else retiered.push(old.id);
    }
    result.changedProducts.push(productId);
    for (const b of row.tiers?.bands ?? [])
      tierRows.push({
        price_book_entry_id: entryId,
        lower_bound: b.lower,
        upper_bound: b.upper,
        adjustment_type: row.tiers!.type,
        adjustment_value: b.value,
      });
  }
  for (const part of chunks(retiered))
    await trx.deleteFrom('price_adjustment_tier').where('price_book_entry_id', 'in', part).execute();
  await insertAll(trx, 'price_book_entry', inserts);
  const tierIds = tierRows.length ? await allocateIds(trx, KEY_PREFIX.priceTier, tierRows.length) : [];
  await insertAll(
    trx,
    'price_adjustment_tier',
    tierRows.map((t, i) => ({ id: tierIds[i]!, ...t })),
  );
  result.changedProducts = [...new Set(result.changedProducts)];
  return result;
}

async function* exportPrices(
  db: Kysely<Database>,
  refs: StoreRefs,
): AsyncIterable<Record<keyof typeof priceColumns, unknown>> {
  const typeName = (t: string) => (Object.keys(TIER_TYPES) as TierType[]).find((k) => TIER_TYPES[k] === t) ?? t;
  let after = '';
  for (;;) {
    const page = await db
      .selectFrom('product')
      .select(['id', 'sku'])
      .where('webstore_id', '=', refs.webstoreId)
      .where('sku', '>', after)
      .orderBy('sku')
      .limit(1000)
      .execute();
    if (!page.length) return;
    after = page[page.length - 1]!.sku;
    const stored = await storedEntries(
      db,
      page.map((p) => p.id),
    );
    const sku = new Map(page.map((p) => [p.id, p.sku]));
    const rows = [...stored.entries()].map(([key, e]) => {
      const [productId, bookId, modelId] = key.split('|') as [string, string, string];
      return {
        sku: sku.get(productId)!,
        priceBook: refs.priceBooks.nameOf(bookId),
        sellingModel: refs.sellingModels.nameOf(modelId || null),
        unitPrice: minorUnitsToDecimal(e.unitPriceMinor),
        active: e.isActive === 1,
        tierType: e.tiers ? typeName(e.tiers.type) : null,
        tiers: e.tiers?.bands ?? null,
      };
    });
    const order = (r: (typeof rows)[number]) => `${r.sku}\u0000${r.priceBook}\u0000${r.sellingModel ?? ''}`;
    rows.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
    yield* rows;
  }
}
