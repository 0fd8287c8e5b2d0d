import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_QUANTITY_RULE,
  QUANTITY_MESSAGES,
  checkQuantity,
  exceedsAvailable,
  isOutOfStock,
  isQuantityValid,
  resolveQuantityRule,
  wholeQuantityValid,
} from './quantity-rule.ts';

test('defaults: minimum 1, maximum very large, increment 1', () => {
  assert.deepEqual(resolveQuantityRule(null), { minimum: '1', maximum: '9007199254740991', increment: '1' });
  assert.deepEqual(resolveQuantityRule({ minimum: '5' }), { ...DEFAULT_QUANTITY_RULE, minimum: '5' });
  assert.equal(resolveQuantityRule({ increment: '0' }).increment, '1');
  assert.equal(resolveQuantityRule({ increment: '-2' }).increment, '1');
  assert.equal(resolveQuantityRule({ maximum: 'lots' }).maximum, DEFAULT_QUANTITY_RULE.maximum);
});

test('without a rule any whole quantity from 1 is valid', () => {
  assert.equal(isQuantityValid(1), true);
  assert.equal(isQuantityValid('250'), true);
  assert.equal(isQuantityValid(0), false);
  assert.equal(isQuantityValid(1.5), false); // (1.5 - 1) is not a multiple of 1
});

test('min and max are inclusive and give the right messages', () => {
  const rule = { minimum: '2', maximum: '10', increment: '1' };
  assert.equal(checkQuantity(2, rule).valid, true);
  assert.equal(checkQuantity(10, rule).valid, true);
  assert.deepEqual(checkQuantity(1, rule), {
    valid: false,
    problem: 'rangeUnderflow',
    message: 'The number is too low',
  });
  assert.deepEqual(checkQuantity(11, rule), {
    valid: false,
    problem: 'rangeOverflow',
    message: 'The number is too high',
  });
});

test('increment divisibility is measured from the minimum', () => {
  const rule = { minimum: '2', maximum: '100', increment: '5' };
  for (const ok of [2, 7, 12, 97]) assert.equal(isQuantityValid(ok, rule), true, String(ok));
  // 5 and 10 are multiples of 5 but not of 5 from 2
  for (const bad of [5, 10, 3]) {
    assert.deepEqual(checkQuantity(bad, rule), {
      valid: false,
      problem: 'stepMismatch',
      message: "Your entry isn't a valid increment",
    });
  }
});

test('decimal increments are exact', () => {
  const rule = { minimum: '0.1', maximum: '1', increment: '0.1' };
  assert.equal(isQuantityValid('0.3', rule), true); // 0.3 - 0.1 = 0.2 exactly in decimal
  assert.equal(isQuantityValid('0.35', rule), false);
});

test('non-numeric and empty input', () => {
  assert.deepEqual(checkQuantity('abc'), { valid: false, problem: 'badInput', message: 'Enter a valid numeric value' });
  assert.equal(checkQuantity(Number.NaN).problem, 'badInput');
  assert.equal(checkQuantity('').problem, 'valueMissing');
  assert.equal(checkQuantity(null).message, QUANTITY_MESSAGES.valueMissing);
});

test('precedence: too high is reported before a step mismatch', () => {
  assert.equal(checkQuantity(13, { minimum: '2', maximum: '10', increment: '5' }).problem, 'rangeOverflow');
});

test('out of stock: available 0 or below the minimum; untracked never', () => {
  assert.equal(isOutOfStock(0), true);
  assert.equal(isOutOfStock(-3), true);
  assert.equal(isOutOfStock(1), false);
  assert.equal(isOutOfStock(4, { minimum: '5' }), true);
  assert.equal(isOutOfStock(5, { minimum: '5' }), false);
  assert.equal(isOutOfStock(null), false);
  assert.equal(isOutOfStock(undefined, { minimum: '5' }), false);
});

test('a quantity above what is available is invalid', () => {
  assert.equal(exceedsAvailable(6, 5), true);
  assert.equal(exceedsAvailable(5, 5), false);
  assert.equal(exceedsAvailable('5.5', '5'), true);
  assert.equal(exceedsAvailable(1_000_000, null), false);
});

test("wholeQuantityValid gives checkQuantity's verdict for whole rules, and no verdict for others", () => {
  const parts = [undefined, '0', '1', '2', '3', '5', '10'];
  for (const minimum of parts)
    for (const maximum of [...parts, '9007199254740991'])
      for (const increment of [...parts, '7'])
        for (let q = 0; q <= 14; q++) {
          const rule = { minimum, maximum, increment };
          assert.equal(wholeQuantityValid(q, rule), checkQuantity(q, rule).valid, `${q} under ${JSON.stringify(rule)}`);
        }
  assert.equal(wholeQuantityValid(3, null), true);
  // Parts that are not plain whole numbers are left to checkQuantity.
  for (const odd of ['1.5', ' 2', '2.0', '-1', 'lots', ''])
    assert.equal(wholeQuantityValid(2, { minimum: odd }), null, JSON.stringify(odd));
  assert.equal(wholeQuantityValid(1.5, { minimum: '1' }), null);
});
