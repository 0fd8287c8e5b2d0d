import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSku, SKU_MAX_LENGTH } from './sku.ts';

test('a SKU is letters, digits, dots, dashes and underscores, starting with a letter or digit', () => {
  for (const ok of ['DS-00001', 'WS-1', 'ws.list_2', '9LIVES', 'A'.repeat(SKU_MAX_LENGTH)]) assert.ok(isSku(ok), ok);
  for (const bad of ['', '-DS', '.hidden', 'DS 1', 'DS/1', '../x', 'DS%2F1', 'Ünïcode', 'A'.repeat(SKU_MAX_LENGTH + 1)])
    assert.equal(isSku(bad), false, bad);
});
