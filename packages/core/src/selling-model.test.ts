import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_SUBSCRIPTION_TERM_OPTIONS,
  type SellingModelLike,
  applySellingModelSelection,
  billingFrequencyLabel,
  changeSubscriptionDetail,
  changeSubscriptionType,
  createSubscriptionSelector,
  defaultSellingModel,
  defaultSellingModelOf,
  parseSellingModelOptionValue,
  sellingModelOptionValue,
  sellingModelTypeLabel,
  selectionOf,
  subscriptionSelectorView,
  subscriptionTermOptions,
  termLengthLabel,
} from './selling-model.ts';

const oneTime: SellingModelLike = {
  id: 'one',
  name: 'One-Time',
  sellingModelType: 'OneTime',
  pricingTerm: null,
  pricingTermUnit: null,
  subscriptionTermRule: null,
};
const monthly: SellingModelLike = {
  id: 'evm',
  name: 'Monthly',
  sellingModelType: 'Evergreen',
  pricingTerm: 1,
  pricingTermUnit: 'Months',
  subscriptionTermRule: null,
};
const yearly: SellingModelLike = {
  id: 'evy',
  name: 'Yearly',
  sellingModelType: 'Evergreen',
  pricingTerm: 1,
  pricingTermUnit: 'Annual',
  subscriptionTermRule: null,
};
const term: SellingModelLike = {
  id: 'td',
  name: 'Term',
  sellingModelType: 'TermDefined',
  pricingTerm: 1,
  pricingTermUnit: 'Months',
  subscriptionTermRule: { minimum: 12, maximum: 36, increment: 12 },
};

test('default selling model: OneTime wins wherever it is', () => {
  assert.deepEqual(defaultSellingModel([monthly, term, oneTime]), { productSellingModelId: 'one' });
});

test('the default selling model itself: OneTime, else the subscription, else none', () => {
  assert.equal(defaultSellingModelOf([monthly, term, oneTime]), oneTime);
  assert.equal(defaultSellingModelOf([term, monthly])?.sellingModelType, 'TermDefined');
  assert.equal(defaultSellingModelOf([]), null);
  assert.equal(defaultSellingModelOf(null), null);
});

test('default selling model: else the first Evergreen or TermDefined with its minimum term', () => {
  assert.deepEqual(defaultSellingModel([term, monthly]), { productSellingModelId: 'td', subscriptionTerm: 12 });
  assert.deepEqual(defaultSellingModel([monthly, term]), { productSellingModelId: 'evm' });
  assert.deepEqual(defaultSellingModel([{ ...term, subscriptionTermRule: null }]), {
    productSellingModelId: 'td',
    subscriptionTerm: 1,
  });
  assert.deepEqual(
    defaultSellingModel([{ ...monthly, subscriptionTermRule: { minimum: 3, maximum: 12, increment: 1 } }]),
    {
      productSellingModelId: 'evm',
      subscriptionTerm: 3,
    },
  );
  assert.equal(defaultSellingModel([]), null);
  assert.equal(defaultSellingModel(null), null);
});

test('term options: min to max by increment', () => {
  assert.deepEqual(subscriptionTermOptions({ minimum: 12, maximum: 36, increment: 12 }), [12, 24, 36]);
  assert.deepEqual(subscriptionTermOptions({ minimum: 1, maximum: 5, increment: 2 }), [1, 3, 5]);
  assert.deepEqual(subscriptionTermOptions({ minimum: 1, maximum: 4, increment: 2 }), [1, 3]);
});

test('term options: increment defaults to 1', () => {
  assert.deepEqual(subscriptionTermOptions({ minimum: 2, maximum: 4 }), [2, 3, 4]);
  assert.deepEqual(subscriptionTermOptions({ minimum: 2, maximum: 4, increment: 0 }), [2, 3, 4]);
  assert.deepEqual(subscriptionTermOptions({ minimum: 2, maximum: 4, increment: null }), [2, 3, 4]);
});

