// Products in the workspace: the table (paged, sorted and filtered on the server), one product as the edit form
// reads it, creation and update. Creation makes a product of any class from its fields; what a class adds (a
// parent's attributes, a variation's parent and values) comes in a NewProductShape from variation-admin.ts, and
// a set's or bundle's components are set afterwards (component-admin.ts). Status is the storefront's rule: a Draft product is inactive, so every
// storefront read answers it as unknown; Live makes it sellable to whoever may see one of its categories.
import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  AdminProduct,
  AdminProductRow,
  ProductInput,
  ProductStatus,
  ProductTableQuery,
  TablePage,
} from '@store/core';
import type { Database, ProductTable } from '../../db/schema.ts';
import { allocateIds } from '../../db/ids.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError, badInput, notFound } from '../../domain/errors.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import { divisionOfMajorGroup, sicDivision } from '../../datasets/sic.ts';
import { lockProduct, type CatalogueChanges } from './catalogue-change.ts';
import { uploadedImageOf } from './product-image-admin.ts';
import { sanitiseRichDescription } from './rich-description.ts';
import type { Actor } from './workspace-access.ts';
import { containsPattern, pageWindow, tablePage, tableSort } from './table-query.ts';

export type ProductFilter = ProductTableQuery;

const SORTS = {
  name: 'product.name',
  sku: 'product.sku',
  recordCount: 'product.record_count',
  createdAt: 'product.created_at',
  status: 'product.is_active',
};

const list = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);
const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
const statusOf = (p: { is_active: number }): ProductStatus => (p.is_active === 1 ? 'Live' : 'Draft');
const divisionLabel = (sicCode: string | null) =>
  sicCode ? sicDivision(divisionOfMajorGroup(sicCode.slice(0, 2))).label : null;

function productOf(p: ProductTable, categoryIds: string[], image: AdminProduct['image']): AdminProduct {
  return {
    id: p.id,
    sku: p.sku,
    name: p.name,
    productClass: p.product_class,
    status: statusOf(p),
    fulfilment: p.fulfilment,
    description: p.description,
    richDescription: p.rich_description,
    recordCount: p.record_count,
    countries: list(p.countries_json),
    sicCode: p.sic_code,
    sicDivision: p.sic_division,
    listStatus: p.list_status,
    lastUpdated: p.last_updated,
    categoryLines: list(p.category_lines_json),
    includedFields: list(p.included_fields_json),
    sampleUrl: p.sample_url,
    categoryIds,
    primaryCategoryId: p.primary_category_id,
    parentId: p.parent_id,
    quantityRule: { minimum: p.qty_min, maximum: p.qty_max, increment: p.qty_increment },
    createdAt: p.created_at,
    image,
  };
}

/** The product columns an input sets (only the fields it names). */
function columnsOf(input: ProductInput): Partial<ProductTable> {
  const c: Partial<ProductTable> = {};
  if (input.name !== undefined) c.name = input.name.trim();
  if (input.status !== undefined) c.is_active = input.status === 'Live' ? 1 : 0;
  if (input.description !== undefined) c.description = input.description;
  if (input.richDescription !== undefined)
    c.rich_description = input.richDescription === null ? null : sanitiseRichDescription(input.richDescription);
  if (input.recordCount !== undefined) c.record_count = input.recordCount;
  if (input.countries !== undefined) c.countries_json = JSON.stringify(input.countries);
  if (input.sicCode !== undefined) {
    c.sic_code = input.sicCode;
    c.sic_division = divisionLabel(input.sicCode);
  }
  if (input.listStatus !== undefined) c.list_status = input.listStatus;
  if (input.lastUpdated !== undefined) c.last_updated = input.lastUpdated;
  if (input.categoryLines !== undefined) c.category_lines_json = JSON.stringify(input.categoryLines);
  if (input.includedFields !== undefined) c.included_fields_json = JSON.stringify(input.includedFields);
  return c;
}

/** What a product of a class other than a plain Simple dataset needs at creation. */
export interface NewProductShape {
  productClass: string;
  /** A Variation's parent and its values (in the parent's attribute order). */
  parentId?: string;
  variation?: Record<string, string>;
  /** Checks and rows of the class, in the creation's transaction (after the product row exists). */
  within?: (trx: Transaction<Database>, productId: string) => Promise<void>;
  /** Other products whose answers the creation changes (a variation's parent). */
  alsoChanged?: string[];
}

const SIMPLE: NewProductShape = { productClass: 'Simple' };

export class ProductAdmin {
  constructor(
    private db: Kysely<Database>,
    private changes: CatalogueChanges,
  ) {}

