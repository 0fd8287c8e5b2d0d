// The rich description written in the workspace over real HTTP: every XSS vector of the browser suite
// (e2e/xss-vectors.ts) is stripped on the server before it is stored, the allowed markup of a product
// description is kept (links with rel="noopener"), and the storefront answers the stored, clean HTML.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { WORKSPACE_BASE as W } from '../../test-support/workspace-operations.ts';
import { STORABLE_VECTORS } from '../../../../../e2e/xss-vectors.ts';

let s: TestServer;
let admin: Agent;
let productId: string;

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  productId = (await admin.get(`${W}/products?q=DS-00004`)).body.items[0].id;
});
after(async () => {
  await s?.close();
});

const ALLOWED =
  '<h2>What you get</h2><p>Clinics with <strong>owner names</strong> and <em>direct lines</em>.</p>' +
  '<ul><li>Email</li><li>Phone</li></ul><ol><li>First</li></ol><h3>Coverage</h3><h4>Fields</h4>' +
  '<table><caption>Counts</caption><thead><tr><th scope="col">State</th></tr></thead>' +
  '<tbody><tr><td colspan="2">Ohio</td></tr></tbody></table>' +
  '<p><a href="https://example.com/about">About</a> <a href="mailto:sales@example.com">Mail us</a></p>';

const stored = async () =>
  (await s.db.db.selectFrom('product').select('rich_description').where('id', '=', productId).executeTakeFirstOrThrow())
    .rich_description;

test('every XSS vector is stripped before the description is stored', async () => {
  const dirty = [
    ...STORABLE_VECTORS.map((v, i) => `<p>Before ${v.make(i)}</p>`),
    '<a href="javascript:__xss(90)">x</a>',
    '<a href=" JaVaScRiPt:__xss(91)">y</a>',
    '<a href="data:text/html,<script>__xss(92)</script>">z</a>',
    '<p style="background:url(javascript:__xss(93))" onclick="__xss(94)">styled</p>',
    '<style>p{color:red}</style><iframe src="https://evil.example"></iframe>',
    '<object data="x"></object><embed src="x"><form action="x"><input></form>',
  ];
  // One at a time: an unclosed element of one vector (an <svg>) would otherwise swallow the ones after it.
  for (const piece of dirty) {
    const res = await admin.patch(`${W}/products/${productId}`, { richDescription: piece });
    assert.equal(res.status, 200, res.text);
    const html = (res.body.richDescription ?? '') as string;
    assert.equal(await stored(), res.body.richDescription, 'the answer is what was stored');
    for (const bad of [
      /<script/i,
      // Inside a tag: a vector's words may stay as text (escaped, harmless), never as an attribute.
      /<[^>]*\son[a-z]+\s*=/i,
      /<[^>]*=\s*"?\s*javascript:/i,
      /<[^>]*=\s*"?\s*data:/i,
      /<iframe/i,
      /<style/i,
      /<[^>]*style=/i,
      /<svg/i,
      /<img/i,
      /<object|<embed|<form|<input|<details|<textarea|<title/i,
    ])
      assert.doesNotMatch(html, bad, piece);
  }
  // What was text stays as text: the seller's words are not lost with the markup.
  const styled = await admin.patch(`${W}/products/${productId}`, { richDescription: dirty.at(-3) });
  assert.equal(styled.body.richDescription, '<p>styled</p>');
  const link = await admin.patch(`${W}/products/${productId}`, { richDescription: dirty.at(-6) });
  assert.equal(link.body.richDescription, '<a rel="noopener">x</a>', 'the link stays, without its address');
});

test('the allowed markup is kept, links get rel="noopener", and the storefront answers it', async () => {
  const res = await admin.patch(`${W}/products/${productId}`, { richDescription: ALLOWED });
  assert.equal(res.status, 200, res.text);
  const html = res.body.richDescription as string;
  for (const tag of ['h2', 'h3', 'h4', 'p', 'strong', 'em', 'ul', 'ol', 'li', 'table', 'caption', 'thead', 'th', 'td'])
    assert.match(html, new RegExp(`<${tag}[ >]`), tag);
  assert.match(html, /<a href="https:\/\/example\.com\/about" rel="noopener">About<\/a>/);
  assert.match(html, /<a href="mailto:sales@example\.com" rel="noopener">/);
  assert.match(html, /<td colspan="2">Ohio<\/td>/);
  assert.match(html, /<th scope="col">/);
  const detail = (await s.agent().api(`/products/${productId}`)).body;
  assert.equal(detail.fields.B2B_Product_Description_Rich__c, html);
});

test('a description of only markup that is removed is stored as none; null clears it; too long is a 400', async () => {
  const res = await admin.patch(`${W}/products/${productId}`, { richDescription: '<script>x()</script>' });
  assert.equal(res.status, 200);
  assert.equal(res.body.richDescription, null);
  assert.equal((await admin.patch(`${W}/products/${productId}`, { richDescription: ALLOWED })).status, 200);
  assert.equal((await admin.patch(`${W}/products/${productId}`, { richDescription: null })).body.richDescription, null);
  const long = await admin.patch(`${W}/products/${productId}`, { richDescription: `<p>${'a'.repeat(20_001)}</p>` });
  assert.equal(long.status, 400);
  assert.equal(await stored(), null);
});
