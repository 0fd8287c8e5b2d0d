import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { recoList, summary } from '../../test-support/recommendations.ts';
import { clickRecoPayload, listForActivity, recoActivityProduct, viewRecoPayload } from './recommendations.ts';

const priced = summary('01t000000000060AAA', 'Bought A', 'DS-00060', { unitPrice: '349.00', listPrice: '499.00' });
const unpriced = summary('01t000000000070AAA', 'Similar B', 'DS-00070');

describe('recommendation activities', () => {
  test('a product activity item carries id, SKU and the prices the answer carried (null without)', () => {
    assert.deepEqual(recoActivityProduct(priced), {
      id: '01t000000000060AAA',
      sku: 'DS-00060',
      unitPrice: '349.00',
      listPrice: '499.00',
    });
    assert.deepEqual(recoActivityProduct(unpriced), {
      id: '01t000000000070AAA',
      sku: 'DS-00070',
      unitPrice: null,
      listPrice: null,
    });
  });

  test('viewReco names the answer and the products shown; clickReco the product and its place', () => {
    const list = recoList('CompleteTheCart', [priced, unpriced], ['01t000000000001AAA']);
    const view = viewRecoPayload(list, [priced]);
    assert.deepEqual(view, {
      recommender: 'CompleteTheCart',
      recommendationId: 'reco-CompleteTheCart',
      anchorValues: ['01t000000000001AAA'],
      products: [recoActivityProduct(priced)],
    });
    assert.deepEqual(clickRecoPayload(list, unpriced, 2), {
      recommender: 'CompleteTheCart',
      recommendationId: 'reco-CompleteTheCart',
      anchorValues: ['01t000000000001AAA'],
      product: recoActivityProduct(unpriced),
      position: 2,
    });
  });

  test('a page keeps of a list only what its tiles and payloads read: the same payloads from a fraction of the data', () => {
    const rich = {
      ...priced,
      fields: {
        ...priced.fields,
        Description: { value: 'Every dentist in the United States.' },
        B2B_Product_Description_Rich__c: { value: `<p>${'A long description. '.repeat(100)}</p>` },
      },
    };
    const list = recoList('SimilarProducts', [rich, unpriced], ['01t000000000001AAA']);
    const kept = listForActivity(list);
    assert.deepEqual(kept.products[0], {
      id: rich.id,
      name: 'Bought A',
      fields: { Name: { value: 'Bought A' }, StockKeepingUnit: { value: 'DS-00060' } },
      prices: rich.prices,
    });
    assert.deepEqual(kept.products[1], { id: unpriced.id, name: 'Similar B', fields: unpriced.fields });
    assert.deepEqual(viewRecoPayload(kept, kept.products), viewRecoPayload(list, list.products));
    assert.deepEqual(clickRecoPayload(kept, kept.products[0]!, 1), clickRecoPayload(list, rich, 1));
    assert.ok(JSON.stringify(kept).length * 4 < JSON.stringify(list).length);
  });
});