test('term options: at most 50 steps', () => {
  assert.equal(MAX_SUBSCRIPTION_TERM_OPTIONS, 50);
  const many = subscriptionTermOptions({ minimum: 1, maximum: 1000, increment: 1 });
  assert.equal(many.length, 50);
  assert.equal(many.at(-1), 50);
  assert.equal(subscriptionTermOptions({ minimum: 1 }).length, 50); // no maximum
  assert.equal(subscriptionTermOptions({ minimum: 1, maximum: 50 }).length, 50);
  assert.equal(subscriptionTermOptions({ minimum: 1, maximum: 49 }).length, 49);
});

test('labels', () => {
  assert.equal(sellingModelTypeLabel('Evergreen'), 'auto-renew');
  assert.equal(sellingModelTypeLabel('TermDefined'), 'term-defined');
  assert.equal(termLengthLabel(1, 'Months'), '1 month');
  assert.equal(termLengthLabel(12, 'Months'), '12 months');
  assert.equal(termLengthLabel(1, 'Annual'), '1 year');
  assert.equal(termLengthLabel(2, 'Annual'), '2 years');
  assert.equal(billingFrequencyLabel('Months'), 'monthly');
  assert.equal(billingFrequencyLabel('Annual'), 'yearly');
});

test('option values are JSON with productSellingModelId and optional subscriptionTerm', () => {
  const v = sellingModelOptionValue({ productSellingModelId: 'td', subscriptionTerm: 12 });
  assert.deepEqual(JSON.parse(v), { productSellingModelId: 'td', subscriptionTerm: 12 });
  assert.deepEqual(JSON.parse(sellingModelOptionValue({ productSellingModelId: 'evm' })), {
    productSellingModelId: 'evm',
  });
  assert.deepEqual(parseSellingModelOptionValue(v), { productSellingModelId: 'td', subscriptionTerm: 12 });
  assert.equal(parseSellingModelOptionValue('not json'), null);
  assert.equal(parseSellingModelOptionValue('{"subscriptionTerm":3}'), null);
  assert.equal(parseSellingModelOptionValue(''), null);
});

test('selector: type options per type, details per model and term', () => {
  const s = createSubscriptionSelector([monthly, yearly, term]);
  assert.deepEqual(
    s.typeOptions.map((o) => [o.label, o.value]),
    [
      ['auto-renew', 'Evergreen'],
      ['term-defined', 'TermDefined'],
    ],
  );
  assert.deepEqual(
    s.detailOptionsByType.Evergreen!.map((o) => o.label),
    ['monthly', 'yearly'],
  );
  assert.deepEqual(
    s.detailOptionsByType.TermDefined!.map((o) => o.label),
    ['12 months', '24 months', '36 months'],
  );
});

test('selector: with no selection it picks the first type and its first detail', () => {
  const s = createSubscriptionSelector([term, monthly]);
  assert.equal(s.selectedType, 'TermDefined');
  assert.deepEqual(selectionOf(s), { productSellingModelId: 'td', subscriptionTerm: 12 });
});

test('selector: a current selection sets type and detail', () => {
  const s = createSubscriptionSelector([monthly, yearly, term], {
    current: { productSellingModelId: 'td', subscriptionTerm: 24 },
  });
  assert.equal(s.selectedType, 'TermDefined');
  assert.deepEqual(selectionOf(s), { productSellingModelId: 'td', subscriptionTerm: 24 });
  const y = applySellingModelSelection(s, { productSellingModelId: 'evy' });
  assert.equal(y.selectedType, 'Evergreen');
  assert.deepEqual(selectionOf(y), { productSellingModelId: 'evy' });
  // A term not offered falls back to that model's first term; an unknown model changes nothing.
  assert.deepEqual(selectionOf(applySellingModelSelection(s, { productSellingModelId: 'td', subscriptionTerm: 5 })), {
    productSellingModelId: 'td',
    subscriptionTerm: 12,
  });
  assert.equal(applySellingModelSelection(s, { productSellingModelId: 'zzz' }), s);
});

