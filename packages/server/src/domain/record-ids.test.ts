// Random record ids: well formed for their kind, and never the same twice, across the random pool's refills.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isRecordId, KEY_PREFIXES } from '@store/core';
import { randomRecordId } from './record-ids.ts';

test('random record ids are valid ids of their kind and all differ, past many refills of the random pool', () => {
  const ids = Array.from({ length: 5000 }, () => randomRecordId(KEY_PREFIXES.cartItem));
  for (const id of ids.slice(0, 400)) assert.ok(isRecordId(id, KEY_PREFIXES.cartItem), id);
  assert.equal(new Set(ids).size, ids.length);
  // The 12 random characters use the whole alphabet rather than a stuck slice of it.
  const characters = new Set(ids.flatMap((id) => [...id.slice(3, 15)]));
  assert.equal(characters.size, 62);
});
