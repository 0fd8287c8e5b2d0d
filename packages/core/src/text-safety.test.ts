import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasUnsafeTextCharacters } from './text-safety.ts';

test('control and bidi override characters are unsafe; marks and ordinary text are not', () => {
  for (const bad of [
    'a\u0000b',
    'a\u0007',
    '\u001b[31mred',
    'x\u007f',
    'x\u0085',
    'evil\u202Etxt.exe',
    'a\u2066b\u2069',
    'a\u202Ab',
  ])
    assert.equal(hasUnsafeTextCharacters(bad), true, JSON.stringify(bad));
  for (const good of ['Ada Lovelace', 'Müller & Söhne GmbH', 'שלום\u200F 123', 'O\u2019Brien', '注文 — ✓', ''])
    assert.equal(hasUnsafeTextCharacters(good), false, good);
});

test('line breaks and tabs: refused on one line, allowed in multiline text', () => {
  for (const text of ['line 1\nline 2', 'a\r\nb', 'a\tb'])
    assert.deepEqual(
      [hasUnsafeTextCharacters(text), hasUnsafeTextCharacters(text, { multiline: true })],
      [true, false],
    );
  assert.equal(hasUnsafeTextCharacters('a\u2028b'), true);
  assert.equal(hasUnsafeTextCharacters('note\u202E', { multiline: true }), true);
});
