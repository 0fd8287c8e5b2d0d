// What a cart line shows of its product by default, kept per process (issue 20: the lines page of a large cart).
//
// A cart line's productDetails carries the product's name, SKU, link, image and quantity rule, and in `fields`
// only LINE_FIELDS unless the request names others (`productFields`, `*` for all): the platform returns a few
// fields by default, and the storefront's cart reads none of them. So a line's product is small and the same for
// every cart until the product changes. It is derived from the product's kept summary (product-read-model.ts) and
// kept here by product and the summary's build stamp, which changes with any change to the product: an entry is
// never stale, and a page of lines reads the rows' stamps (no texts) and the cart's lines, not 25 summaries.
import { LRUCache } from 'lru-cache';
import type { CartItemProduct, ProductSummary } from '@store/core';
import type { KeptSummary, ProductReadModel } from '../product-read-model.ts';
import { shownIn } from '../product-read-model.ts';

/** The fields a cart line's product holds when the request names none. */
export const LINE_FIELDS: readonly string[] = Object.freeze(['Name', 'StockKeepingUnit']);

/** Bytes the kept line products may hold (their JSON length, roughly): 4 MiB, some 8,000 products. */
export const LINE_PRODUCT_BYTES = 4 * 1024 * 1024;

// One per read model, that is per database (a process has one; tests may open several, whose ids and stamps
// coincide).
const keptBy = new WeakMap<ProductReadModel, LRUCache<string, CartItemProduct>>();
function keptFor(readModel: ProductReadModel): LRUCache<string, CartItemProduct> {
  let kept = keptBy.get(readModel);
  if (!kept) {
    kept = new LRUCache({
      maxSize: LINE_PRODUCT_BYTES,
      sizeCalculation: (v, k) => k.length + lineProductJsonLength(v),
    });
    keptBy.set(readModel, kept);
  }
  return kept;
}

/**
 * A summary as a cart line's product, its `fields` as strings: all of them, or those named (the SKU is always
 * `sku`, and in `fields` only when named).
 */
export function lineProductOf(p: ProductSummary, fields?: readonly string[]): CartItemProduct {
  const all: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.fields)) if (!fields || fields.includes(k)) all[k] = String(v?.value ?? '');
  return {
    productId: p.id,
    name: p.name,
    sku: String(p.fields.StockKeepingUnit?.value ?? ''),
    productUrlName: p.urlName ?? '',
    productClass: p.productClass,
    fields: all,
    thumbnailImage: p.defaultImage,
    purchaseQuantityRule: p.purchaseQuantityRule!,
  };
}

/**
 * These products' default line products (LINE_FIELDS) where their summary is current: `found` holds those the
 * store shows (kept, or derived from the summary's text now); `rest` the ids with no current summary, for the
 * ordinary assembly. A product whose current summary the store does not show is in neither.
 * `readTexts`: the products are likely new to this process (what an add answers with), so their texts are read
 * at once, in one statement, rather than their stamps first.
 */
export async function keptLineProducts(
  readModel: ProductReadModel,
  webstoreId: string,
  ids: readonly string[],
  /** `texts`: current summary rows the caller has read in this request (an add's), not read again. */
  opts: { readTexts?: boolean; texts?: ReadonlyMap<string, KeptSummary> } = {},
): Promise<{ found: Map<string, CartItemProduct>; rest: string[] }> {
  const kept = keptFor(readModel);
  const stamps = opts.readTexts ? null : await readModel.summaryStamps(ids);
  const found = new Map<string, CartItemProduct>();
  // Current rows the store does not show: left out, not built.
  const hidden = new Set<string>();
  const missing: string[] = [];
  for (const [id, row] of stamps ?? []) {
    if (!shownIn(row, webstoreId)) {
      hidden.add(id);
      continue;
    }
    const product = kept.get(keyOf(id, row.body_stamp));
    if (product) found.set(id, product);
    else missing.push(id);
  }
  // Not kept yet: derived from the summaries' texts (read now; one may have been built again meanwhile, so each
  // is kept under the stamp read with it).
  const wanted = stamps ? missing : ids;
  const given = opts.texts ?? new Map<string, KeptSummary>();
  const texts: Array<[string, KeptSummary]> = [
    ...wanted.flatMap((id): Array<[string, KeptSummary]> => (given.has(id) ? [[id, given.get(id)!]] : [])),
    ...(await readModel.summaries(wanted.filter((id) => !given.has(id)))),
  ];
  for (const [id, row] of texts) {
    if (!shownIn(row, webstoreId)) {
      hidden.add(id);
      continue;
    }
    const key = keyOf(id, row.body_stamp);
    let product = kept.get(key);
    if (!product) {
      const body = typeof row.body === 'string' ? row.body : row.body.toString('utf8');
      product = frozen(lineProductOf(JSON.parse(body) as ProductSummary, LINE_FIELDS));
      kept.set(key, product);
    }
    found.set(id, product);
  }
  // No current row (or it was built again between the two reads): the ordinary assembly.
  return { found, rest: ids.filter((id) => !found.has(id) && !hidden.has(id)) };
}

const keyOf = (id: string, stamp: number) => `${id}|${stamp}`;

/**
 * A line product's JSON length, roughly: its texts and a fixed allowance for the keys and the quantity rule (writing
 * it out to measure it cost more than deriving it, and every product an add answers with is new to the cache).
 */
export function lineProductJsonLength(p: CartItemProduct): number {
  let n = 300 + p.productId.length + p.name.length + p.sku.length + p.productUrlName.length + p.productClass.length;
  for (const [k, v] of Object.entries(p.fields)) n += k.length + v.length + 6;
  const image = p.thumbnailImage;
  if (image)
    n +=
      image.id.length +
      image.url.length +
      (image.thumbnailUrl?.length ?? 0) +
      (image.alternateText?.length ?? 0) +
      (image.title?.length ?? 0) +
      (image.contentVersionId?.length ?? 0) +
      120;
  return n;
}

// Shared by every cart that shows the product: nobody may change it.
function frozen(p: CartItemProduct): CartItemProduct {
  Object.freeze(p.fields);
  return Object.freeze(p);
}
