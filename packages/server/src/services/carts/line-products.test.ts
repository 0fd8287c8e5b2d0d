import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ProductSummary } from '@store/core';
import { LINE_FIELDS, lineProductJsonLength, lineProductOf } from './line-products.ts';

const summary = (over: Partial<ProductSummary> = {}): ProductSummary =>
  ({
    id: '01t000000000878AAA',
    name: 'Texas Accountants Database',
    urlName: 'texas-accountants-database',
    productClass: 'Simple',
    fields: {
      Name: { value: 'Texas Accountants Database' },
      StockKeepingUnit: { value: 'DS-00778' },
      Description: { value: 'Every accountant in Texas, with direct dials and emails.' },
      Record_Count__c: { value: '12840' },
    },
    defaultImage: {
      id: '2pm000000000878AAA',
      alternateText: 'Texas Accountants Database',
      contentVersionId: null,
      mediaType: 'Image',
      sortOrder: 0,
      thumbnailUrl: '/media/images/01t000000000878AAA/listing.webp?w=160&v=3f2a',
      title: 'Listing image',
      url: '/media/images/01t000000000878AAA/listing.webp?v=3f2a',
    },
    purchaseQuantityRule: { minimum: '1', maximum: '1', increment: '1' },
    ...over,
  }) as ProductSummary;

test('a line product is counted at no less than its JSON length, and not at twice it (the cache budget holds)', () => {
  for (const p of [
    lineProductOf(summary(), LINE_FIELDS),
    lineProductOf(summary()),
    lineProductOf(summary({ name: 'Ünïcödé Hospitals — Direct Dial '.repeat(4) }), LINE_FIELDS),
  ]) {
    const json = JSON.stringify(p).length;
    const counted = lineProductJsonLength(p);
    assert.ok(counted >= json, `${counted} counted for ${json} characters`);
    assert.ok(counted < 2 * json, `${counted} counted for ${json} characters`);
  }
});
