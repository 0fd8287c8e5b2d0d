// Product detail assembly: a handful of batched queries per request, whatever the number of products,
// so one product, a batch of 100 and a page of children cost the same number of round trips.
import type { Kysely } from 'kysely';
import {
  DATASET_FIELDS,
  type ProductAttributeInfo,
  type ProductDetail,
  type ProductVariationInfo,
  type ProductSummary,
  type ProductMedia,
  type ProductMediaGroup,
  type ProductSellingModel,
  type ProductClass,
  type SellingModelType,
  type PricingTermUnit,
  productImageRef,
  productImageUrl,
} from '@store/core';
import type { Database, ProductMediaTable, ProductTable, SellingModelTable } from '../db/schema.ts';
import type { CategoryTree } from './category-tree.ts';
import { showsCategory } from './category-reads.ts';
import type { Visibility } from './entitlements.ts';
import { notFound } from '../domain/errors.ts';
import { checkedId } from '../domain/record-ids.ts';
import { imageVersion, parsedColumn } from './column-memo.ts';
import { PreparedQuery } from '../db/prepared.ts';
import type { KeptSummary } from './product-read-model.ts';

export const DEFAULT_IMAGE_URL = '/img/default-product-image.svg';
/** A dataset's related datasets: fields B2B_Related_Product1__c … 10 (and their names). */
export const RELATED_DATASET_SLOTS = 10;

export interface DetailOptions {
  fields?: string[];
  excludeFields?: string[];
  mediaGroups?: string[];
  excludeMedia?: boolean;
  excludePrimaryProductCategory?: boolean;
  excludeQuantityRule?: boolean;
  excludeVariationInfo?: boolean;
  excludeAttributeSetInfo?: boolean;
  excludeProductSellingModels?: boolean;
}

// Parsed once per distinct text (column-memo.ts); only read here, never handed out.
const parseList = (json: string | null): readonly string[] => (json ? parsedColumn<string[]>(json) : []);
/** A row's variation attributes: a copy of the memoised parse, as it goes into an answer. */
const variationAttributes = (json: string | null): Record<string, string> | null =>
  json ? { ...parsedColumn<Record<string, string>>(json) } : null;

function productFields(
  p: ProductTable,
  related: Array<{ position: number; id: string; name: string }>,
): Record<string, string | null> {
  const f: Record<string, string | null> = {
    Name: p.name,
    StockKeepingUnit: p.sku,
    Description: p.description,
    DisplayUrl: `/product/${p.url_name}`,
    ProductCode: p.sku,
    Family: p.fulfilment === 'Physical' ? 'Printed Directories' : 'Datasets',
    IsActive: p.is_active ? 'true' : 'false',
  };
  if (p.fulfilment === 'Dataset') {
    const countries = parseList(p.countries_json);
    const lines = parseList(p.category_lines_json);
    f[DATASET_FIELDS.description] = p.rich_description;
    f[DATASET_FIELDS.recordCount] = p.record_count == null ? null : String(p.record_count);
    f[DATASET_FIELDS.countries] = countries.join('; ');
    f[DATASET_FIELDS.sicCode] = p.sic_code;
    f[DATASET_FIELDS.listStatus] = p.list_status;
    f[DATASET_FIELDS.lastUpdated] = p.last_updated;
    for (const n of [1, 2, 3, 4, 5] as const) f[DATASET_FIELDS.category(n)] = lines[n - 1] ?? null;
    f[DATASET_FIELDS.includedFields] = parseList(p.included_fields_json).join('; ');
    f[DATASET_FIELDS.sampleUrl] = p.sample_url;
    for (let n = 1; n <= RELATED_DATASET_SLOTS; n++) {
      const r = related.find((x) => x.position === n);
      f[DATASET_FIELDS.related(n)] = r?.id ?? null;
      f[DATASET_FIELDS.relatedName(n)] = r?.name ?? null;
    }
  }
  return f;
}

