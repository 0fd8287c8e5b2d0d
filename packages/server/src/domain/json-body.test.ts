// The reply body's bytes are JSON.stringify's, whatever the answer holds, small or large.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonBody } from './json-body.ts';
import { JsonText, withMembers } from './json-text.ts';

const text = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'));

const product = (i: number) => ({
  id: `01t${String(i).padStart(12, '0')}AAA`,
  fields: Object.fromEntries(Array.from({ length: 40 }, (_, k) => [`Field_${k}__c`, `US Dentists – ${k} “${i}”`])),
  defaultImage: { url: `/img/${i}`, alternateText: null, sortOrder: 0 },
  mediaGroups: [{ mediaItems: [{ url: '/a', title: 'a\u2028b\ud800' }] }],
  prices: { unitPrice: '1499.00', tiers: [{ lowerBound: 1 }, { lowerBound: 10 }] },
});

test('a large answer comes as a buffer of exactly the bytes JSON.stringify gives', () => {
  const answer = { products: Array.from({ length: 40 }, (_, i) => product(i)), total: 40, next: null };
  const body = jsonBody(answer);
  assert.ok(Buffer.isBuffer(body), 'a large answer is bytes');
  assert.equal(body.toString('utf8'), JSON.stringify(answer));
  assert.equal(body.length, Buffer.byteLength(JSON.stringify(answer)));
});

test('a small answer stays a string, the same as JSON.stringify', () => {
  const answer = { id: '01t000000000001AAA', name: 'US Dentists – 2026', count: 3, ok: true };
  assert.equal(jsonBody(answer), JSON.stringify(answer));
});

test('what JSON.stringify leaves out or changes, left out and changed alike', () => {
  const when = new Date(Date.UTC(2026, 10, 27, 1, 2, 3));
  const cases: unknown[] = [
    { a: undefined, b: () => 1, c: Symbol('s'), d: 1 },
    { a: 1, b: undefined },
    { skip: undefined },
    [undefined, () => 1, Symbol('s'), null, 1],
    { when, nested: { when, list: [when] } },
    { custom: { toJSON: (key: string) => `key ${key}` }, gone: { toJSON: () => undefined }, after: 2 },
    [{ toJSON: () => undefined }],
    { n: Number.NaN, inf: Number.POSITIVE_INFINITY, neg: -0, big: 1e21, small: 1e-7 },
    { deep: { a: { b: { c: { d: [1, { e: 'f' }] } } } } },
    { '': 1, 'quote"key': 2, 'line\nkey': 3, 2: 'numeric keys first' },
    [],
    {},
    'a string',
    42,
    null,
    true,
    { holes: Object.assign(new Array(3), { 0: 1, 2: 3 }) }, // a sparse array: index 1 is a hole
    { text: '\u0000\u001f\\"</script>' },
  ];
  for (const value of cases) assert.equal(text(jsonBody(value)), JSON.stringify(value), JSON.stringify(value));
  // Large, with the same oddities inside: the split path gives the same text.
  const big = {
    items: Array.from({ length: 300 }, (_, i) => ({
      i,
      skip: undefined,
      when,
      pad: 'x'.repeat(60),
      list: [undefined, i],
    })),
  };
  assert.equal(text(jsonBody(big)), JSON.stringify(big));
});

test('undefined at the top is what JSON.stringify answers', () => {
  assert.equal(jsonBody(undefined), undefined);
});

test('JSON kept as text is written as it is, and JSON.stringify of the same answer gives the same JSON', () => {
  const kept = (i: number) => new JsonText(JSON.stringify(product(i)));
  for (const n of [1, 40]) {
    const answer = { products: Array.from({ length: n }, (_, i) => kept(i)), total: n };
    const plain = { products: Array.from({ length: n }, (_, i) => product(i)), total: n };
    assert.equal(text(jsonBody(answer)), JSON.stringify(plain), `${n} kept products`);
    assert.equal(JSON.stringify(answer), JSON.stringify(plain));
  }
  assert.equal(text(jsonBody(new JsonText('[1,"two"]'))), '[1,"two"]', 'at the top');
});

test('members added to a kept object come after its own, undefined ones left out, as a spread would write them', () => {
  // The members' names are new to the object (a kept detail has no prices, name or success of its own).
  const { prices: _, ...own } = product(1);
  const kept = JSON.stringify(own);
  const members = { name: 'US Dentists – 2026', prices: undefined, success: true, error: null };
  assert.equal(withMembers(kept, members).text, JSON.stringify({ ...own, ...members }));
  assert.equal(withMembers('{}', { a: 1 }).text, '{"a":1}');
  assert.equal(withMembers(kept, { prices: undefined }).text, kept);
});

test('kept bytes (UTF-8, as SQLite gives them) are copied into the answer, with members added and pieces spliced', () => {
  // A name with an en dash: a character of three bytes, so a character offset is not a byte offset.
  const { prices: _, ...own } = product(7);
  const bytes = Buffer.from(JSON.stringify(own));
  const members = { name: 'US Dentists – 2026', prices: { unitPrice: '1200.00' }, success: true };
  for (const n of [1, 40]) {
    const answer = { products: Array.from({ length: n }, () => withMembers(bytes, members)), total: n };
    const plain = { products: Array.from({ length: n }, () => ({ ...own, ...members })), total: n };
    assert.equal(text(jsonBody(answer)), JSON.stringify(plain), `${n} kept products`);
    assert.equal(JSON.stringify(answer), JSON.stringify(plain), 'JSON.stringify parses the bytes');
  }
  // Pieces: bytes, a string spliced in, bytes; then members after the last piece's closing brace.
  const spliced = [Buffer.from('{"a":'), '{"path":["Dentists – US"]}', Buffer.from(',"b":2}')];
  assert.equal(withMembers(spliced, { c: true }).text, '{"a":{"path":["Dentists – US"]},"b":2,"c":true}');
  assert.equal(withMembers(Buffer.from('{}'), { a: 1 }).text, '{"a":1}');
  assert.equal(text(jsonBody(new JsonText(Buffer.from('[1,"–"]')))), '[1,"–"]', 'at the top');
});
