import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AdminPriceBook, AdminSellingModel, ProductPrices } from '@store/core';
import { modelFields, modelValues, termsLabel } from './selling-model-form.ts';
import { offerName, subscriptionPrices, subscriptionPriceName } from './subscription-price-form.ts';

const term: AdminSellingModel = {
  id: '0jP000000000005AAA',
  name: 'Twelve months',
  sellingModelType: 'TermDefined',
  pricingTerm: 1,
  pricingTermUnit: 'Months',
  subscriptionTermRule: { minimum: 12, maximum: 36, increment: 12 },
  productCount: 0,
};
const books: AdminPriceBook[] = [
  { id: '01s000000000001AAA', name: 'Standard Price Book', isStandard: true, isActive: true, currencyIsoCode: 'USD' },
  { id: '01s000000000002AAA', name: 'Store Price Book', isStandard: false, isActive: true, currencyIsoCode: 'USD' },
];
const formOf = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.set(k, v);
  return f;
};

describe('the selling-model form', () => {
  it('turns the fields into the API’s, with core’s verdict on the whole model', () => {
    const ok = modelFields({ ...modelValues(null), name: 'Monthly plan' });
    assert.deepEqual(ok.errors, {});
    assert.deepEqual(ok.fields, {
      name: 'Monthly plan',
      sellingModelType: 'Evergreen',
      pricingTerm: 1,
      pricingTermUnit: 'Months',
      subscriptionTermRule: null,
    });
    const v = { ...modelValues(term), sellingModelType: 'TermDefined', maximum: '30' };
    assert.match(modelFields(v).errors.model!, /shortest plus a number of steps/);
    assert.ok(modelFields({ ...v, minimum: '' }).errors.minimum, 'a term-defined model’s terms are required');
  });

  it('names the terms for the table and the price form', () => {
    assert.equal(termsLabel(term), 'term-defined: 12–36 months, in steps of 12, billed monthly');
    assert.equal(
      termsLabel({ ...term, sellingModelType: 'Evergreen', subscriptionTermRule: null, pricingTermUnit: 'Annual' }),
      'auto-renew, billed yearly',
    );
  });
});

describe('the price form’s subscriptions', () => {
  const current = { productId: 'p', currencyIsoCode: 'USD', entries: [] } as unknown as ProductPrices;

  it('takes the ticked models with their prices; an unticked model is not priced', () => {
    const r = subscriptionPrices(
      formOf({ [offerName(term.id)]: 'on', [subscriptionPriceName(books[1]!.id, term.id)]: '41.50' }),
      books,
      [term],
      current,
    );
    assert.deepEqual(r.errors, {});
    assert.deepEqual(r.offered, [term.id]);
    assert.deepEqual(r.entries, [
      { priceBookId: books[1]!.id, sellingModelId: term.id, unitPrice: '41.50', tiers: [] },
    ]);
    const off = subscriptionPrices(
      formOf({ [subscriptionPriceName(books[1]!.id, term.id)]: '41.50' }),
      books,
      [term],
      current,
    );
    assert.deepEqual([off.offered, off.entries], [[], []]);
  });

  it('a ticked model needs a price, and a price must be money', () => {
    const none = subscriptionPrices(formOf({ [offerName(term.id)]: 'on' }), books, [term], current);
    assert.match(Object.values(none.errors)[0]!, /price in at least one price book/);
    const bad = subscriptionPrices(
      formOf({ [offerName(term.id)]: 'on', [subscriptionPriceName(books[0]!.id, term.id)]: 'ten' }),
      books,
      [term],
      current,
    );
    assert.ok(bad.errors[subscriptionPriceName(books[0]!.id, term.id)]);
  });
});