export function pickFields(all: Record<string, string | null>, opts: DetailOptions): Record<string, string | null> {
  let out = all;
  if (opts.fields?.length) {
    const wanted = new Set(opts.fields.map((s) => s.toLowerCase()));
    out = Object.fromEntries(Object.entries(all).filter(([k]) => wanted.has(k.toLowerCase())));
  }
  if (opts.excludeFields?.length) {
    const drop = new Set(opts.excludeFields.map((s) => s.toLowerCase()));
    out = Object.fromEntries(Object.entries(out).filter(([k]) => !drop.has(k.toLowerCase())));
  }
  return out;
}

const defaultImage = (name: string): ProductMedia => ({
  id: '',
  alternateText: name,
  contentVersionId: null,
  mediaType: 'Image',
  sortOrder: 0,
  thumbnailUrl: DEFAULT_IMAGE_URL,
  title: name,
  url: DEFAULT_IMAGE_URL,
});

/** Rows and selling models a caller already read in this request (see ProductService.summariesWithModels). */
export interface KnownProducts {
  rows: ProductTable[];
  models: Map<string, readonly ProductSellingModel[]>;
  /** Their current kept summaries, read with them (a cart line's product is derived from one: line-products.ts). */
  summaries?: Map<string, KeptSummary>;
}

/** What the entitlement-aware lookups need of a caller's catalogue context. */
export interface Viewer {
  visibility: Visibility;
  /** The administrator's preview: Draft categories are shown (in a product's category path too). */
  isPreview?: boolean;
}

/** The one answer for a product that is unknown or that the caller may not see: the two are told alike. */
export const productUnavailable = (productId: string) =>
  notFound(`The product ${productId} doesn't exist or isn't available to you.`);

export class ProductService {
  // The reads every catalogue request makes, compiled once per shape (db/prepared.ts).
  private byIds: PreparedQuery<{ ids: string[] }, ProductTable>;
  private mediaOf: PreparedQuery<{ ids: string[] }, ProductMediaTable>;
  private listingMediaOf: PreparedQuery<{ ids: string[] }, ProductMediaTable>;
  private relatedOf: PreparedQuery<{ ids: string[] }, RelatedRow>;
  private modelsOf: PreparedQuery<{ ids: string[] }, ModelRow>;

