// A kept detail read as bytes (SQLite) has its category path spliced at a byte offset, found from the string offset
// the read model stored, or by the key's first occurrence: through one-, two-, three- and four-byte characters
// before it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { placeholderAt } from './product-read-model.ts';

const KEY = '"primaryProductCategoryPath":';

test('the category path placeholder is found in the bytes from its string offset, whatever comes before it', () => {
  for (const before of [
    '{"name":"Dentists"',
    '{"name":"Dentists – Texas"',
    '{"name":"Café"',
    '{"name":"Maps 🗺 of Ohio"',
  ])
    for (const after of [',"x":1}', ',"name2":"– é 🗺"}']) {
      const text = `${before},${KEY}null${after}`;
      const units = text.indexOf(`${KEY}null`) + KEY.length;
      const bytes = Buffer.from(text);
      const at = placeholderAt(bytes, units);
      assert.equal(bytes.subarray(at, at + 4).toString(), 'null', before);
      assert.equal(bytes.subarray(0, at).toString(), text.slice(0, units), before);
    }
  // The key is found by its first occurrence (where the builder took the offset from), whatever the offset.
  const text = `{"a":"b",${KEY}null}`;
  assert.equal(placeholderAt(Buffer.from(text), 3), text.indexOf(KEY) + KEY.length);
  // No placeholder (the key absent, or holding a path already): not found, so the caller splices the decoded text.
  assert.equal(placeholderAt(Buffer.from('{"a":null}'), 5), -1);
  assert.equal(placeholderAt(Buffer.from(`{"name":"–",${KEY}{"path":[]}}`), 30), -1);
});
