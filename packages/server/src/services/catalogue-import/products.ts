// Products: one row per product, matched by SKU. The columns are the product table's (spec 03 §3's
// dataset fields, the class, the status, the quantity rule, the tax policy), its categories by url name
// (primary first) and its selling models by name. A new product gets the defaults a seller would expect
// (Simple, Live, Dataset, sold once, the generated sample file and image) for columns the file lacks;
// an existing one keeps whatever the file does not name.
import { DEFAULT_QUANTITY_RULE, SKU_MAX_LENGTH, SKU_PATTERN } from '@store/core';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { allocateIds } from '../../db/ids.ts';
import type { Database, ProductTable } from '../../db/schema.ts';
import { KEY_PREFIX } from '../../domain/record-ids.ts';
import {
  attributesColumn,
  choiceColumn,
  type Column,
  dateColumn,
  integerColumn,
  listColumn,
  textColumn,
  urlColumn,
} from './fields.ts';
import { type CellReader, chunks, type ImportKind, insertAll, type WriteResult } from './kind.ts';
import type { StoreRefs } from './store-refs.ts';

const PRODUCT_CLASSES = ['Simple', 'VariationParent', 'Variation', 'Set', 'Bundle'] as const;
// The store's one SKU rule (core sku.ts), so an imported product's sample and image URLs are served.
const SKU_RULE: [RegExp, string] = [
  SKU_PATTERN,
  'may hold only letters, digits, ".", "_" and "-" (it names the sample file and image)',
];
export const URL_NAME_RULE: [RegExp, string] = [
  /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/,
  'may hold only letters, digits and single hyphens between them',
];
const MAX_QTY = Number.MAX_SAFE_INTEGER;

export const productColumns = {
  sku: textColumn('sku', { max: SKU_MAX_LENGTH, required: true, pattern: SKU_RULE }),
  name: textColumn('name', { max: 255, required: true }),
  class: choiceColumn('class', PRODUCT_CLASSES),
  parentSku: textColumn('parentSku', { max: SKU_MAX_LENGTH, pattern: SKU_RULE }),
  variation: attributesColumn('variation'),
  // Live or Draft, the workspace's words for the active flag: a Draft product is not shown to shoppers.
  status: choiceColumn('status', ['Live', 'Draft'] as const),
  fulfilment: choiceColumn('fulfilment', ['Dataset', 'Physical'] as const),
  urlName: textColumn('urlName', { max: 255, pattern: URL_NAME_RULE }),
  description: textColumn('description', { max: 32_000, multiline: true }),
  richDescription: textColumn('richDescription', { max: 200_000, multiline: true }),
  recordCount: integerColumn('recordCount', 0, 1e12),
  countries: listColumn('countries', { maxItems: 300 }),
  sicCode: textColumn('sicCode', { max: 16 }),
  sicDivision: textColumn('sicDivision', { max: 255 }),
  listStatus: textColumn('listStatus', { max: 80 }),
  lastUpdated: dateColumn('lastUpdated'),
  categoryLines: listColumn('categoryLines', { maxItems: 5 }),
  includedFields: listColumn('includedFields', { maxItems: 300 }),
  sampleUrl: urlColumn('sampleUrl'),
  categories: listColumn('categories', { maxItems: 50 }),
  sellingModels: listColumn('sellingModels', { maxItems: 20 }),
  qtyMin: integerColumn('qtyMin', 1, MAX_QTY),
  qtyMax: integerColumn('qtyMax', 1, MAX_QTY),
  qtyIncrement: integerColumn('qtyIncrement', 1, MAX_QTY),
  taxPolicy: textColumn('taxPolicy', { max: 255 }),
};
type ProductColumnName = keyof typeof productColumns;

/** The product table's own columns an import sets. */
type ProductFields = Partial<
  Pick<
    ProductTable,
    | 'name'
    | 'product_class'
    | 'variation_json'
    | 'is_active'
    | 'fulfilment'
    | 'url_name'
    | 'description'
    | 'rich_description'
    | 'record_count'
    | 'countries_json'
    | 'sic_code'
    | 'sic_division'
    | 'list_status'
    | 'last_updated'
    | 'category_lines_json'
    | 'included_fields_json'
    | 'sample_url'
    | 'qty_min'
    | 'qty_max'
    | 'qty_increment'
    | 'tax_policy_id'
    | 'primary_category_id'
  >
>;

