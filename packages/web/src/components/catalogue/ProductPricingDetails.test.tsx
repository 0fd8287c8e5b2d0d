import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { ProductPricingDetails } from './ProductPricingDetails.tsx';
import { datasetProduct, productPrice } from '../../test-support/fixtures.ts';

const labels = { taxIncluded: 'Tax Included', lastLowestPrice: 'Last Lowest Price:' };
const product = datasetProduct();

describe('ProductPricingDetails (2_TIER, tax indication off)', () => {
  test('strikes through the list price when it exceeds the negotiated price', () => {
    const out = renderToString(
      <ProductPricingDetails
        product={product}
        pricing={productPrice('499.00', '399.00')}
        pricingType="2_TIER"
        labels={labels}
      />,
    );
    assert.match(out, /<s class="price__original"><span class="sr-only">Original price <\/span>\$499\.00<\/s>/);
    assert.match(out, /<span class="price__main"><span class="sr-only">Current price <\/span>\$399\.00<\/span>/);
    assert.doesNotMatch(out, /Tax Included/);
  });
  test('no strikethrough when list price equals or is below the sale price', () => {
    const out = renderToString(
      <ProductPricingDetails product={product} pricing={productPrice('399.00', '399.00')} pricingType="2_TIER" />,
    );
    assert.doesNotMatch(out, /<s /);
    assert.match(out, /<span class="price__main">\$399\.00<\/span>/);
  });
  test('1_TIER never strikes through', () => {
    const out = renderToString(
      <ProductPricingDetails product={product} pricing={productPrice('499.00', '399.00')} pricingType="1_TIER" />,
    );
    assert.doesNotMatch(out, /<s /);
  });
  test("'Price Unavailable' when the product has no price", () => {
    const none = renderToString(<ProductPricingDetails product={product} pricing={null} pricingType="2_TIER" />);
    assert.match(none, />Price Unavailable</);
    assert.doesNotMatch(none, /\$/);
    const empty = renderToString(
      <ProductPricingDetails product={product} pricing={productPrice(null, null)} pricingType="2_TIER" />,
    );
    assert.match(empty, />Price Unavailable</);
  });
  test('shows the last lowest price with its label', () => {
    const out = renderToString(
      <ProductPricingDetails product={product} pricing={productPrice('499.00', '399.00', '349.50')} labels={labels} />,
    );
    assert.match(out, /<p class="price__lowest">Last Lowest Price: \$349\.50<\/p>/);
  });
  test('shows the tax label only when tax indication is on and the tax applies', () => {
    const gross = {
      taxLocaleType: 'Gross' as const,
      taxPolicies: [{ taxRatePercentage: '20', taxTreatmentName: 'VAT', taxTreatmentDescription: null }],
      taxesInfo: {},
    };
    const on = renderToString(
      <ProductPricingDetails
        product={product}
        pricing={productPrice('10', '10')}
        taxes={gross}
        showTaxIndication
        labels={labels}
      />,
    );
    assert.match(on, /Tax Included/);
    const off = renderToString(
      <ProductPricingDetails
        product={product}
        pricing={productPrice('10', '10')}
        taxes={gross}
        showTaxIndication={false}
        labels={labels}
      />,
    );
    assert.doesNotMatch(off, /Tax Included/);
  });
  test('is hidden for variation parents and sets', () => {
    const out = renderToString(
      <ProductPricingDetails
        product={{ ...product, productClass: 'VariationParent' }}
        pricing={productPrice('1', '1')}
      />,
    );
    assert.equal(out, '');
  });
});
