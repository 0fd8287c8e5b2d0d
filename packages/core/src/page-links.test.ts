import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageReferenceHref, NAMED_PAGE_PATHS } from './page-links.ts';

const host = 'https://shop.example.com';
const KEY = 'MCABOUTABOUTABOUTABOUTABOUT1';
const pages = { [KEY]: 'about', MCHOMEHOMEHOMEHOMEHOMEHOME12: 'home' };
const web = (url: unknown) => pageReferenceHref({ type: 'standard__webPage', attributes: { url } }, { host });

test('web page: this site, single-slash paths, hash, mailto and tel', () => {
  assert.equal(web('/about'), '/about');
  assert.equal(web('https://shop.example.com/about'), 'https://shop.example.com/about');
  assert.equal(web('#top'), '#top');
  assert.equal(web('mailto:sales@example.com'), 'mailto:sales@example.com');
  assert.equal(web('tel:+15551234567'), 'tel:+15551234567');
});

test('web page: other sites, protocol-relative and bare paths become empty (non-link text)', () => {
  assert.equal(web('//evil.com'), '');
  assert.equal(web('//evil.com/x'), '');
  assert.equal(web('https://evil.com/'), '');
  assert.equal(web('https://shop.example.com.evil.com/x'), '', 'the host must end where ours does');
  assert.equal(web('https://shop.example.com@evil.com/x'), '');
  assert.equal(web('https://shop.example.com:8443/x'), '');
  assert.equal(web('https://shop.example.com'), 'https://shop.example.com');
  assert.equal(web('https://shop.example.com?x=1'), 'https://shop.example.com?x=1');
  assert.equal(web('about'), '');
  assert.equal(web(''), '');
  assert.equal(web(undefined), '');
  assert.equal(web(42), '');
});

test('web page: {host} stands for this site', () => {
  assert.equal(web('{host}/about'), '/about');
  assert.equal(web('{host}'), '/');
  assert.equal(web('{host}//evil.com'), '');
  assert.equal(web('{host}.evil.com/x'), '');
  assert.equal(web('{host}javascript:alert(1)'), '#');
});

test('web page: script-like and data schemes become the placeholder, however disguised', () => {
  for (const bad of [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java%0ascript:alert(1)',
    'java%0Ascript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    '%6Aavascript:alert(1)',
    '&#106;avascript:alert(1)',
    'vbscript:x',
    'data:text/html,<script>alert(1)</script>',
  ]) {
    assert.equal(web(bad), '#', JSON.stringify(bad));
  }
});

test('2048 characters is the limit of a generated URL', () => {
  assert.equal(web(`/${'a'.repeat(2047)}`), `/${'a'.repeat(2047)}`);
  assert.equal(web(`/${'a'.repeat(2048)}`), '');
  const long = 'x'.repeat(3000);
  assert.equal(
    pageReferenceHref({ type: 'standard__recordPage', attributes: { objectApiName: 'Product2', urlName: long } }),
    '',
  );
  assert.equal(
    pageReferenceHref({ type: 'standard__search', state: { term: 'é'.repeat(400) } }),
    '',
    'encoded, the term exceeds 2048 characters',
  );
});

test('unknown and missing types fall back to web page', () => {
  assert.equal(pageReferenceHref({ type: 'comm__namedPage', attributes: { url: '/about' } }, { host }), '/about');
  assert.equal(pageReferenceHref({ attributes: { url: '/x' } }), '/x');
  assert.equal(pageReferenceHref({ type: 'nonsense', attributes: { name: 'Home' } }), '');
  assert.equal(pageReferenceHref(null), '');
  assert.equal(pageReferenceHref(undefined), '');
});

test('managed content page: content key → /{urlName} through the map; home is /', () => {
  const ref = (contentKey: unknown, contentTypeName: unknown = 'dd__pageLayout') => ({
    type: 'standard__managedContentPage',
    attributes: { contentKey, contentTypeName },
  });
  assert.equal(pageReferenceHref(ref(KEY), { contentUrlNames: pages }), '/about');
  assert.equal(pageReferenceHref(ref('MCHOMEHOMEHOMEHOMEHOMEHOME12'), { contentUrlNames: pages }), '/');
  assert.equal(
    pageReferenceHref(ref(KEY), { contentUrlNames: (k) => (k === KEY ? 'data quality' : null) }),
    '/data%20quality',
  );
  assert.equal(pageReferenceHref(ref('MCUNKNOWNUNKNOWNUNKNOWNUNKN1'), { contentUrlNames: pages }), '', 'unknown key');
  assert.equal(pageReferenceHref(ref(KEY), {}), '', 'no map');
  assert.equal(pageReferenceHref(ref(KEY, ''), { contentUrlNames: pages }), '', 'type name required');
  assert.equal(pageReferenceHref(ref(''), { contentUrlNames: pages }), '', 'key required');
  assert.equal(pageReferenceHref(ref('constructor'), { contentUrlNames: pages }), '', 'no prototype lookups');
});