/** A product row as read: only what the file names (undefined = keep the stored value). */
export interface ProductRow {
  sku: string;
  fields: ProductFields;
  /** null: no parent. */
  parentSku?: string | null;
  categoryIds?: string[];
  sellingModelIds?: string[];
}

/** A url name made from a product's name and SKU, as the demo catalogue's are. */
export function productUrlName(name: string, sku: string): string {
  const slug = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return [slug(name), slug(sku)].filter(Boolean).join('-') || 'product';
}

const json = (list: string[] | null) => JSON.stringify(list ?? []);
const parseList = (text: string | null): string[] => (text ? (JSON.parse(text) as string[]) : []);

function readFields(r: CellReader, refs: StoreRefs): ProductRow['fields'] {
  const c = productColumns;
  const f: ProductFields = {};
  const set = <K extends keyof ProductFields, V>(col: Column<V>, key: K, map: (v: V | null) => ProductFields[K]) => {
    const v = r.get(col);
    if (v !== undefined) f[key] = map(v);
  };
  const name = r.get(c.name);
  if (name) f.name = name;
  set(c.class, 'product_class', (v) => v ?? 'Simple');
  set(c.variation, 'variation_json', (v) => (v && Object.keys(v).length ? JSON.stringify(v) : null));
  set(c.status, 'is_active', (v) => (v === 'Draft' ? 0 : 1));
  set(c.fulfilment, 'fulfilment', (v) => v ?? 'Dataset');
  // An empty url name keeps the stored one (a new product's is made from its name and SKU): URLs stay stable.
  const urlName = r.get(c.urlName);
  if (urlName) f.url_name = urlName;
  set(c.description, 'description', (v) => v);
  set(c.richDescription, 'rich_description', (v) => v);
  set(c.recordCount, 'record_count', (v) => v);
  set(c.countries, 'countries_json', json);
  set(c.sicCode, 'sic_code', (v) => v);
  set(c.sicDivision, 'sic_division', (v) => v);
  set(c.listStatus, 'list_status', (v) => v);
  set(c.lastUpdated, 'last_updated', (v) => v);
  set(c.categoryLines, 'category_lines_json', json);
  set(c.includedFields, 'included_fields_json', json);
  set(c.sampleUrl, 'sample_url', (v) => v);
  const rule = DEFAULT_QUANTITY_RULE;
  set(c.qtyMin, 'qty_min', (v) => String(v ?? rule.minimum));
  set(c.qtyMax, 'qty_max', (v) => String(v ?? rule.maximum));
  set(c.qtyIncrement, 'qty_increment', (v) => String(v ?? rule.increment));
  if (f.qty_min !== undefined && f.qty_max !== undefined && Number(f.qty_min) > Number(f.qty_max))
    r.fail('qtyMax', 'must not be less than qtyMin');
  const tax = r.get(c.taxPolicy);
  if (tax === null) f.tax_policy_id = null;
  else if (tax !== undefined) {
    const policy = refs.taxPolicies.find(tax);
    if (policy) f.tax_policy_id = policy.id;
    else r.fail('taxPolicy', `is not a tax policy of the store (${refs.taxPolicies.choices()})`);
  }
  return f;
}

function readRow(r: CellReader, refs: StoreRefs): ProductRow | null {
  const c = productColumns;
  const sku = r.need(c.sku);
  const row: ProductRow = { sku: sku ?? '', fields: readFields(r, refs) };
  const parent = r.get(c.parentSku);
  if (parent !== undefined) row.parentSku = parent;
  if (parent && parent === sku) r.fail('parentSku', 'is the product itself');
  if (parent && row.fields.product_class && row.fields.product_class !== 'Variation')
    r.fail('parentSku', 'is only for products of class Variation');
  const categories = r.get(c.categories);
  if (categories !== undefined) {
    row.categoryIds = [];
    for (const urlName of categories ?? []) {
      const category = refs.category(urlName);
      if (!category) r.fail('categories', `${urlName} is not a category url name of the store`);
      else if (!row.categoryIds.includes(category.id)) row.categoryIds.push(category.id);
    }
    row.fields.primary_category_id = row.categoryIds[0] ?? null;
  }
  const models = r.get(c.sellingModels);
  if (models !== undefined) {
    row.sellingModelIds = [];
    for (const name of models ?? []) {
      const model = refs.sellingModels.find(name);
      if (!model)
        r.fail('sellingModels', `${name} is not a selling model of the store (${refs.sellingModels.choices()})`);
      else if (!row.sellingModelIds.includes(model.id)) row.sellingModelIds.push(model.id);
    }
  }
  return r.bad ? null : row;
}

