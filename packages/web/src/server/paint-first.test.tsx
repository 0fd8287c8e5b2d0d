// The page paints before its JavaScript is fetched: the served HTML names no module script and no preload link
// (the browser fetches nothing but the page before its first paint); the loader that adds them after it
// carries the request's nonce, and lists the template's entry and preloads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPage } from './render.tsx';
import { APP_SCRIPTS_ID, takeAppScripts } from './paint-first.ts';
import { fakeApiFetch, PRODUCT_ID, WEBSTORE_ID } from '../test-support/fixtures.ts';

// As Vite writes the built template: the entry in the head, its static imports preloaded.
const BUILT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head-->\n' +
  '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a1.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/shell-b2.js">\n' +
  '</head><body><div id="root"><!--app-html--></div></body></html>';

test('the served page fetches no script before it paints; its loader adds the entry and preloads after', async () => {
  const res = await renderPage(
    { url: `/product/${PRODUCT_ID}`, headers: { host: 'shop.example.com' } },
    { fetch: fakeApiFetch(), template: BUILT, webstoreId: WEBSTORE_ID, nonce: 'n0nce' },
  );
  assert.equal(res.status, 200);
  assert.doesNotMatch(res.body, /<script\b[^>]*\bsrc=/, 'no script element with a source');
  assert.doesNotMatch(res.body, /<link\b[^>]*modulepreload/, 'no preload link');
  const listed = new RegExp(
    `<script type="application/json" id="${APP_SCRIPTS_ID}" nonce="n0nce">([^<]*)</script>`,
  ).exec(res.body);
  assert.ok(listed);
  assert.deepEqual(JSON.parse(listed[1]!), { entry: '/assets/index-a1.js', preload: ['/assets/shell-b2.js'] });
  // The loader runs after the list (end of the body) with the nonce, and waits for the first paint.
  const loaderAt = res.body.indexOf('<script nonce="n0nce">(function(){', listed.index);
  assert.ok(loaderAt > listed.index && loaderAt < res.body.indexOf('</body>'));
  assert.match(res.body.slice(loaderAt), /getEntriesByName\("first-contentful-paint"\)/);
  assert.ok(res.body.indexOf('<div id="root">') < listed.index, 'after the page itself');
});

test('a template without a module script is left as it is', () => {
  const plain = '<html><head></head><body><script>x()</script></body></html>';
  assert.deepEqual(takeAppScripts(plain), { template: plain, scripts: null });
});
