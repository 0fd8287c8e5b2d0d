import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ALL_ZERO_ACCOUNT_ID,
  KEY_PREFIXES,
  effectiveAccountIdOrNull,
  isAllZeroAccountId,
  isRecordId,
  makeRecordId,
  normaliseRecordId,
  recordKindOf,
  sameRecordId,
} from './ids.ts';

test('record ids are 15 or 18 alphanumerics', () => {
  assert.equal(isRecordId('01t000000000001AAA'), true);
  assert.equal(isRecordId('01t000000000001'), true);
  assert.equal(isRecordId('01t00000000001'), false); // 14
  assert.equal(isRecordId('01t000000000001AA'), false); // 17
  assert.equal(isRecordId('01t000000000001AAAA'), false); // 19
  assert.equal(isRecordId('01t00000000000-AAA'), false);
  assert.equal(isRecordId(' 01t000000000001AAA'), false);
  assert.equal(isRecordId(42), false);
});

test('prefix check by key prefix or kind name, case-sensitive', () => {
  assert.equal(isRecordId('01t000000000001AAA', '01t'), true);
  assert.equal(isRecordId('01t000000000001AAA', 'product'), true);
  assert.equal(isRecordId('01t000000000001AAA', 'category'), false);
  assert.equal(isRecordId('01T000000000001AAA', '01t'), false);
  assert.equal(isRecordId('0ZG000000000001', 'category'), true);
});

test('15 characters normalise to 18 by appending AAA', () => {
  assert.equal(normaliseRecordId('01t000000000001'), '01t000000000001AAA');
  assert.equal(normaliseRecordId('01t000000000001AAA'), '01t000000000001AAA');
  assert.equal(normaliseRecordId('short'), null);
  assert.equal(sameRecordId('01t000000000001', '01t000000000001AAA'), true);
  assert.equal(sameRecordId('01t000000000001', '01t000000000002AAA'), false);
  assert.equal(sameRecordId('bad', 'bad'), false);
});

test('key prefixes: the platform ones from the API reference, each 3 characters and distinct', () => {
  const platform = {
    webstore: '0ZE',
    category: '0ZG',
    product: '01t',
    sellingModel: '0jP',
    priceBookEntry: '01u',
    account: '001',
    user: '005',
    locationGroup: '0gh',
    cart: '0a6',
    cartItem: '0a9',
    deliveryGroup: '0a7',
    checkout: '2z9',
    promotion: '0c8',
    media: '2pm',
    mediaGroup: '2mg',
    buyerGroup: '0ZI',
  };
  for (const [kind, prefix] of Object.entries(platform))
    assert.equal(KEY_PREFIXES[kind as keyof typeof KEY_PREFIXES], prefix, kind);
  const all = Object.values(KEY_PREFIXES);
  assert.ok(all.every((p) => /^[0-9a-zA-Z]{3}$/.test(p)));
  assert.equal(new Set(all).size, all.length);
});

test('makeRecordId builds prefix + 12 digits + AAA', () => {
  assert.equal(makeRecordId('product', 7), '01t000000000007AAA');
  assert.equal(makeRecordId('0a6', 123456789012n), '0a6123456789012AAA');
  assert.equal(isRecordId(makeRecordId('sellingModel', 1), 'sellingModel'), true);
  assert.throws(() => makeRecordId('product', 10n ** 12n), RangeError);
  assert.throws(() => makeRecordId('product', -1), RangeError);
  assert.throws(() => makeRecordId('toolong', 1), RangeError);
});

test('recordKindOf reads the prefix', () => {
  assert.equal(recordKindOf('0jP000000000001AAA'), 'sellingModel');
  assert.equal(recordKindOf('2z9000000000001'), 'checkout');
  assert.equal(recordKindOf('XYZ000000000001AAA'), null);
  assert.equal(recordKindOf('nope'), null);
});

test('the all-zero 15-character account id is ignored', () => {
  assert.equal(ALL_ZERO_ACCOUNT_ID, '000000000000000');
  assert.equal(isAllZeroAccountId('000000000000000'), true);
  assert.equal(isAllZeroAccountId('000000000000000AAA'), true);
  assert.equal(isAllZeroAccountId('001000000000000AAA'), false);
  assert.equal(effectiveAccountIdOrNull('000000000000000'), null);
  assert.equal(effectiveAccountIdOrNull(''), null);
  assert.equal(effectiveAccountIdOrNull(null), null);
  assert.equal(effectiveAccountIdOrNull('001000000000001AAA'), '001000000000001AAA');
});