type Existing = Selectable<Database['product']>;

async function existingBySku(db: Kysely<Database>, webstoreId: string, skus: string[]): Promise<Map<string, Existing>> {
  const out = new Map<string, Existing>();
  for (const part of chunks(skus))
    for (const p of await db
      .selectFrom('product')
      .selectAll()
      .where('webstore_id', '=', webstoreId)
      .where('sku', 'in', part)
      .execute())
      out.set(p.sku, p);
  return out;
}

/** Each product's categories (primary first, the others by id) and selling models (in order). */
async function links(db: Kysely<Database>, ids: string[]) {
  const categories = new Map<string, string[]>();
  const models = new Map<string, string[]>();
  for (const part of chunks(ids)) {
    const [cats, sms] = await Promise.all([
      db
        .selectFrom('product_category')
        .select(['product_id', 'category_id', 'is_primary'])
        .where('product_id', 'in', part)
        .orderBy('is_primary', 'desc')
        .orderBy('category_id')
        .execute(),
      db
        .selectFrom('product_selling_model')
        .select(['product_id', 'selling_model_id'])
        .where('product_id', 'in', part)
        .orderBy('sort_order')
        .execute(),
    ]);
    for (const c of cats)
      (categories.get(c.product_id) ?? categories.set(c.product_id, []).get(c.product_id)!).push(c.category_id);
    for (const m of sms)
      (models.get(m.product_id) ?? models.set(m.product_id, []).get(m.product_id)!).push(m.selling_model_id);
  }
  return { categories, models };
}

/** Same categories: the same primary and the same others, in any order. */
const sameCategories = (a: string[], b: string[]) =>
  a[0] === b[0] && a.length === b.length && [...a.slice(1)].sort().join() === [...b.slice(1)].sort().join();

export function productsKind(): ImportKind<ProductRow> {
  /** Every good row's SKU so far, with its class: a variation's parent may be earlier in the same file. */
  const seen = new Map<string, string>();
  return {
    kind: 'products',
    columns: Object.values(productColumns) as Column<unknown>[],
    keyColumns: ['sku'],
    chunkSize: 1000,
    key: (row) => row.sku,
    read: readRow,

    async checkChunk(db, rows, refs, fail) {
      const failed = new Set<number>();
      const refuse = (row: number, column: string, reason: string) => {
        failed.add(row);
        fail(row, column, reason);
      };
      const skus = rows.map((r) => r.value.sku);
      const parents = rows.map((r) => r.value.parentSku).filter((s): s is string => !!s && !seen.has(s));
      const stored = new Map<string, { product_class: string }>();
      for (const part of chunks([...new Set([...skus, ...parents])]))
        for (const p of await db
          .selectFrom('product')
          .select(['sku', 'product_class'])
          .where('webstore_id', '=', refs.webstoreId)
          .where('sku', 'in', part)
          .execute())
          stored.set(p.sku, p);
      for (const { row, value } of rows) {
        const old = stored.get(value.sku);
        if (value.fields.name === undefined && !old) refuse(row, 'name', 'is required for a new product');
        const parent = value.parentSku;
        if (parent) {
          // A parent named earlier in the file wins over the stored one (the file may change its class).
          const parentClass = seen.has(parent) ? seen.get(parent) : stored.get(parent)?.product_class;
          if (!seen.has(parent) && !stored.has(parent))
            refuse(row, 'parentSku', `${parent} is not a product of the store or of an earlier row`);
          else if (parentClass !== 'VariationParent')
            refuse(row, 'parentSku', `${parent} is not of class VariationParent`);
          else if ((value.fields.product_class ?? old?.product_class ?? 'Simple') !== 'Variation')
            refuse(row, 'class', 'must be Variation for a product with a parentSku');
        }
        if (!failed.has(row)) seen.set(value.sku, value.fields.product_class ?? old?.product_class ?? 'Simple');
      }
    },

    async write(trx, rows, refs) {
      return writeProducts(trx, rows, refs);
    },

    exportRows: (db, refs) => exportProducts(db, refs),
  };
}