  async list(webstoreId: string, f: ProductFilter): Promise<TablePage<AdminProductRow>> {
    const sort = tableSort(f.sort, SORTS, 'name');
    const { limit, offset } = pageWindow(f);
    const category = f.categoryId ? checkedId(f.categoryId, KEY_PREFIX.category) : null;
    const filtered = this.db
      .selectFrom('product')
      .leftJoin('category', 'category.id', 'product.primary_category_id')
      .where('product.webstore_id', '=', webstoreId)
      .$if(!!f.q?.trim(), (q) =>
        q.where((eb) =>
          eb.or([
            eb(sql`lower(product.name)`, 'like', sql`${containsPattern(f.q!.trim())} escape '\\'`),
            eb(sql`lower(product.sku)`, 'like', sql`${containsPattern(f.q!.trim())} escape '\\'`),
          ]),
        ),
      )
      .$if(!!f.status, (q) => q.where('product.is_active', '=', f.status === 'Live' ? 1 : 0))
      .$if(!!f.productClass, (q) => q.where('product.product_class', '=', f.productClass!))
      .$if(!!category, (q) =>
        q.where('product.id', 'in', (eb) =>
          eb.selectFrom('product_category').select('product_id').where('category_id', '=', category!),
        ),
      );
    const [rows, count] = await Promise.all([
      filtered
        .select([
          'product.id',
          'product.sku',
          'product.name',
          'product.product_class',
          'product.is_active',
          'product.record_count',
          'product.list_status',
          'product.created_at',
          'category.id as category_id',
          'category.name as category_name',
        ])
        .orderBy(sql.ref(sort.column), sort.direction)
        .orderBy('product.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = rows.map((r) => ({
      id: r.id,
      sku: r.sku,
      name: r.name,
      productClass: r.product_class,
      status: statusOf(r),
      recordCount: r.record_count,
      listStatus: r.list_status,
      primaryCategory: r.category_id ? { id: r.category_id, name: r.category_name ?? '' } : null,
      createdAt: r.created_at,
    }));
    return tablePage(items, Number(count.n), f, sort);
  }

  async get(webstoreId: string, productId: string): Promise<AdminProduct> {
    const found = await this.read(this.db, webstoreId, checkedId(productId, KEY_PREFIX.product));
    if (!found) throw notFound(`The product ${productId} doesn't exist.`);
    return found;
  }

  async create(
    webstoreId: string,
    actor: Actor,
    input: ProductInput,
    shape: NewProductShape = SIMPLE,
  ): Promise<AdminProduct> {
    const sku = input.sku?.trim();
    const name = input.name?.trim();
    if (!sku || !name) throw badInput('A new product needs a sku and a name.');
    const categoryIds = await this.checkedCategories(webstoreId, input.categoryIds ?? []);
    await this.refuseTakenSku(this.db, webstoreId, sku);
    const [id] = await allocateIds(this.db, KEY_PREFIX.product);
    const [mediaA, mediaB] = await allocateIds(this.db, KEY_PREFIX.media, 2);
    const defaults = await this.storeDefaults(webstoreId);
    const write = this.changes.run(webstoreId, actor, async (trx) => {
      await this.refuseTakenSku(trx, webstoreId, sku);
      const row: ProductTable = {
        id: id!,
        webstore_id: webstoreId,
        sku,
        name,
        product_class: shape.productClass,
        parent_id: shape.parentId ?? null,
        url_name: `${slug(name)}-${slug(sku)}`,
        description: null,
        rich_description: null,
        primary_category_id: categoryIds[0] ?? null,
        qty_min: '1',
        qty_max: '1',
        qty_increment: '1',
        fulfilment: 'Dataset',
        record_count: null,
        countries_json: '[]',
        sic_code: null,
        sic_division: null,
        list_status: null,
        last_updated: null,
        category_lines_json: '[]',
        included_fields_json: '[]',
        sample_url: `/samples/${sku}.csv`,
        variation_json: shape.variation ? JSON.stringify(shape.variation) : null,
        tax_policy_id: defaults.taxPolicyId,
        is_active: 0,
        created_at: new Date().toISOString(),
        licence_kind: null,
        licence_term_months: null,
        update_cadence: null,
        ...columnsOf(input),
      };
      await trx.insertInto('product').values(row).execute();
      await shape.within?.(trx, row.id);
      await this.setCategories(trx, row.id, categoryIds);
      if (defaults.oneTimeModelId)
        await trx
          .insertInto('product_selling_model')
          .values({ product_id: row.id, selling_model_id: defaults.oneTimeModelId, sort_order: 0 })
          .execute();
      // The same generated picture every dataset has (/media/products/{SKU}.svg), as the detail and the listing.
      const picture = (mid: string, usage: string, url: string) => ({
        id: mid,
        product_id: row.id,
        usage_type: usage,
        media_type: 'Image',
        url,
        thumbnail_url: `/media/products/${sku}.svg?size=thumb`,
        alt_text: name,
        title: name,
        sort_order: 0,
      });
      await trx
        .insertInto('product_media')
        .values([
          picture(mediaA!, 'Standard', `/media/products/${sku}.svg`),
          picture(mediaB!, 'Listing', `/media/products/${sku}.svg?size=thumb`),
        ])
        .execute();
      const after = (await this.read(trx, webstoreId, row.id))!;
      return {
        result: after,
        change: {
          action: 'create',
          recordType: 'Product',
          recordId: row.id,
          recordLabel: label(after),
          before: null,
          after,
        },
        productIds: [row.id, ...(shape.alsoChanged ?? [])],
      };
    });
    // Two creations of one SKU at once: the loser fails at the unique index (PostgreSQL reads committed rows only).
    return write.catch(async (error: unknown) => {
      if (isUniqueViolation(error)) await this.refuseTakenSku(this.db, webstoreId, sku);
      throw error;
    });
  }