test('record page: products by urlName or recordId, categories by urlPath or id, other objects empty', () => {
  const rec = (attributes: Record<string, unknown>) => pageReferenceHref({ type: 'standard__recordPage', attributes });
  assert.equal(rec({ objectApiName: 'Product2', urlName: 'us-dentists' }), '/product/us-dentists');
  assert.equal(rec({ objectApiName: 'Product2', recordId: '01t000000000001AAA' }), '/product/01t000000000001AAA');
  assert.equal(
    rec({ objectApiName: 'Product2', recordId: '01t000000000001AAA', urlName: 'us-dentists' }),
    '/product/us-dentists',
  );
  assert.equal(rec({ objectApiName: 'ProductCategory', urlPath: 'healthcare' }), '/category/healthcare');
  assert.equal(
    rec({ objectApiName: 'ProductCategory', recordId: '0ZG000000000001AAA' }),
    '/category/0ZG000000000001AAA',
  );
  assert.equal(rec({ objectApiName: 'ProductCategory', urlPath: 'a/b' }), '/category/a%2Fb');
  assert.equal(rec({ objectApiName: 'Account', recordId: '001000000000001AAA' }), '');
  assert.equal(rec({ objectApiName: 'Product2' }), '', 'no key');
  assert.equal(rec({ recordId: '01t000000000001AAA' }), '', 'no object');
  assert.equal(rec({ objectApiName: 'Product2', urlName: '   ' }), '', 'blank key');
});

test('named page: the table, case-insensitive; unknown names empty', () => {
  const named = (name: unknown) => pageReferenceHref({ type: 'standard__namedPage', attributes: { name } });
  assert.equal(named('Home'), '/');
  assert.equal(named('Cart'), '/cart');
  assert.equal(named('Current_Cart'), '/cart');
  assert.equal(named('Search'), '/search');
  assert.equal(named('Login'), '/login');
  assert.equal(named('Register'), '/register');
  assert.equal(named('Checkout'), '/checkout');
  assert.equal(named('Account Management'), '/profile');
  assert.equal(named('Order List'), '/orders');
  for (const [name, path] of Object.entries(NAMED_PAGE_PATHS)) assert.equal(named(name), path);
  assert.equal(named('Nowhere'), '');
  assert.equal(named('constructor'), '');
  assert.equal(named('__proto__'), '');
  assert.equal(named(''), '');
});

test("record relationship page: a category's products is its category page; others empty", () => {
  const rel = (attributes: Record<string, unknown>) =>
    pageReferenceHref({ type: 'standard__recordRelationshipPage', attributes });
  assert.equal(
    rel({ objectApiName: 'ProductCategory', recordId: '0ZG000000000001AAA', relationshipApiName: 'Products' }),
    '/category/0ZG000000000001AAA',
  );
  assert.equal(rel({ objectApiName: 'ProductCategory', recordId: '0ZG000000000001AAA' }), '', 'relationship required');
  assert.equal(
    rel({ objectApiName: 'ProductCategory', recordId: '0ZG000000000001AAA', relationshipApiName: 'Cases' }),
    '',
  );
  assert.equal(rel({ objectApiName: 'Account', recordId: '001000000000001AAA', relationshipApiName: 'Products' }), '');
});

test('object page: products and categories list on the search page, orders on the order list', () => {
  const obj = (objectApiName: string, filterName: unknown = 'Recent') =>
    pageReferenceHref({ type: 'standard__objectPage', attributes: { objectApiName, filterName } });
  assert.equal(obj('Product2'), '/search');
  assert.equal(obj('ProductCategory'), '/search');
  assert.equal(obj('OrderSummary'), '/orders');
  assert.equal(obj('Account'), '');
  assert.equal(obj('Product2', ''), '', 'filterName required');
  assert.equal(obj('constructor'), '');
});

test('search page: the term from state (or attributes), encoded', () => {
  assert.equal(pageReferenceHref({ type: 'standard__search' }), '/search');
  assert.equal(
    pageReferenceHref({ type: 'standard__search', state: { term: 'dentists & co' } }),
    '/search?term=dentists+%26+co',
  );
  assert.equal(pageReferenceHref({ type: 'standard__search', attributes: { term: 'x' } }), '/search?term=x');
});