async function writeProducts(trx: Transaction<Database>, rows: ProductRow[], refs: StoreRefs): Promise<WriteResult> {
  const result: WriteResult = { created: 0, updated: 0, unchanged: 0, changedProducts: [] };
  const existing = await existingBySku(
    trx,
    refs.webstoreId,
    rows.map((r) => r.sku),
  );
  const stored = await links(
    trx,
    [...existing.values()].map((p) => p.id),
  );
  const fresh = rows.filter((r) => !existing.has(r.sku));
  const ids = fresh.length ? await allocateIds(trx, KEY_PREFIX.product, fresh.length) : [];
  const idOf = new Map<string, string>([...existing.values()].map((p) => [p.sku, p.id]));
  for (const [i, r] of fresh.entries()) idOf.set(r.sku, ids[i]!);
  const missingParents = rows.map((r) => r.parentSku).filter((s): s is string => !!s && !idOf.has(s));
  for (const p of (await existingBySku(trx, refs.webstoreId, missingParents)).values()) idOf.set(p.sku, p.id);

  const inserts: ProductTable[] = [];
  const newCategories: Database['product_category'][] = [];
  const newModels: Database['product_selling_model'][] = [];
  const replaced: string[] = [];
  const replacedModels: string[] = [];
  const now = new Date().toISOString();
  for (const row of rows) {
    const id = idOf.get(row.sku)!;
    const fields: ProductFields & { parent_id?: string | null } = { ...row.fields };
    if (row.parentSku !== undefined) fields.parent_id = row.parentSku ? idOf.get(row.parentSku)! : null;
    const old = existing.get(row.sku);
    const categoryIds = row.categoryIds ?? (old ? undefined : []);
    const modelIds =
      row.sellingModelIds ?? (old ? undefined : [refs.oneTimeModel()?.id].filter((x): x is string => !!x));
    if (!old) {
      inserts.push(newProduct(id, row, fields, refs.webstoreId, now));
      result.created++;
    } else {
      const changes = Object.fromEntries(
        Object.entries(fields).filter(([k, v]) => old[k as keyof Existing] !== v),
      ) as Partial<Existing>;
      const catsChanged = categoryIds !== undefined && !sameCategories(categoryIds, stored.categories.get(id) ?? []);
      const modelsChanged = modelIds !== undefined && modelIds.join() !== (stored.models.get(id) ?? []).join();
      if (!Object.keys(changes).length && !catsChanged && !modelsChanged) {
        result.unchanged++;
        continue;
      }
      result.updated++;
      if (Object.keys(changes).length) await trx.updateTable('product').set(changes).where('id', '=', id).execute();
      if (catsChanged) replaced.push(id);
      if (modelsChanged) replacedModels.push(id);
    }
    result.changedProducts.push(id);
    if (categoryIds && (!old || replaced.at(-1) === id))
      for (const [i, category_id] of categoryIds.entries())
        newCategories.push({ product_id: id, category_id, is_primary: i === 0 ? 1 : 0 });
    if (modelIds && (!old || replacedModels.at(-1) === id))
      for (const [sort_order, selling_model_id] of modelIds.entries())
        newModels.push({ product_id: id, selling_model_id, sort_order });
  }
  for (const part of chunks(replaced))
    await trx.deleteFrom('product_category').where('product_id', 'in', part).execute();
  for (const part of chunks(replacedModels))
    await trx.deleteFrom('product_selling_model').where('product_id', 'in', part).execute();
  await insertAll(trx, 'product', inserts);
  await insertAll(trx, 'product_category', newCategories);
  await insertAll(trx, 'product_selling_model', newModels);
  await insertAll(trx, 'product_media', await defaultMedia(trx, inserts));
  return result;
}

function newProduct(
  id: string,
  row: ProductRow,
  fields: ProductFields & { parent_id?: string | null },
  webstoreId: string,
  now: string,
): ProductTable {
  const name = fields.name!;
  const fulfilment = fields.fulfilment ?? 'Dataset';
  const rule = DEFAULT_QUANTITY_RULE;
  return {
    id,
    webstore_id: webstoreId,
    sku: row.sku,
    name,
    product_class: fields.product_class ?? 'Simple',
    parent_id: fields.parent_id ?? null,
    url_name: fields.url_name ?? productUrlName(name, row.sku),
    description: fields.description ?? null,
    rich_description: fields.rich_description ?? null,
    primary_category_id: fields.primary_category_id ?? null,
    qty_min: fields.qty_min ?? rule.minimum,
    qty_max: fields.qty_max ?? rule.maximum,
    qty_increment: fields.qty_increment ?? rule.increment,
    fulfilment,
    record_count: fields.record_count ?? null,
    countries_json: fields.countries_json ?? '[]',
    sic_code: fields.sic_code ?? null,
    sic_division: fields.sic_division ?? null,
    list_status: fields.list_status ?? null,
    last_updated: fields.last_updated ?? null,
    category_lines_json: fields.category_lines_json ?? '[]',
    included_fields_json: fields.included_fields_json ?? '[]',
    // A dataset's sample file is generated from its SKU (NOTES "Sample files and images"); printed goods have none.
    sample_url:
      fields.sample_url !== undefined ? fields.sample_url : fulfilment === 'Dataset' ? `/samples/${row.sku}.csv` : null,
    variation_json: fields.variation_json ?? null,
    tax_policy_id: fields.tax_policy_id ?? null,
    is_active: fields.is_active ?? 1,
    created_at: now,
    licence_kind: null,
    licence_term_months: null,
    update_cadence: null,
  };
}

