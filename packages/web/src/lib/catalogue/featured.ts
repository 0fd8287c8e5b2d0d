// The featured datasets (the seller's list from the workspace) as listed products: shared by the home page
// and the content pages' product collections (featured source).

import type { ProductCollection } from '@store/core';
import type { ListedProduct, StoreApi } from '../api.ts';

export function fromDetail(p: {
  id: string;
  fields: Record<string, string | null>;
  defaultImage?: { url?: string | null; alternateText?: string | null } | null;
  sku?: string;
  name?: string;
}): ListedProduct {
  const sku = p.fields.StockKeepingUnit ?? p.sku ?? null;
  const name = p.fields.Name ?? p.name ?? '';
  const url = p.defaultImage?.url;
  return {
    id: p.id,
    name,
    sku,
    fields: p.fields,
    imageUrl:
      url && !/default-product-image/.test(url)
        ? url
        : sku
          ? `/media/products/${encodeURIComponent(sku)}.svg`
          : (url ?? null),
    imageAlt: p.defaultImage?.alternateText ?? name,
    // The featured list is of datasets: no variation parent to price "from".
    productClass: null,
    variationIds: [],
  };
}

/** The batch items the shopper may see (entitlement-aware: the server leaves out the rest or marks them failed). */
export const listedOf = (batch: ProductCollection): ListedProduct[] =>
  batch.products.filter((p) => p.success !== false && p.id).map(fromDetail);

/** The seller's featured list for this shopper. */
export async function featuredListed(api: StoreApi, signal?: AbortSignal): Promise<ListedProduct[]> {
  return listedOf(await api.client.getFeaturedDatasets({ signal }));
}
