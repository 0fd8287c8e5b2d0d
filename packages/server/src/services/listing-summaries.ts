// A listing's product summaries (search results), with the buyer's prices when asked: each product the read
// model keeps is written from its kept text (services/product-read-model.ts), the others are built. A summary
// names no other product and shows nothing that depends on the viewer, so every viewer gets the same text;
// options that change a summary (chosen fields, variation info) build them all.
import type { ProductSummary } from '@store/core';
import { type JsonText, withMembers } from '../domain/json-text.ts';
import type { PricingService } from './pricing.ts';
import type { ProductService, Viewer } from './products.ts';
import { keptModels, type ProductReadModel } from './product-read-model.ts';
import { attachSummaryPrices, summaryPrice, type PriceAudience } from './summary-prices.ts';

export interface ListingOptions {
  withPrices: boolean;
  /** Kept texts may stand for summaries (the answer goes to the reply as it is; internal callers want objects). */
  asText: boolean;
  fields?: string[];
  variationInfoFor?: Viewer;
}

export async function listingSummaries(
  deps: { products: ProductService; pricing: PricingService; readModel: ProductReadModel },
  a: PriceAudience,
  ids: string[],
  o: ListingOptions,
): Promise<Array<ProductSummary | JsonText>> {
  const opts = { fields: o.fields, variationInfoFor: o.variationInfoFor };
  if (!o.asText || o.fields?.length || o.variationInfoFor) {
    const { summaries, models } = await deps.products.summariesWithModels(a.webstoreId, ids, opts);
    if (o.withPrices) await attachSummaryPrices(deps, a, summaries, models);
    return summaries;
  }
  const { shown: kept, rest } = await deps.readModel.shownSummaries(a.webstoreId, ids);
  const built = rest.length
    ? await deps.products.summariesWithModels(a.webstoreId, rest, opts)
    : { summaries: [], models: new Map() };
  const prices = o.withPrices
    ? await deps.pricing.prices(a, [
        ...[...kept.values()].map((row) => ({ id: row.product_id, sellingModels: keptModels(row) })),
        ...built.summaries.map((p) => ({ id: p.id, sellingModels: built.models.get(p.id) ?? [] })),
      ])
    : null;
  const byId = new Map(built.summaries.map((p) => [p.id, p]));
  return ids.flatMap((id): Array<ProductSummary | JsonText> => {
    const row = kept.get(id);
    if (row) {
      return [withMembers(row.body, { prices: prices ? summaryPrice(id, prices.get(id)) : undefined })];
    }
    const p = byId.get(id);
    if (!p) return [];
    if (prices) p.prices = summaryPrice(id, prices.get(id));
    return [p];
  });
}
