import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attributeOf, quantityRuleOf, reorderedSkus, variationInput } from './product-class-form.ts';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const COVERAGE = [{ name: 'Coverage', values: ['Email Only', 'Email + Phone', 'Full Contact'] }];
const component = (sku: string, position: number) => ({
  productId: `id-${sku}`,
  sku,
  name: sku,
  productClass: 'Simple',
  status: 'Live' as const,
  position,
});

describe('the product class forms', () => {
  it("reads a new parent's attribute and its comma-separated values", () => {
    const ok = attributeOf(
      form({ attributeName: ' Coverage ', attributeValues: 'Email Only, Email + Phone,, Full Contact' }),
    );
    assert.deepEqual(ok, { attributes: COVERAGE, problem: null });
    assert.equal(
      attributeOf(form({ attributeName: 'Coverage', attributeValues: '' })).problem,
      'The attribute Coverage needs at least one value.',
    );
    assert.equal(
      attributeOf(form({ attributeName: '', attributeValues: 'A' })).problem,
      'Every variation attribute needs a name.',
    );
  });

  it("checks a variation's SKU, name and value with the spec's messages and core's rule", () => {
    const ok = variationInput(
      form({ sku: 'VA-1', name: 'Email', status: 'Live', 'value-Coverage': 'Email Only' }),
      COVERAGE,
    );
    assert.equal(ok.errors, null);
    assert.deepEqual(ok.input, { sku: 'VA-1', name: 'Email', status: 'Live', values: { Coverage: 'Email Only' } });
    const bad = variationInput(form({ sku: '', name: 'x', 'value-Coverage': '' }), COVERAGE);
    assert.deepEqual(bad.errors, { sku: 'Complete this field', values: 'Choose a value of Coverage.' });
  });

  it('moves, removes and adds components by SKU; a move past either end changes nothing', () => {
    const list = [component('A', 1), component('B', 2), component('C', 3)];
    assert.deepEqual(reorderedSkus(list, 'up', 1, ''), ['B', 'A', 'C']);
    assert.deepEqual(reorderedSkus(list, 'down', 1, ''), ['A', 'C', 'B']);
    assert.deepEqual(reorderedSkus(list, 'remove', 0, ''), ['B', 'C']);
    assert.deepEqual(reorderedSkus(list, 'add', -1, 'D'), ['A', 'B', 'C', 'D']);
    assert.equal(reorderedSkus(list, 'up', 0, ''), null);
    assert.equal(reorderedSkus(list, 'down', 2, ''), null);
    assert.equal(reorderedSkus(list, 'add', -1, ''), null);
  });

  it('checks each quantity field, then the rule as a whole', () => {
    assert.deepEqual(quantityRuleOf(form({ minimum: '2', maximum: '10', increment: '2' })), {
      rule: { minimum: '2', maximum: '10', increment: '2' },
      fieldErrors: {},
      problem: null,
    });
    const zero = quantityRuleOf(form({ minimum: '0', maximum: '10', increment: '' }));
    assert.equal(zero.fieldErrors.increment, 'Complete this field');
    assert.ok(zero.fieldErrors.minimum);
    assert.equal(zero.problem, null);
    assert.match(
      quantityRuleOf(form({ minimum: '2', maximum: '9', increment: '2' })).problem!,
      /whole number of increments/,
    );
  });
});
