import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sellingModelProblem, type SellingModelFields } from './workspace-selling-models.ts';

const monthly: SellingModelFields = {
  name: 'Monthly',
  pricingTerm: 1,
  pricingTermUnit: 'Months',
  subscriptionTermRule: null,
};
const termed: SellingModelFields = { ...monthly, subscriptionTermRule: { minimum: 12, maximum: 12, increment: 12 } };

test('an auto-renew model bills every term and has no terms to choose', () => {
  assert.equal(sellingModelProblem('Evergreen', monthly), null);
  assert.match(sellingModelProblem('Evergreen', termed)!, /no terms to choose/);
  assert.match(sellingModelProblem('Evergreen', { ...monthly, name: '  ' })!, /needs a name/);
  assert.match(sellingModelProblem('Evergreen', { ...monthly, pricingTerm: 0 })!, /billing term/);
  assert.match(
    sellingModelProblem('Evergreen', { ...monthly, pricingTermUnit: 'Weeks' as never })!,
    /Months or Annual/,
  );
});

test('a term-defined model names its terms: shortest, longest, step', () => {
  assert.equal(sellingModelProblem('TermDefined', termed), null);
  assert.equal(
    sellingModelProblem('TermDefined', {
      ...monthly,
      subscriptionTermRule: { minimum: 12, maximum: 36, increment: 12 },
    }),
    null,
  );
  assert.match(sellingModelProblem('TermDefined', monthly)!, /needs its terms/);
  const rule = (minimum: number, maximum: number, increment: number) =>
    sellingModelProblem('TermDefined', { ...monthly, subscriptionTermRule: { minimum, maximum, increment } });
  assert.match(rule(12, 6, 1)!, /can’t be shorter/);
  assert.match(rule(12, 30, 12)!, /plus a number of steps/);
  assert.match(rule(0, 12, 1)!, /whole numbers/);
  assert.match(rule(1, 120, 1)!, /at most 50 terms/);
  assert.match(sellingModelProblem('OneTime', monthly)!, /one-time model/);
});
