import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { recoList, summary } from '../../test-support/recommendations.ts';
import { clickRecoPayload, recoActivityProduct, viewRecoPayload } from './recommendations.ts';

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
});
