import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  couponUse,
  discountLabel,
  promotionDraft,
  promotionValues,
  skusAmong,
  trialLines,
  utcField,
} from './promotion-form.ts';

const formOf = (fields: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
  return form;
};
const BASE = { name: 'Spring', discountType: 'PercentOff', percent: '10', priority: '100', target: 'Item' };

describe('the promotion editor’s form', () => {
  it('reads every rule: discount, targets, audience, UTC dates, stacking, switches and coupons with limits', () => {
    const draft = promotionDraft(
      formOf({
        ...BASE,
        target: 'Cart',
        products: 'DS-00001, 01t000000000102AAA',
        categoryIds: ['0ZG000000000001AAA', '0ZG000000000002AAA'],
        buyerGroupIds: '0ZI000000000001AAA',
        accountIds: '001000000000001AAA',
        startsAt: '2026-03-01T09:00',
        endsAt: '',
        stacking: 'Exclusive',
        isActive: 'true',
        'coupon-0-code': 'SPRING-DATA',
        'coupon-0-maxUses': '5',
        'coupon-0-maxUsesPerCustomer': '1',
        'coupon-1-code': 'SPRING2',
        'coupon-1-maxUses': '',
        'coupon-2-code': '',
        'coupon-2-maxUses': '',
      }),
    );
    assert.deepEqual(draft.fieldErrors, {});
    assert.equal(draft.problem, null);
    assert.deepEqual(draft.products, ['DS-00001', '01t000000000102AAA']);
    assert.deepEqual(skusAmong(draft.products), ['DS-00001']);
    assert.deepEqual(draft.fields, {
      name: 'Spring',
      termsAndConditions: null,
      discount: { type: 'PercentOff', percent: '10' },
      target: 'Cart',
      categoryIds: ['0ZG000000000001AAA', '0ZG000000000002AAA'],
      buyerGroupIds: ['0ZI000000000001AAA'],
      accountIds: ['001000000000001AAA'],
      startsAt: '2026-03-01T09:00:00Z',
      endsAt: null,
      priority: 100,
      stacking: 'Exclusive',
      oneTimeOnly: false,
      isActive: true,
      coupons: [
        { code: 'SPRING-DATA', maxUses: 5, maxUsesPerCustomer: 1 },
        { code: 'SPRING2', maxUses: null, maxUsesPerCustomer: null },
      ],
    });
  });

  it('gives core’s verdict and the shared field messages', () => {
    assert.equal(
      promotionDraft(formOf({ ...BASE, percent: '150' })).problem,
      'The percent off must be a percentage greater than 0 and at most 100.',
    );
    assert.equal(
      promotionDraft(formOf({ ...BASE, startsAt: '2026-03-02T00:00', endsAt: '2026-03-01T00:00' })).problem,
      'The promotion must end after it starts.',
    );
    const bad = promotionDraft(
      formOf({ ...BASE, name: ' ', priority: '1.5', 'coupon-0-code': 'AB1', 'coupon-0-maxUses': 'x' }),
    );
    assert.equal(bad.fieldErrors.name, 'Complete this field');
    assert.ok(bad.fieldErrors.priority);
    assert.ok(bad.fieldErrors['coupon-0-maxUses']);
  });

  it('reads buy-more-save-more tiers from their filled rows, and an amount off', () => {
    const tiers = promotionDraft(
      formOf({
        ...BASE,
        discountType: 'TieredPercentOff',
        'tier-0-min': '5',
        'tier-0-percent': '5',
        'tier-1-min': '10',
        'tier-1-percent': '10',
        'tier-2-min': '',
        'tier-2-percent': '',
      }),
    );
    assert.deepEqual(tiers.fields.discount, {
      type: 'TieredPercentOff',
      tiers: [
        { minQuantity: 5, percent: '5' },
        { minQuantity: 10, percent: '10' },
      ],
    });
    assert.equal(tiers.problem, null);
    const amount = promotionDraft(formOf({ ...BASE, discountType: 'AmountOff', amount: '11.00' }));
    assert.deepEqual(amount.fields.discount, { type: 'AmountOff', amount: '11.00' });
  });

  it('a saved promotion reads back into the same fields', () => {
    const v = promotionValues({
      id: '0c8000000000001AAA',
      name: 'Spring',
      termsAndConditions: null,
      discount: { type: 'AmountOff', amount: '11.00' },
      target: 'Item',
      productIds: null,
      categoryIds: null,
      buyerGroupIds: null,
      accountIds: ['001000000000001AAA'],
      startsAt: '2026-03-01T09:00:00.000Z',
      endsAt: null,
      priority: 7,
      stacking: 'Stackable',
      oneTimeOnly: true,
      isActive: false,
      coupons: [
        { id: 'a', code: 'OLD', maxUses: null, maxUsesPerCustomer: null, timesUsed: 3, isActive: false },
        { id: 'b', code: 'NEW', maxUses: 5, maxUsesPerCustomer: 1, timesUsed: 1, isActive: true },
      ],
    });
    assert.equal(v.amount, '11.00');
    assert.equal(v.startsAt, '2026-03-01T09:00');
    assert.equal(v.priority, '7');
    assert.equal(v.accountIds, '001000000000001AAA');
    assert.deepEqual(
      v.coupons.map((c) => c.code),
      ['NEW'],
    );
    assert.equal(utcField(null), '');
  });

  it('names discounts for the table', () => {
    assert.equal(discountLabel({ type: 'PercentOff', percent: '10' }, 'Item'), '10% off each item');
    assert.equal(discountLabel({ type: 'AmountOff', amount: '11' }, 'Cart'), '$11.00 off the cart');
    assert.equal(couponUse({ timesUsed: 2, maxUses: 5, maxUsesPerCustomer: 1 }), '2 of 5 used, 1 per customer');
    assert.equal(couponUse({ timesUsed: 3, maxUses: null, maxUsesPerCustomer: null }), '3 used (no limit)');
  });

  it('takes the sample cart’s filled rows, and asks for at least one', () => {
    const t = trialLines(
      formOf({
        'line-0-product': 'DS-00001',
        'line-0-quantity': '2',
        'line-1-product': '',
        'line-1-quantity': '1',
        'line-2-product': 'DS-00002',
        'line-2-quantity': '0',
      }),
    );
    assert.deepEqual(
      t.lines.map((l) => [l.product, l.quantity]),
      [
        ['DS-00001', 2],
        ['DS-00002', 0],
      ],
    );
    assert.ok(t.errors['line-2-quantity']);
    assert.equal(
      trialLines(formOf({ 'line-0-product': '', 'line-0-quantity': '1' })).errors['line-0-product'],
      'Complete this field',
    );
  });
});
