import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promotionProblem, type PromotionDraftRules } from './promotion-rules.ts';

const draft = (over: Partial<PromotionDraftRules>): PromotionDraftRules => ({
  discount: { type: 'PercentOff', percent: '10' },
  startsAt: null,
  endsAt: null,
  ...over,
});

test('sound promotions of every discount type pass', () => {
  assert.equal(promotionProblem(draft({})), null);
  assert.equal(promotionProblem(draft({ discount: { type: 'AmountOff', amount: '25.00' } })), null);
  const tiers = [
    { minQuantity: 3, percent: '5' },
    { minQuantity: 5, percent: '12.5' },
  ];
  assert.equal(promotionProblem(draft({ discount: { type: 'TieredPercentOff', tiers } })), null);
  assert.equal(
    promotionProblem(draft({ startsAt: '2027-01-01T00:00:00Z', endsAt: '2027-02-01T00:00:00+02:00' })),
    null,
  );
  assert.equal(promotionProblem(draft({ coupons: [{ code: 'SAVE-10_a', maxUses: 5 }] })), null);
});

test('a discount that takes nothing, too much or is malformed is named', () => {
  assert.match(promotionProblem(draft({ discount: { type: 'PercentOff', percent: '0' } }))!, /greater than 0/);
  assert.match(promotionProblem(draft({ discount: { type: 'PercentOff', percent: '100.01' } }))!, /at most 100/);
  assert.match(promotionProblem(draft({ discount: { type: 'PercentOff', percent: '1e1' } }))!, /percentage/);
  assert.match(promotionProblem(draft({ discount: { type: 'AmountOff', amount: '0.001' } }))!, /2 decimals/);
  assert.match(promotionProblem(draft({ discount: { type: 'AmountOff', amount: '0' } }))!, /greater than 0/);
});

test('tiers must rise, start from 1 and each take a real percent', () => {
  const tiered = (tiers: Array<{ minQuantity: number; percent: string }>) =>
    promotionProblem(draft({ discount: { type: 'TieredPercentOff', tiers } }));
  assert.match(tiered([])!, /at least one tier/);
  assert.match(tiered([{ minQuantity: 0, percent: '5' }])!, /Tier 1: the minimum quantity/);
  assert.match(
    tiered([
      { minQuantity: 5, percent: '5' },
      { minQuantity: 5, percent: '10' },
    ])!,
    /Tier 2: .*higher than the tier before it \(5\)/,
  );
  assert.match(tiered([{ minQuantity: 2, percent: '150' }])!, /Tier 1: the percent off/);
});

test('dates must parse and end after they start; coupon codes are unique, well formed and limits positive', () => {
  assert.match(promotionProblem(draft({ startsAt: 'soon' }))!, /dates with a time/);
  const same = '2027-01-01T00:00:00Z';
  assert.match(promotionProblem(draft({ startsAt: same, endsAt: same }))!, /end after it starts/);
  assert.match(
    promotionProblem(
      draft({
        coupons: [
          { code: 'abc', maxUses: null },
          { code: 'ABC', maxUses: null },
        ],
      }),
    )!,
    /ABC is listed twice/,
  );
  assert.match(promotionProblem(draft({ coupons: [{ code: 'ab', maxUses: null }] }))!, /3 to 40/);
  assert.match(promotionProblem(draft({ coupons: [{ code: 'NO SPACE', maxUses: null }] }))!, /letters, digits/);
  assert.match(promotionProblem(draft({ coupons: [{ code: 'ZERO', maxUses: 0 }] }))!, /usage limit of ZERO/);
  assert.match(
    promotionProblem(draft({ coupons: [{ code: 'EACH', maxUses: null, maxUsesPerCustomer: 0 }] }))!,
    /per-customer limit of EACH must be a whole number/,
  );
  assert.match(
    promotionProblem(draft({ coupons: [{ code: 'EACH', maxUses: 2, maxUsesPerCustomer: 3 }] }))!,
    /per-customer limit of EACH can’t be more than its usage limit \(2\)/,
  );
  assert.equal(promotionProblem(draft({ coupons: [{ code: 'EACH', maxUses: 2, maxUsesPerCustomer: 1 }] })), null);
});