/** A new product's page and listing images: the image generated from its SKU, as every catalogue product has. */
async function defaultMedia(
  trx: Transaction<Database>,
  products: ProductTable[],
): Promise<Database['product_media'][]> {
  if (!products.length) return [];
  const ids = await allocateIds(trx, KEY_PREFIX.media, products.length * 2);
  return products.flatMap((p, i) => {
    const thumb = `/media/products/${p.sku}.svg?size=thumb`;
    const media = (n: number, usage_type: string, url: string) => ({
      id: ids[i * 2 + n]!,
      product_id: p.id,
      usage_type,
      media_type: 'Image',
      url,
      thumbnail_url: thumb,
      alt_text: p.name,
      title: p.name,
      sort_order: 0,
    });
    return [media(0, 'Standard', `/media/products/${p.sku}.svg`), media(1, 'Listing', thumb)];
  });
}

async function* exportProducts(
  db: Kysely<Database>,
  refs: StoreRefs,
): AsyncIterable<Record<ProductColumnName, unknown>> {
  // Parents first, so a variation's parent is always on an earlier row.
  for (const children of [false, true]) {
    let after = '';
    for (;;) {
      let q = db.selectFrom('product').selectAll().where('webstore_id', '=', refs.webstoreId).where('sku', '>', after);
      q = children ? q.where('parent_id', 'is not', null) : q.where('parent_id', 'is', null);
      const page = await q.orderBy('sku').limit(1000).execute();
      if (!page.length) break;
      after = page[page.length - 1]!.sku;
      const { categories, models } = await links(
        db,
        page.map((p) => p.id),
      );
      const parents = await skusOf(
        db,
        page.map((p) => p.parent_id).filter((x): x is string => !!x),
      );
      for (const p of page) yield exportRow(p, refs, categories.get(p.id) ?? [], models.get(p.id) ?? [], parents);
    }
  }
}

async function skusOf(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks([...new Set(ids)]))
    for (const p of await db.selectFrom('product').select(['id', 'sku']).where('id', 'in', part).execute())
      out.set(p.id, p.sku);
  return out;
}

function exportRow(
  p: Existing,
  refs: StoreRefs,
  categoryIds: string[],
  modelIds: string[],
  parents: Map<string, string>,
): Record<ProductColumnName, unknown> {
  const urlNames = categoryIds.map((id) => refs.categoryById.get(id)?.urlName ?? id);
  return {
    sku: p.sku,
    name: p.name,
    class: p.product_class,
    parentSku: p.parent_id ? (parents.get(p.parent_id) ?? null) : null,
    variation: p.variation_json ? (JSON.parse(p.variation_json) as Record<string, string>) : null,
    status: p.is_active ? 'Live' : 'Draft',
    fulfilment: p.fulfilment,
    urlName: p.url_name,
    description: p.description,
    richDescription: p.rich_description,
    recordCount: p.record_count,
    countries: parseList(p.countries_json),
    sicCode: p.sic_code,
    sicDivision: p.sic_division,
    listStatus: p.list_status,
    lastUpdated: p.last_updated,
    categoryLines: parseList(p.category_lines_json),
    includedFields: parseList(p.included_fields_json),
    sampleUrl: p.sample_url,
    categories: [urlNames[0], ...urlNames.slice(1).sort()].filter((x): x is string => x !== undefined),
    sellingModels: modelIds.map((id) => refs.sellingModels.nameOf(id)),
    qtyMin: Number(p.qty_min),
    qtyMax: Number(p.qty_max),
    qtyIncrement: Number(p.qty_increment),
    taxPolicy: refs.taxPolicies.nameOf(p.tax_policy_id),
  };
}
