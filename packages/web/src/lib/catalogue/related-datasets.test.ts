import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { datasetProduct } from '../../test-support/fixtures.ts';
import { recoList, summary } from '../../test-support/recommendations.ts';
import { relatedTiles, shownLists, showsRelatedTiles } from './related-datasets.ts';

const noPicks = () => {
  const overrides: Record<string, null> = {};
  for (let n = 1; n <= 10; n++) {
    overrides[`B2B_Related_Product${n}__c`] = null;
    overrides[`B2B_Related_Product${n}__r.Name`] = null;
  }
  return overrides;
};
const onePick = () => ({
  ...noPicks(),
  B2B_Related_Product1__c: '01t000000000050AAA',
  'B2B_Related_Product1__r.Name': 'Picked',
});

const bought = recoList('CustomersWhoBoughtAlsoBought', [
  summary('01t000000000050AAA', 'Picked', 'DS-00050'),
  summary('01t000000000060AAA', 'Bought A', 'DS-00060'),
]);
const similar = recoList('SimilarProducts', [
  summary('01t000000000060AAA', 'Bought A', 'DS-00060'),
  summary('01t000000000070AAA', 'Similar B', 'DS-00070'),
  summary('01t000000000080AAA', 'Similar C', 'DS-00080'),
]);

describe('Related Datasets tiles', () => {
  test('the seller’s picks fill the tiles first, and computed ones are not used when they do', () => {
    const tiles = relatedTiles(datasetProduct(), [bought, similar]);
    assert.equal(tiles.length, 3);
    assert.ok(tiles.every((t) => t.from === null));
    assert.deepEqual(shownLists(tiles), []);
  });

  test('then also-bought, then similar; each dataset once', () => {
    const tiles = relatedTiles(datasetProduct(onePick()), [bought, similar]);
    assert.deepEqual(
      tiles.map((t) => [t.position, t.name, t.from?.list.recommender ?? 'pick']),
      [
        [1, 'Picked', 'pick'],
        [2, 'Bought A', 'CustomersWhoBoughtAlsoBought'],
        [3, 'Similar B', 'SimilarProducts'],
      ],
    );
    assert.deepEqual(
      shownLists(tiles).map((l) => [l.list.recommender, l.shown.map((p) => p.id)]),
      [
        ['CustomersWhoBoughtAlsoBought', ['01t000000000060AAA']],
        ['SimilarProducts', ['01t000000000070AAA']],
      ],
    );
  });

  test('never the page’s own dataset; without picks or recommendations the section is hidden', () => {
    const product = datasetProduct(noPicks());
    const self = recoList('SimilarProducts', [summary(product.id, 'Itself', 'DS-00001')]);
    const tiles = relatedTiles(product, [self]);
    assert.deepEqual(tiles, []);
    assert.equal(showsRelatedTiles(product, tiles), false);
    assert.equal(showsRelatedTiles(product, relatedTiles(product, [similar])), true);
  });

  test('hidden when the product’s name is the text null, whatever is recommended (spec 03 §2.2 item 9)', () => {
    const product = datasetProduct({ ...noPicks(), Name: 'null' });
    assert.equal(showsRelatedTiles(product, relatedTiles(product, [similar])), false);
  });
});