  async update(webstoreId: string, actor: Actor, productId: string, input: ProductInput): Promise<AdminProduct> {
    const id = checkedId(productId, KEY_PREFIX.product);
    const categoryIds =
      input.categoryIds === undefined ? undefined : await this.checkedCategories(webstoreId, input.categoryIds);
    const sku = input.sku?.trim();
    return this.changes.run(webstoreId, actor, async (trx) => {
      await lockProduct(trx, id);
      const before = await this.read(trx, webstoreId, id);
      if (!before) throw notFound(`The product ${productId} doesn't exist.`);
      if (sku !== undefined && sku !== before.sku) throw badInput("A product's sku can't be changed.");
      const set = columnsOf({ ...input, sku: undefined });
      if (categoryIds !== undefined) {
        set.primary_category_id = categoryIds[0] ?? null;
        await this.setCategories(trx, id, categoryIds);
      }
      if (Object.keys(set).length) await trx.updateTable('product').set(set).where('id', '=', id).execute();
      const after = (await this.read(trx, webstoreId, id))!;
      return {
        result: after,
        change: { action: 'update', recordType: 'Product', recordId: id, recordLabel: label(after), before, after },
        productIds: [id],
      };
    });
  }

  /** The product as the form reads it, inside a change's transaction or not; null when not this store's. */
  async read(db: Kysely<Database>, webstoreId: string, id: string): Promise<AdminProduct | null> {
    const row = await db
      .selectFrom('product')
      .selectAll()
      .where('id', '=', id)
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (!row) return null;
    const cats = await db
      .selectFrom('product_category')
      .select(['category_id', 'is_primary'])
      .where('product_id', '=', id)
      .execute();
    // The primary first, then the rest by id: the order the edit form shows and sends back.
    const ids = cats.sort((a, b) => b.is_primary - a.is_primary || a.category_id.localeCompare(b.category_id));
    return productOf(
      row,
      ids.map((c) => c.category_id),
      await uploadedImageOf(db, id),
    );
  }

  private async setCategories(trx: Transaction<Database>, productId: string, categoryIds: string[]) {
    await trx.deleteFrom('product_category').where('product_id', '=', productId).execute();
    if (categoryIds.length)
      await trx
        .insertInto('product_category')
        .values(categoryIds.map((c, i) => ({ product_id: productId, category_id: c, is_primary: i === 0 ? 1 : 0 })))
        .execute();
  }

  /** The store's own categories, each once, in the order given; an unknown one is bad input. */
  private async checkedCategories(webstoreId: string, ids: string[]): Promise<string[]> {
    const wanted = [...new Set(ids.map((c) => checkedId(c, KEY_PREFIX.category)))];
    if (!wanted.length) return [];
    const found = await this.db
      .selectFrom('category')
      .select('id')
      .where('webstore_id', '=', webstoreId)
      .where('id', 'in', wanted)
      .execute();
    const known = new Set(found.map((r) => r.id));
    const unknown = wanted.filter((c) => !known.has(c));
    if (unknown.length) throw badInput(`Unknown categories: ${unknown.join(', ')}.`);
    return wanted;
  }

  private async refuseTakenSku(db: Kysely<Database>, webstoreId: string, sku: string) {
    const taken = await db
      .selectFrom('product')
      .select('id')
      .where('webstore_id', '=', webstoreId)
      .where('sku', '=', sku)
      .executeTakeFirst();
    if (taken) throw new ApiError(409, 'DUPLICATE_VALUE', `The sku ${sku} is already used by ${taken.id}.`);
  }

  /** What a new dataset starts with: the store's one-time selling model and the tax policy its datasets use. */
  private async storeDefaults(webstoreId: string) {
    const [model, tax] = await Promise.all([
      this.db
        .selectFrom('selling_model')
        .select('id')
        .where('webstore_id', '=', webstoreId)
        .where('selling_model_type', '=', 'OneTime')
        .orderBy('id')
        .executeTakeFirst(),
      this.db
        .selectFrom('product')
        .select('tax_policy_id')
        .where('webstore_id', '=', webstoreId)
        .where('fulfilment', '=', 'Dataset')
        .where('tax_policy_id', 'is not', null)
        .limit(1)
        .executeTakeFirst(),
    ]);
    return { oneTimeModelId: model?.id ?? null, taxPolicyId: tax?.tax_policy_id ?? null };
  }
}

const label = (p: { sku: string; name: string }) => `${p.sku} ${p.name}`;