test('selector: changing the type resets the detail and announces it', () => {
  const s = createSubscriptionSelector([monthly, yearly, term], { current: { productSellingModelId: 'evy' } });
  const { state, announcement } = changeSubscriptionType(s, 'TermDefined');
  assert.equal(state.selectedType, 'TermDefined');
  assert.deepEqual(announcement, { productSellingModelId: 'td', subscriptionTerm: 12 });
  const back = changeSubscriptionType(state, 'Evergreen');
  assert.deepEqual(back.announcement, { productSellingModelId: 'evm' }); // first detail, not the earlier 'evy'
  assert.deepEqual(changeSubscriptionType(s, 'OneTime'), { state: s, announcement: null }); // not offered
});

test('selector: changing the detail announces it', () => {
  const s = createSubscriptionSelector([term]);
  const v = sellingModelOptionValue({ productSellingModelId: 'td', subscriptionTerm: 36 });
  const { state, announcement } = changeSubscriptionDetail(s, v);
  assert.equal(state.selectedDetail, v);
  assert.deepEqual(announcement, { productSellingModelId: 'td', subscriptionTerm: 36 });
  assert.equal(changeSubscriptionDetail(s, 'bogus').announcement, null);
});

test('selector: nothing is announced in read-only mode', () => {
  const s = createSubscriptionSelector([monthly, term], { readOnly: true });
  const t = changeSubscriptionType(s, 'TermDefined');
  assert.equal(t.state.selectedType, 'TermDefined');
  assert.equal(t.announcement, null);
  const d = changeSubscriptionDetail(
    t.state,
    sellingModelOptionValue({ productSellingModelId: 'td', subscriptionTerm: 24 }),
  );
  assert.equal(d.announcement, null);
});

test('selector: nothing is announced when no model id is found', () => {
  const s = createSubscriptionSelector([term]);
  const broken = { ...s, detailOptionsByType: { TermDefined: [{ label: 'x', value: '{"subscriptionTerm":1}' }] } };
  assert.equal(changeSubscriptionDetail(broken, '{"subscriptionTerm":1}').announcement, null);
});

test('view: type selector only with more than one type', () => {
  const two = subscriptionSelectorView(createSubscriptionSelector([monthly, term]));
  assert.equal(two.showTypeSelector, true);
  assert.equal(two.showDetailSelector, true); // shown because the type selector is
  assert.equal(two.detailAsText, false);
  assert.equal(subscriptionSelectorView(createSubscriptionSelector([monthly, yearly])).showTypeSelector, false);
});

test('view: detail selector with more than one detail', () => {
  const v = subscriptionSelectorView(createSubscriptionSelector([monthly, yearly]));
  assert.equal(v.showDetailSelector, true);
  assert.equal(v.detailAsText, false);
});

test('view: exactly one detail and no type selector -> plain text', () => {
  const v = subscriptionSelectorView(createSubscriptionSelector([monthly]));
  assert.equal(v.showTypeSelector, false);
  assert.equal(v.showDetailSelector, false);
  assert.equal(v.detailAsText, true);
  assert.equal(v.detailText, 'monthly');
});

test('view: one type with one detail but a second type still shows both selectors', () => {
  const v = subscriptionSelectorView(createSubscriptionSelector([oneTime, monthly]));
  assert.equal(v.showTypeSelector, true);
  assert.equal(v.detailOptions.length, 1);
  assert.equal(v.showDetailSelector, true);
  assert.equal(v.detailAsText, false);
});

test('view: no models means nothing to show', () => {
  const v = subscriptionSelectorView(createSubscriptionSelector([]));
  assert.equal(v.showTypeSelector, false);
  assert.equal(v.showDetailSelector, false);
  assert.equal(v.detailAsText, false);
  assert.equal(v.selectedType, null);
});
