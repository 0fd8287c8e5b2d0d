// The price form's subscription part: which of the store's subscription models the product is offered with
// (a ticked box per model) and its unit price per price book in each (a model's volume tiers, if it has any,
// are kept as they are). The one-time prices are product-form.ts's priceEntries.
import {
  checkField,
  type AdminPriceBook,
  type AdminSellingModel,
  type PriceEntryInput,
  type ProductPrices,
} from '@store/core';

export const offerName = (modelId: string) => `offer-${modelId}`;
export const subscriptionPriceName = (bookId: string, modelId: string) => `subprice-${bookId}-${modelId}`;

export interface SubscriptionPriceResult {
  /** The subscription models ticked, in the store's order. */
  offered: string[];
  entries: PriceEntryInput[];
  /** Messages by price field name. */
  errors: Record<string, string>;
}

/** The ticked models and their prices; a ticked model needs a price in at least one book. */
export function subscriptionPrices(
  form: FormData,
  books: readonly AdminPriceBook[],
  models: readonly AdminSellingModel[],
  current: ProductPrices,
): SubscriptionPriceResult {
  const errors: Record<string, string> = {};
  const entries: PriceEntryInput[] = [];
  const offered = models.filter((m) => m.sellingModelType !== 'OneTime' && form.get(offerName(m.id)) === 'on');
  for (const m of offered) {
    let priced = false;
    for (const book of books) {
      const name = subscriptionPriceName(book.id, m.id);
      const raw = form.get(name);
      const unitPrice = typeof raw === 'string' ? raw.trim() : '';
      if (unitPrice === '') continue;
      const message = checkField(unitPrice, { type: 'number', min: 0, step: '0.01' });
      if (message) {
        errors[name] = message;
        continue;
      }
      priced = true;
      const before = current.entries.find((e) => e.priceBookId === book.id && e.sellingModelId === m.id);
      entries.push({ priceBookId: book.id, sellingModelId: m.id, unitPrice, tiers: before?.tiers ?? [] });
    }
    const first = books[0] ? subscriptionPriceName(books[0].id, m.id) : offerName(m.id);
    if (!priced && !Object.keys(errors).some((k) => k.endsWith(`-${m.id}`)))
      errors[first] = `Give ${m.name} a price in at least one price book, or untick it.`;
  }
  return { offered: offered.map((m) => m.id), entries, errors };
}
