import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boundedDistance, typoBudget } from './fuzzy.ts';
import { analyze, skuTerm } from './text.ts';

test('a dropped, swapped or wrong letter is one typo; the bound cuts longer distances short', () => {
  assert.equal(boundedDistance('dentsts', 'dentists', 2), 1);
  assert.equal(boundedDistance('resturant', 'restaurant', 2), 1);
  assert.equal(boundedDistance('plumebrs', 'plumbers', 2), 1);
  assert.equal(boundedDistance('califronia', 'california', 2), 1);
  assert.equal(boundedDistance('vet', 'pet', 1), 1);
  assert.equal(boundedDistance('dentist', 'lawyer', 2), 3);
  assert.equal(boundedDistance('abc', 'abc', 0), 0);
});

test('short words get no typo allowance, long words two', () => {
  assert.deepEqual([3, 4, 7, 8, 12].map(typoBudget), [0, 1, 1, 2, 2]);
});

test('analysis folds case and accents, drops stop words and stems plurals', () => {
  assert.deepEqual(
    analyze('Restaurants in Texas with Email').map((t) => t.stem),
    ['restaur', 'texa', 'email'],
  );
  assert.deepEqual(
    analyze('Dentists').map((t) => t.stem),
    analyze('dentist').map((t) => t.stem),
  );
  assert.deepEqual(
    analyze('Café Owners').map((t) => t.surface),
    ['cafe', 'owners'],
  );
  assert.equal(skuTerm('DS-00042'), 'ds00042');
});
