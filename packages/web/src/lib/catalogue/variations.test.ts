import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ProductAttributeInfo, ProductVariationInfo } from '@store/core';
import {
  choiceFromSearch,
  choiceOfVariation,
  resolveVariation,
  searchForChoice,
  searchNamesChoice,
  variationAttributes,
} from './variations.ts';

const attribute = (apiName: string, sequence: number, values: string[]): ProductAttributeInfo => ({
  apiName,
  label: apiName,
  sequence,
  fieldEnumOrId: apiName,
  objectName: 'ProductAttribute',
  isGroupedBy: false,
  viewType: 'Pill',
  allowableValues: values,
  availableValues: values,
  options: values.map((v) => ({ apiName: v, label: v, colorHexCode: null, variantAvailable: true })),
});

const mapping = (productId: string, values: Record<string, string>, availableToOrder = true) => ({
  productId,
  urlName: null,
  canonicalKey: Object.values(values).join('_'),
  availableToOrder,
  selectedAttributes: Object.entries(values).map(([apiName, value], i) => ({
    apiName,
    label: apiName,
    sequence: i,
    value,
  })),
});

/** The demo's families: one attribute, every value a variation. */
const coverage: ProductVariationInfo = {
  attributesToProductMappings: [
    mapping('01tEL', { Coverage: 'Email Only' }),
    mapping('01tEP', { Coverage: 'Email + Phone' }),
    mapping('01tFC', { Coverage: 'Full Contact' }),
  ],
  variationAttributeInfo: { Coverage: attribute('Coverage', 0, ['Email Only', 'Email + Phone', 'Full Contact']) },
  variationCount: 3,
};

/** Two attributes where not every combination exists, and one variation that cannot be ordered. */
const twoWay: ProductVariationInfo = {
  attributesToProductMappings: [
    mapping('01tUSE', { Region: 'US', Coverage: 'Email Only' }),
    mapping('01tUSF', { Region: 'US', Coverage: 'Full Contact' }),
    mapping('01tCAE', { Region: 'Canada', Coverage: 'Email Only' }),
    mapping('01tCAF', { Region: 'Canada', Coverage: 'Full Contact' }, false),
  ],
  // Listed out of order: the sequence decides.
  variationAttributeInfo: {
    Coverage: attribute('Coverage', 1, ['Email Only', 'Full Contact']),
    Region: attribute('Region', 0, ['US', 'Canada', 'Mexico']),
  },
  variationCount: 4,
};

describe('resolveVariation', () => {
  test('each value of a one-attribute family is its variation', () => {
    assert.deepEqual(resolveVariation(coverage, { Coverage: 'Email + Phone' }), { state: 'valid', productId: '01tEP' });
  });
  test('no value yet: incomplete (the parent stays the product, code 103)', () => {
    assert.deepEqual(resolveVariation(coverage, {}), { state: 'incomplete' });
    assert.deepEqual(resolveVariation(twoWay, { Region: 'US' }), { state: 'incomplete' });
  });
  test('a value the family does not have, a combination with no variation, an unorderable one: invalid (105)', () => {
    assert.deepEqual(resolveVariation(coverage, { Coverage: 'Fax Only' }), { state: 'invalid' });
    assert.deepEqual(resolveVariation(twoWay, { Region: 'Mexico', Coverage: 'Email Only' }), { state: 'invalid' });
    assert.deepEqual(resolveVariation(twoWay, { Region: 'Canada', Coverage: 'Full Contact' }), { state: 'invalid' });
  });
  test('values of attributes the family does not have are ignored', () => {
    assert.deepEqual(resolveVariation(coverage, { Coverage: 'Full Contact', Colour: 'Red' }), {
      state: 'valid',
      productId: '01tFC',
    });
  });
});

describe('variationAttributes', () => {
  test('attributes in their sequence, values in the given order, all available in the demo family', () => {
    const attrs = variationAttributes(coverage, {});
    assert.deepEqual(
      attrs.map((a) => [a.apiName, a.options.map((o) => [o.value, o.available])]),
      [
        [
          'Coverage',
          [
            ['Email Only', true],
            ['Email + Phone', true],
            ['Full Contact', true],
          ],
        ],
      ],
    );
  });
  test('a value is available when it makes an orderable variation with the other values chosen', () => {
    const [region, cover] = variationAttributes(twoWay, { Region: 'Canada' });
    assert.equal(region!.apiName, 'Region');
    // Regions are judged against no coverage yet: Mexico has no variation at all.
    assert.deepEqual(
      region!.options.map((o) => [o.value, o.available]),
      [
        ['US', true],
        ['Canada', true],
        ['Mexico', false],
      ],
    );
    // In Canada only Email Only can be ordered.
    assert.deepEqual(
      cover!.options.map((o) => [o.value, o.available]),
      [
        ['Email Only', true],
        ['Full Contact', false],
      ],
    );
  });
});

describe('the choice in the query string', () => {
  test('read: only the family attributes, blank values are no choice, unknown values are kept', () => {
    const search = new URLSearchParams('Coverage=Fax%20Only&Colour=Red&Region=');
    assert.deepEqual(choiceFromSearch(twoWay, search), { Coverage: 'Fax Only' });
    assert.equal(searchNamesChoice(twoWay, search), true);
    assert.equal(searchNamesChoice(coverage, new URLSearchParams('utm_source=mail')), false);
  });
  test('written: attributes in sequence, other parameters kept, a "+" in a value survives the round trip', () => {
    const current = new URLSearchParams('utm_source=mail&Coverage=Email%20Only');
    const search = searchForChoice(twoWay, { Coverage: 'Email + Phone', Region: 'US' }, current);
    assert.equal(search, '?utm_source=mail&Region=US&Coverage=Email+%2B+Phone');
    assert.deepEqual(choiceFromSearch(twoWay, new URLSearchParams(search)), {
      Region: 'US',
      Coverage: 'Email + Phone',
    });
    assert.equal(searchForChoice(coverage, {}, new URLSearchParams('Coverage=x')), '');
  });
  test("a variation's own values are its choice", () => {
    assert.deepEqual(choiceOfVariation(twoWay, '01tCAE'), { Region: 'Canada', Coverage: 'Email Only' });
    assert.deepEqual(choiceOfVariation(twoWay, '01tNOPE'), {});
  });
});
