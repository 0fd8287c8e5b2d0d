// Listed products (home, category and search results) as cards: the dataset facts a shopper scans
// and the price for this buyer, asked in one pricing call per list and shown by the 2-tier rule.

import {
  chooseCurrency,
  compareDecimal,
  computePriceDisplay,
  DATASET_FIELDS,
  formatCurrency,
  type PricingLineItemResult,
} from '@store/core';
import { optional, type ListedProduct, type StoreApi } from '../api.ts';
import { productHref } from '../links.ts';
import { formatCount } from './product-view.ts';
import type { CardProduct } from '../../routes/types.ts';

/** The storefront's locale (spec 01 §1: en-US, left to right). */
export const STORE_LOCALE = 'en-US';

/** The fields a card shows, asked of search so results carry no more than that. */
export const CARD_FIELDS = [
  'Name',
  'StockKeepingUnit',
  DATASET_FIELDS.recordCount,
  DATASET_FIELDS.countries,
  DATASET_FIELDS.listStatus,
];

/** The currency to ask prices in (spec 01 §4); undefined lets the server decide (session-driven currency). */
export async function priceCurrency(api: StoreApi): Promise<string | undefined> {
  const app = await optional(api.client.getApplicationContext());
  return app ? (chooseCurrency(app, STORE_LOCALE) ?? undefined) : undefined;
}

/** Card prices through the 2-tier display rule: strikethrough list price when it exceeds the sale price. */
function cardPrices(
  line: PricingLineItemResult | undefined,
  currency: string,
): { price: string | null; originalPrice: string | null } {
  if (!line || line.success === false) return { price: null, originalPrice: null };
  const view = computePriceDisplay({
    product: { productClass: 'Simple' },
    pricing: { listPrice: line.listPrice, unitPrice: line.unitPrice, currencyIsoCode: currency },
    pricingType: '2_TIER',
    defaultCurrency: currency,
  });
  return view.isPriceAvailable
    ? { price: view.formatted.mainPrice, originalPrice: view.formatted.strikethroughPrice }
    : { price: null, originalPrice: null };
}

/** The buyer's prices as decimal strings, for the shopper activities' product items. */
function decimalPrices(line: PricingLineItemResult | undefined): {
  unitPrice: string | null;
  listPrice: string | null;
} {
  if (!line || line.success === false) return { unitPrice: null, listPrice: null };
  return { unitPrice: line.unitPrice ?? null, listPrice: line.listPrice ?? null };
}

/** The wording of a variation parent's price on a tile: its cheapest variation's, "from $949.99". */
export const fromPrice = (formatted: string): string => `from ${formatted}`;

/**
 * A variation parent's tile price: the lowest price the buyer pays for any of its variations (the parent's
 * own price says nothing of what can be bought), shown as "from"; none when no variation is priced.
 */
function parentCardPrice(
  variationIds: string[],
  byId: Map<string, PricingLineItemResult>,
  currency: string,
): { price: string | null; originalPrice: string | null } {
  let lowest: string | null = null;
  for (const id of variationIds) {
    const line = byId.get(id);
    if (!line || line.success === false || !line.unitPrice) continue;
    if (lowest === null || compareDecimal(line.unitPrice, lowest) < 0) lowest = line.unitPrice;
  }
  const formatted = lowest === null ? '' : formatCurrency(lowest, currency, STORE_LOCALE);
  return { price: formatted ? fromPrice(formatted) : null, originalPrice: null };
}

export async function toCards(api: StoreApi, products: ListedProduct[], signal?: AbortSignal): Promise<CardProduct[]> {
  if (!products.length) return [];
  const currencyIsoCode = await priceCurrency(api);
  // One pricing call for the list, a variation parent's variations included.
  const prices = await optional(
    api.client.getProductPrices([...new Set(products.flatMap((p) => [p.id, ...p.variationIds]))], {
      signal,
      currencyIsoCode,
    }),
  );
  return pricedCards(products, prices?.pricingLineItemResults ?? [], prices?.currencyIsoCode || 'USD');
}

/** Cards for products whose prices are at hand (a pricing answer, or prices that came with the products). */
export function pricedCards(
  products: ListedProduct[],
  lines: readonly PricingLineItemResult[],
  currency: string,
): CardProduct[] {
  const byId = new Map(lines.map((l) => [l.productId, l]));
  return products.map((p) => {
    const countries = p.fields[DATASET_FIELDS.countries];
    const count = p.fields[DATASET_FIELDS.recordCount];
    return {
      id: p.id,
      name: p.name,
      sku: p.sku,
      href: productHref(p.id),
      imageUrl: p.imageUrl,
      imageAlt: p.imageAlt ?? p.name,
      ...(p.productClass === 'VariationParent' && p.variationIds.length
        ? parentCardPrice(p.variationIds, byId, currency)
        : cardPrices(byId.get(p.id), currency)),
      ...decimalPrices(byId.get(p.id)),
      recordCount: count ? formatCount(count) : null,
      countries: countries
        ? countries
            .split(/;\s*|,\s*/)
            .filter(Boolean)
            .slice(0, 3)
            .join(', ')
        : null,
      listStatus: p.fields[DATASET_FIELDS.listStatus] || null,
    };
  });
}
