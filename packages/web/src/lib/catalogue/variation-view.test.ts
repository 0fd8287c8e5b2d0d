import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ProductDetail, ProductVariationInfo } from '@store/core';
import type { ProductData } from '../../routes/types.ts';
import { datasetProduct, productPrice, taxes } from '../../test-support/fixtures.ts';
import { familyPageView } from './variation-view.ts';

const info: ProductVariationInfo = {
  attributesToProductMappings: ['Email Only', 'Full Contact'].map((value, i) => ({
    productId: `01tV${i}`,
    urlName: null,
    canonicalKey: value,
    availableToOrder: true,
    selectedAttributes: [{ apiName: 'Coverage', label: 'Coverage', sequence: 0, value }],
  })),
  variationAttributeInfo: {
    Coverage: {
      apiName: 'Coverage',
      label: 'Coverage',
      sequence: 0,
      fieldEnumOrId: 'Coverage',
      objectName: 'ProductAttribute',
      isGroupedBy: false,
      viewType: 'Pill',
      allowableValues: ['Email Only', 'Full Contact'],
      availableValues: ['Email Only', 'Full Contact'],
      options: [],
    },
  },
  variationCount: 2,
};

const product = (id: string, cls: ProductDetail['productClass'], name: string): ProductDetail => ({
  ...datasetProduct({ Name: name }),
  id,
  productClass: cls,
  variationParentId: cls === 'Variation' ? '01tP' : null,
  variationInfo: cls === 'VariationParent' ? info : null,
});

const parent = product('01tP', 'VariationParent', 'US Dentists – choose your coverage');
const members = [
  { product: product('01tV0', 'Variation', 'US Dentists – Email Only'), pricing: productPrice('949.99', '949.99') },
  { product: product('01tV1', 'Variation', 'US Dentists – Full Contact'), pricing: productPrice('1199.99', '1078.99') },
].map((m) => ({ ...m, promotions: null, description: { kind: 'text' as const, text: m.product.id } }));

const pageOf = (p: ProductDetail): ProductData => ({
  product: p,
  pricing: productPrice('1.00', '1.00'),
  taxes,
  promotions: null,
  availableQuantity: null,
  defaultCurrency: 'USD',
  description: { kind: 'text', text: 'page' },
  origin: 'https://shop.example.com',
  family: { parent, members },
});

describe('familyPageView', () => {
  test('a product without a family has no view', () => {
    assert.equal(familyPageView({ ...pageOf(parent), family: null }, new URLSearchParams()), null);
  });

  test("the parent's page with no choice: the parent, no price, code 103's class", () => {
    const view = familyPageView(pageOf(parent), new URLSearchParams())!;
    assert.equal(view.data.product.id, '01tP');
    assert.equal(view.data.pricing, null);
    assert.equal(view.productClass, 'VariationParent');
    assert.equal(view.valid, null);
  });

  test("a choice in the query: that variation's product, price and description", () => {
    const view = familyPageView(pageOf(parent), new URLSearchParams('Coverage=Full+Contact'))!;
    assert.equal(view.data.product.id, '01tV1');
    assert.equal(view.data.pricing?.unitPrice, '1078.99');
    assert.deepEqual(view.data.description, { kind: 'text', text: '01tV1' });
    assert.equal(view.productClass, 'Variation');
    assert.equal(view.valid, true);
  });

  test("a variation's page chooses its own values, unless the query says otherwise", () => {
    const own = familyPageView(pageOf(members[0]!.product), new URLSearchParams())!;
    assert.deepEqual(own.choice, { Coverage: 'Email Only' });
    assert.equal(own.data.product.id, '01tV0');
    const other = familyPageView(pageOf(members[0]!.product), new URLSearchParams('Coverage=Full+Contact'))!;
    assert.equal(other.data.product.id, '01tV1');
  });

  test('a value the family does not have: the parent shown, not valid (code 105)', () => {
    const view = familyPageView(pageOf(parent), new URLSearchParams('Coverage=Fax+Only'))!;
    assert.equal(view.data.product.id, '01tP');
    assert.equal(view.data.pricing, null);
    assert.equal(view.productClass, 'Variation');
    assert.equal(view.valid, false);
  });
});