  constructor(private db: Kysely<Database>) {
    this.byIds = new PreparedQuery(db, (d, p) => d.selectFrom('product').selectAll().where('id', 'in', p.ids));
    this.mediaOf = new PreparedQuery(db, (d, p) =>
      // By id within a sort order: ties come in one order on every database (the kept answers depend on it).
      d.selectFrom('product_media').selectAll().where('product_id', 'in', p.ids).orderBy('sort_order').orderBy('id'),
    );
    this.listingMediaOf = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('product_media')
        .selectAll()
        .where('product_id', 'in', p.ids)
        .where('usage_type', 'in', ['Standard', 'Listing'])
        .orderBy('sort_order')
        .orderBy('id'),
    );
    // The related product's name is kept on the relation row (migration 032): no lookup of the related product,
    // unless a writer left it null (coalesce evaluates the subquery only then).
    this.relatedOf = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('product_relation as r')
        .select((eb) => [
          'r.product_id',
          'r.position',
          'r.related_id as id',
          eb.fn
            .coalesce(
              'r.related_name',
              eb.selectFrom('product').select('product.name').whereRef('product.id', '=', 'r.related_id'),
            )
            .$notNull()
            .as('name'),
        ])
        .where('r.product_id', 'in', p.ids)
        .where('r.relationship_type', '=', 'RelatedDataset'),
    );
    this.modelsOf = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('product_selling_model')
        .innerJoin('selling_model', 'selling_model.id', 'product_selling_model.selling_model_id')
        .select([
          'product_selling_model.product_id',
          'selling_model.id',
          'selling_model.name',
          'selling_model.selling_model_type',
          'selling_model.pricing_term',
          'selling_model.pricing_term_unit',
          'selling_model.term_min',
          'selling_model.term_max',
          'selling_model.term_increment',
        ])
        .where('product_selling_model.product_id', 'in', p.ids)
        .orderBy('product_selling_model.sort_order'),
    );
  }

  /**
   * A product id from a request that the caller may see, in its stored form: 400 INVALID_ID_FIELD when
   * malformed, 404 when not entitled. Entitlement is checked here and only here (for rows: visibleRows).
   */
  visibleProductId(viewer: Viewer, productId: string): string {
    const id = checkedId(productId);
    if (!viewer.visibility.canSeeProduct(id)) throw productUnavailable(productId);
    return id;
  }

  /** The active row of a product of the store that the caller may see, or the matching error (400 / 404). */
  async visibleRow(webstoreId: string, viewer: Viewer, productId: string): Promise<ProductTable> {
    const id = this.visibleProductId(viewer, productId);
    const [row] = await this.rowsByIds(webstoreId, [id]);
    if (!row) throw productUnavailable(productId);
    return row;
  }

  /** The rows the caller may see; the others are dropped, as unknown products are. */
  visibleRows(viewer: Viewer, rows: ProductTable[]): ProductTable[] {
    return rows.filter((row) => viewer.visibility.canSeeProduct(row.id));
  }

  /** The rows the caller may see, a variation only when its parent is visible too (what a cart may hold). */
  visibleWithParents(viewer: Viewer, rows: ProductTable[]): ProductTable[] {
    const { visibility } = viewer;
    return rows.filter(
      (row) => visibility.canSeeProduct(row.id) && (!row.parent_id || visibility.canSeeProduct(row.parent_id)),
    );
  }

  /** Active rows of the store by (already checked) ids, those the caller may see. */
  async visibleRowsByIds(webstoreId: string, viewer: Viewer, ids: string[]): Promise<ProductTable[]> {
    return this.visibleRows(viewer, await this.rowsByIds(webstoreId, ids));
  }

  /** Active rows of the store by SKU, those the caller may see. */
  async visibleRowsBySkus(webstoreId: string, viewer: Viewer, skus: string[]): Promise<ProductTable[]> {
    return this.visibleRows(viewer, await this.rowsBySkus(webstoreId, skus));
  }

  async rowsByIds(webstoreId: string, ids: string[]): Promise<ProductTable[]> {
    if (!ids.length) return [];
    // By primary key only, the store checked here: given "webstore_id = ?" too, SQLite (no statistics)
    // prefers the (webstore_id, sku) index for more than a few ids and reads the whole store.
    const rows = await this.byIds.execute({ ids });
    return rows.filter((r) => r.webstore_id === webstoreId && r.is_active === 1);
  }

  async rowsBySkus(webstoreId: string, skus: string[]): Promise<ProductTable[]> {
    if (!skus.length) return [];
    return this.db
      .selectFrom('product')
      .selectAll()
      .where('webstore_id', '=', webstoreId)
      .where('is_active', '=', 1)
      .where('sku', 'in', skus)
      .execute();
  }

  /**
   * Full detail for each row, in the order given. The related datasets it names are those the viewer may
   * see: a public dataset's detail must not name (by id or name) one only another buyer group is entitled to.
   */
  async details(
    viewer: Viewer,
    rows: ProductTable[],
    /** null: no category path is shown (only with excludePrimaryProductCategory). */
    tree: CategoryTree | null,
    opts: DetailOptions = {},
  ): Promise<ProductDetail[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const wantMedia = !opts.excludeMedia;
    const wantModels = !opts.excludeProductSellingModels;
    const parentIds = rows.filter((r) => r.product_class === 'VariationParent').map((r) => r.id);
    const [media, models, related, children] = await Promise.all([
      wantMedia ? this.mediaOf.execute({ ids }) : [],
      wantModels ? this.sellingModels(ids) : new Map<string, ProductSellingModel[]>(),
      this.relatedOf.execute({ ids }),
      opts.excludeVariationInfo ? [] : this.variationRows(parentIds),
    ]);
    const usage = opts.mediaGroups?.map((g) => g.toLowerCase());
    // Each product's own rows, found by key (a batch of hundreds would otherwise scan every list per product).
    const mediaOf = groupBy(media, (m) => m.product_id);
    const relatedOf = groupBy(related, (r) => r.product_id);
    const childrenOf = groupBy(children, (c) => c.parent_id);
    return rows.map((p) => {
      const groups = new Map<string, ProductMediaGroup>();
      for (const m of mediaOf.get(p.id) ?? []) {
        if (
          usage &&
          !usage.includes(m.usage_type.toLowerCase()) &&
          !usage.includes(developerName(m.usage_type).toLowerCase())
        )
          continue;
        let g = groups.get(m.usage_type);
        if (!g) {
          g = {
            id: `2mg${p.id.slice(3, 15)}${m.usage_type === 'Listing' ? 'AAB' : 'AAA'}`,
            developerName: developerName(m.usage_type),
            name: m.usage_type === 'Listing' ? 'Product List Image' : 'Product Detail Images',
            usageType: m.usage_type as 'Standard' | 'Listing',
            mediaItems: [],
          };
          groups.set(m.usage_type, g);
        }
        g.mediaItems.push(toMedia(m, p));
      }
      const standard = groups.get('Standard')?.mediaItems[0] ?? groups.get('Listing')?.mediaItems[0];
      const sellingModels = models.get(p.id) ?? [];
      const rel = (relatedOf.get(p.id) ?? []).filter((r) => viewer.visibility.canSeeProduct(r.id));
      const kids = childrenOf.get(p.id) ?? [];
      const attrs = variationAttributes(p.variation_json);
      return {
        id: p.id,
        urlName: p.url_name,
        productClass: p.product_class as ProductClass,
        fields: pickFields(productFields(p, rel), opts),
        defaultImage: standard ?? defaultImage(p.name),
        mediaGroups: [...groups.values()],
        primaryProductCategoryPath: this.shownPath(
          viewer,
          tree,
          opts.excludePrimaryProductCategory ? null : p.primary_category_id,
        ),
        purchaseQuantityRule: opts.excludeQuantityRule
          ? null
          : { minimum: p.qty_min, maximum: p.qty_max, increment: p.qty_increment },
        productSellingModels: sellingModels,
        variationParentId: p.parent_id,
        variationInfo:
          p.product_class === 'VariationParent' && !opts.excludeVariationInfo ? variationInfo(viewer, kids) : null,
        variationAttributeSet: attrs ? { developerName: 'Dataset_Coverage', attributes: attrs } : null,
        attributeSetInfo:
          opts.excludeAttributeSetInfo || !attrs
            ? null
            : { Dataset_Coverage: { developerName: 'Dataset_Coverage', label: 'Coverage', attributes: attrs } },
        isConfigurationAllowed: false,
      };
    });
  }

  /**
   * Product summaries for listings and search results (CommerceProductSummary): fields wrapped as
   * {value}, the default image and the subscription flag, in two batched queries beyond the rows;
   * no related products, variations or category paths.
   */
  async summaries(
    webstoreId: string,
    ids: string[],
    opts: { fields?: string[]; includeQuantityRule?: boolean; variationInfoFor?: Viewer } = {},
  ): Promise<ProductSummary[]> {
    return (await this.summariesWithModels(webstoreId, ids, opts)).summaries;
  }

  /**
   * Summaries, and the selling models they were made from (what pricing them needs: not read twice).
   * `known`: the rows and selling models of exactly these ids, already read by the caller in this request (an add
   * to cart answers with the product it resolved): they are not read again.
   */
  async summariesWithModels(
    webstoreId: string,
    ids: string[],
    opts: { fields?: string[]; includeQuantityRule?: boolean; variationInfoFor?: Viewer } = {},
    known?: KnownProducts,
  ): Promise<{ summaries: ProductSummary[]; models: Map<string, readonly ProductSellingModel[]> }> {
    if (!ids.length) return { summaries: [], models: new Map() };
    const [rows, media, models, children] = await Promise.all([
      known
        ? known.rows.filter((r) => r.webstore_id === webstoreId && r.is_active === 1)
        : this.rowsByIds(webstoreId, ids),
      this.listingMediaOf.execute({ ids }),
      known ? known.models : this.sellingModels(ids),
      // Variation parents carry their variations (reference: productVariationInfo, v63+) when asked, so a
      // listing can price a parent by its variations in the one pricing call it makes.
      opts.variationInfoFor ? this.variationRows(ids) : [],
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const mediaOf = groupBy(media, (m) => m.product_id);
    const childrenOf = groupBy(children, (c) => c.parent_id);
    const summaries = ids.flatMap((id): ProductSummary[] => {
      const p = byId.get(id);
      if (!p) return [];
      const mine = mediaOf.get(id) ?? [];
      const image = mine.find((m) => m.usage_type === 'Listing') ?? mine[0];
      const all = productFields(p, []);
      for (const k of Object.keys(all)) if (k.startsWith('B2B_Related_Product')) delete all[k];
      const fields = opts.fields?.length ? pickFields(all, { fields: opts.fields }) : all;
      const attrs = variationAttributes(p.variation_json);
      return [
        {
          id: p.id,
          name: p.name,
          urlName: p.url_name,
          productClass: p.product_class as ProductClass,
          fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { value: v }])),
          defaultImage: image ? toMedia(image, p) : defaultImage(p.name),
          purchaseQuantityRule:
            opts.includeQuantityRule === false
              ? null
              : { minimum: p.qty_min, maximum: p.qty_max, increment: p.qty_increment },
          productSellingModelInformation: {
            isSubscriptionProduct: (models.get(id) ?? []).some((m) => m.sellingModelType !== 'OneTime'),
          },
          variationAttributeSet: attrs ? { developerName: 'Dataset_Coverage', attributes: attrs } : null,
          ...(opts.variationInfoFor && p.product_class === 'VariationParent'
            ? {
                productVariationInfo: variationInfo(opts.variationInfoFor, childrenOf.get(p.id) ?? []),
              }
            : {}),
          isConfigurationAllowed: false,
        },
      ];
    });
    return { summaries, models };
  }

  /** A product's category path, when its category is one the viewer is shown (not Draft outside preview, entitled). */
  private shownPath(viewer: Viewer, tree: CategoryTree | null, categoryId: string | null) {
    const node = categoryId && tree ? tree.byId.get(categoryId) : undefined;
    return tree && node && showsCategory(viewer.visibility, node, !!viewer.isPreview)
      ? { path: tree.path(node.row.id) }
      : null;
  }

  /** Selling models of each product, in the product's order. Pricing needs only these. */
  async sellingModels(productIds: string[]): Promise<Map<string, ProductSellingModel[]>> {
    const out = new Map<string, ProductSellingModel[]>();
    if (!productIds.length) return out;
    const rows = await this.modelsOf.execute({ ids: productIds });
    for (const m of rows) {
      if (!out.has(m.product_id)) out.set(m.product_id, []);
      out.get(m.product_id)!.push(sellingModelOf(m));
    }
    return out;
  }

  /** The active variations of these products (only variation parents have any), in SKU order. */
  private async variationRows(parentIds: string[]): Promise<VariationRow[]> {
    if (!parentIds.length) return [];
    return this.db
      .selectFrom('product')
      .select(['id', 'parent_id', 'url_name', 'variation_json'])
      .where('parent_id', 'in', parentIds)
      .where('is_active', '=', 1)
      .orderBy('sku')
      .execute();
  }

  async childRows(
    webstoreId: string,
    parentId: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: ProductTable[]; total: number }> {
    const base = this.db
      .selectFrom('product')
      .where('webstore_id', '=', webstoreId)
      .where('parent_id', '=', parentId)
      .where('is_active', '=', 1);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('sku').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async relatedRows(webstoreId: string, productId: string, types: string[]): Promise<ProductTable[]> {
    const rel = await this.db
      .selectFrom('product_relation')
      .select(['related_id', 'relationship_type', 'position'])
      .where('product_id', '=', productId)
      .where('relationship_type', 'in', types)
      .orderBy('relationship_type')
      .orderBy('position')
      .execute();
    const rows = await this.rowsByIds(
      webstoreId,
      rel.map((r) => r.related_id),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return rel.map((r) => byId.get(r.related_id)).filter((r): r is ProductTable => !!r);
  }
}

/** The items of a list by a key, each key's items in the list's order. */
function groupBy<T, K>(list: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of list) {
    const k = key(item);
    const mine = out.get(k);
    if (mine) mine.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function toMedia(m: ProductMediaTable, p: ProductTable): ProductMedia {
  return {
    id: m.id,
    alternateText: m.alt_text,
    contentVersionId: null,
    mediaType: m.media_type as 'Image',
    sortOrder: m.sort_order,
    thumbnailUrl: m.thumbnail_url === null ? null : versionedImageUrl(m.thumbnail_url, p),
    title: m.title,
    url: versionedImageUrl(m.url, p),
  };
}

/**
 * The product's own generated image (core product-image-urls.ts) named with its current content version,
 * so the URL changes when the image does and browsers may keep it as immutable; any other URL as stored.
 */
function versionedImageUrl(url: string, p: ProductTable): string {
  const ref = productImageRef(url);
  // An uploaded image's media already name its rendition and version (services/admin/product-image-admin.ts).
  if (ref?.sku !== p.sku || ref.format !== 'svg') return url;
  const version = imageVersion({ sku: p.sku, name: p.name, sicDivision: p.sic_division });
  return productImageUrl({ ...ref, version });
}

function developerName(usage: string): string {
  return usage === 'Listing' ? 'productListImage' : 'productDetailImage';
}

type RelatedRow = { product_id: string; position: number; id: string; name: string };
/** The selling model columns a product read takes (sellingModelOf's input). */
type SellingModelColumns = Pick<
  SellingModelTable,
  | 'id'
  | 'name'
  | 'selling_model_type'
  | 'pricing_term'
  | 'pricing_term_unit'
  | 'term_min'
  | 'term_max'
  | 'term_increment'
>;
type ModelRow = SellingModelColumns & { product_id: string };

type VariationRow = Pick<ProductTable, 'id' | 'parent_id' | 'url_name' | 'variation_json'>;

/**
 * A variation parent's ProductVariationInfo (reference §3): which variation each combination of attribute
 * values is, and each attribute's values in the variations' order. Only variations the viewer may see are
 * named; every one named is available to order (datasets are digital, and a variation is sold like any
 * product), so each option's variantAvailable is true.
 */
export function variationInfo(viewer: Viewer, rows: VariationRow[]): ProductVariationInfo {
  const kids = rows.filter((k) => viewer.visibility.canSeeProduct(k.id));
  const values = new Map<string, string[]>();
  const mappings = kids.map((k) => {
    const attrs = variationAttributes(k.variation_json) ?? {};
    for (const [name, value] of Object.entries(attrs)) {
      const list = values.get(name) ?? [];
      if (!list.includes(value)) list.push(value);
      values.set(name, list);
    }
    return {
      productId: k.id,
      urlName: k.url_name,
      availableToOrder: true,
      canonicalKey: Object.values(attrs).join('_'),
      selectedAttributes: Object.entries(attrs).map(([apiName, value], i) => ({
        apiName,
        label: apiName,
        sequence: i,
        value,
      })),
    };
  });
  const variationAttributeInfo = Object.fromEntries(
    [...values.entries()].map(([apiName, list], i): [string, ProductAttributeInfo] => [
      apiName,
      {
        apiName,
        label: apiName,
        sequence: i,
        fieldEnumOrId: apiName,
        objectName: 'ProductAttribute',
        isGroupedBy: false,
        viewType: 'Pill',
        allowableValues: list,
        availableValues: list,
        options: list.map((value) => ({ apiName: value, label: value, colorHexCode: null, variantAvailable: true })),
      },
    ]),
  );
  return { attributesToProductMappings: mappings, variationAttributeInfo, variationCount: kids.length };
}

/** A selling model as the storefront and the workspace read it: only a term-defined model has terms to choose. */
export function sellingModelOf(m: SellingModelColumns): ProductSellingModel {
  return {
    id: m.id,
    name: m.name,
    sellingModelType: m.selling_model_type as SellingModelType,
    pricingTerm: m.pricing_term,
    pricingTermUnit: m.pricing_term_unit as PricingTermUnit | null,
    subscriptionTermRule:
      m.selling_model_type === 'TermDefined'
        ? { minimum: m.term_min ?? 1, maximum: m.term_max ?? 1, increment: m.term_increment ?? 1 }
        : null,
  };
}
