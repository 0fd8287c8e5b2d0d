// The memos answer what parsing and hashing afresh answer, for each distinct text, changed text included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { productImageVersion } from '../datasets/product-image-version.ts';
import { imageVersion, parsedColumn } from './column-memo.ts';

test('a JSON column parses to its value, the same for the same text and anew for a changed one', () => {
  assert.deepEqual(parsedColumn<string[]>('["United States","Canada"]'), ['United States', 'Canada']);
  assert.deepEqual(parsedColumn<string[]>('["United States","Canada"]'), ['United States', 'Canada']);
  assert.deepEqual(parsedColumn<string[]>('["Canada"]'), ['Canada']);
  assert.deepEqual(parsedColumn<Record<string, string>>('{"Region":"West"}'), { Region: 'West' });
});

test('an image version is the digest of the product as it is now (a rename gives another)', () => {
  const p = { sku: 'DS-00042', name: 'US Dentists', sicDivision: 'I' };
  assert.equal(imageVersion(p), productImageVersion(p));
  assert.equal(imageVersion(p), productImageVersion(p));
  const renamed = { ...p, name: 'US Dentists, Email and Phone' };
  assert.equal(imageVersion(renamed), productImageVersion(renamed));
  assert.notEqual(imageVersion(renamed), imageVersion(p));
  assert.equal(imageVersion({ ...p, sicDivision: null }), productImageVersion({ ...p, sicDivision: null }));
});
