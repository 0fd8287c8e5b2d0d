// The browser security headers and the caching rule, as a browser (or `curl -sI`) sees them on every kind
// of answer: pages (the 404 page too), API JSON, product and category images, sample CSVs, a dataset
// download, static bundles, errors. Real server with the storefront, real SQLite, real HTTP.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { DEMO_USERS } from '../seed/access.ts';
import { WEB_DIST } from './storefront.ts';
import { placeCardOrder } from '../test-support/purchase.ts';

let s: TestServer;
let casey: Agent;
let downloadUrl: string;
let orderId: string;
let productId: string;
let checks = 0;

before(async () => {
  s = await startTestServer({ storefront: true });
  casey = await s.login(DEMO_USERS.consumer.email);
  const product = (await s.api('/products?skus=DS-00001')).body.products[0];
  productId = product.id;
  // A paid order for a dataset, so there is a real signed download link to fetch.
  orderId = await placeCardOrder(casey, productId);
  const links = await casey.api(`/order-summaries/${orderId}/downloads`);
  downloadUrl = links.body.items[0].url;
});
after(async () => {
  console.log(`security headers: ${checks} answers checked`);
  await s?.close();
});

/** The headers every answer carries, whatever it is. */
function assertBrowserHeaders(headers: Headers, what: string): void {
  checks++;
  assert.equal(headers.get('x-content-type-options'), 'nosniff', what);
  assert.equal(headers.get('x-frame-options'), 'DENY', what);
  assert.equal(headers.get('referrer-policy'), 'strict-origin-when-cross-origin', what);
  assert.match(headers.get('permissions-policy') ?? '', /camera=\(\).*geolocation=\(\).*microphone=\(\)/, what);
  assert.equal(headers.get('cross-origin-opener-policy'), 'same-origin', what);
  const csp = headers.get('content-security-policy') ?? '';
  assert.match(csp, /frame-ancestors 'none'/, what);
  assert.match(csp, /base-uri 'none'/, what);
  assert.match(csp, /object-src 'none'|default-src 'none'/, what);
  const script = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  assert.doesNotMatch(script, /unsafe-inline|unsafe-eval/, what);
  assert.equal(headers.get('strict-transport-security'), null, `${what}: no HSTS over plain http`);
}

/** A page's policy: scripts only from this origin or with this answer's nonce, never 'unsafe-inline'. */
function pageNonce(headers: Headers, html: string): string {
  const csp = headers.get('content-security-policy')!;
  const script = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
  assert.doesNotMatch(script, /unsafe-inline|unsafe-eval/);
  const nonce = /'nonce-([^']+)'/.exec(script)?.[1];
  assert.ok(nonce && nonce.length >= 16, csp);
  assert.match(csp, /object-src 'none'/);
  assert.match(csp, /base-uri 'none'/);
  // Frames: this site and the video players rich text may embed, nothing else (core FRAME_SRC_SOURCES).
  const frames = csp.split(';').find((d) => d.trim().startsWith('frame-src'));
  assert.equal(
    frames?.trim(),
    "frame-src 'self' https://www.youtube.com https://youtube.com https://www.youtube-nocookie.com https://youtube-nocookie.com https://player.vimeo.com",
  );
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  // The hydration bundle is named in the list the page's loader adds after the first paint (paint-first.ts).
  const listed = /<script type="application\/json" id="__app_scripts"[^>]*>([^<]*)<\/script>/.exec(html);
  assert.match(listed ? JSON.parse(listed[1]!).entry : '', /^\/assets\//, 'the hydration bundle is on the page');
  for (const tag of scripts.filter((t) => !t.includes('application/ld+json')))
    assert.ok(tag.includes(`nonce="${nonce}"`), `${tag} carries the nonce`);
  return nonce!;
}

describe('every answer carries the browser security headers', () => {
  test('pages: a per-request nonce on the CSP and the page\u2019s scripts; a session\u2019s page is not stored', async () => {
    const guestHome = await s.get('/');
    assert.equal(guestHome.status, 200);
    assertBrowserHeaders(guestHome.headers, 'home page');
    const first = pageNonce(guestHome.headers, guestHome.text);
    const again = await s.get('/');
    assert.notEqual(pageNonce(again.headers, again.text), first, 'a fresh nonce per answer');
    assert.equal(guestHome.headers.get('cache-control'), 'private, no-store', 'it set the csrf cookie');
    const guestAgain = await s.get('/', { headers: { cookie: 'csrf_token=abc' } });
    assert.equal(guestAgain.headers.get('cache-control'), 'private, no-cache', 'a guest page is revalidated');

    for (const page of ['/cart', '/orders', `/orders/${orderId}`, `/product/${productId}`]) {
      const res = await casey.get(page);
      assert.equal(res.status, 200, page);
      assertBrowserHeaders(res.headers, page);
      pageNonce(res.headers, res.text);
      assert.equal(res.headers.get('cache-control'), 'private, no-store', page);
    }

    const missing = await s.get('/no-such-page');
    assert.equal(missing.status, 404);
    assertBrowserHeaders(missing.headers, '404 page');
    pageNonce(missing.headers, missing.text);

    // curl -sI: a HEAD answer carries the same headers.
    const head = await fetch(`${s.url}/product/${productId}`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assertBrowserHeaders(head.headers, 'HEAD of a page');
    assert.match(head.headers.get('content-security-policy')!, /script-src 'self' 'nonce-/);
  });

  test('API answers, images, samples, static bundles and errors: a locked-down policy, nosniff', async () => {
    const json = await s.api('/category-menu-items');
    assert.equal(json.status, 200);
    assertBrowserHeaders(json.headers, 'API JSON');
    assert.match(json.headers.get('content-security-policy')!, /^default-src 'none'/);

    const image = await s.get('/media/products/DS-00001.svg');
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/svg+xml');
    assertBrowserHeaders(image.headers, 'product image');
    assert.match(
      image.headers.get('content-security-policy')!,
      /^default-src 'none'/,
      'an SVG opened alone runs nothing',
    );
    assert.equal(image.headers.get('cache-control'), 'public, max-age=86400', 'public images keep their caching');

    const sample = await s.get('/samples/DS-00001.csv');
    assert.equal(sample.status, 200);
    assertBrowserHeaders(sample.headers, 'sample CSV');

    const [bundle] = readdirSync(path.join(WEB_DIST, 'client/assets')).filter((f) => f.endsWith('.js'));
    const asset = await s.get(`/assets/${bundle}`);
    assert.equal(asset.status, 200);
    assertBrowserHeaders(asset.headers, 'static bundle');
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');

    const badId = await s.api('/products/not-an-id');
    assert.equal(badId.status, 400);
    errorOf(badId);
    assertBrowserHeaders(badId.headers, '400 error');
    const unknown = await s.get('/services/data/v65.0/nothing-here');
    assert.equal(unknown.status, 404);
    errorOf(unknown);
    assertBrowserHeaders(unknown.headers, 'API 404');
    const refused = await s.agent().post('/services/auth/logout', undefined, { headers: { 'x-csrf-token': 'x' } });
    assert.equal(refused.status, 403);
    assertBrowserHeaders(refused.headers, 'CSRF refusal');
    const badUrl = await s.get('/%E0%A4%A');
    assert.ok(badUrl.status >= 400 && badUrl.status < 500, String(badUrl.status));
    assertBrowserHeaders(badUrl.headers, 'malformed URL');
  });

  test('a page this origin asks for as a frame (the composer preview) may be framed by this origin only', async () => {
    const frame = { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'same-origin' };
    const own = await s.get('/', { headers: frame });
    assert.equal(own.headers.get('x-frame-options'), 'SAMEORIGIN');
    assert.match(own.headers.get('content-security-policy') ?? '', /frame-ancestors 'self'/);
    assert.doesNotMatch(own.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    for (const site of ['cross-site', 'same-site', 'none']) {
      const other = await s.get('/', { headers: { ...frame, 'sec-fetch-site': site } });
      assertBrowserHeaders(other.headers, `a page framed from ${site}`);
    }
    const json = await s.get(`${BASE}/products?skus=DS-00001`, { headers: frame });
    assertBrowserHeaders(json.headers, 'an API answer asked for as a frame');
  });

  test('a page whose address carries a one-time token sends no Referer at all; its API answers and other pages as usual', async () => {
    for (const page of ['/password-reset?token=one-time-secret', '/register/confirm?token=one-time-secret']) {
      const res = await s.get(page);
      assert.equal(res.status, 200, page);
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer', page);
    }
    assertBrowserHeaders((await s.get('/password-reset')).headers, 'the reset page without a token');
    assertBrowserHeaders((await s.get('/search?q=token')).headers, 'a page with another query');
    const api = await s.get(`${BASE}/products?skus=DS-00001&token=x`);
    assertBrowserHeaders(api.headers, 'an API answer with a token parameter');
  });

  test('a dataset download: the file with the headers, stored by no cache', async () => {
    const file = await casey.get(downloadUrl);
    assert.equal(file.status, 200);
    assert.match(file.headers.get('content-type')!, /^text\/csv/);
    assertBrowserHeaders(file.headers, 'download');
    assert.equal(file.headers.get('cache-control'), 'private, no-store');
    const refused = await s.agent().get(downloadUrl);
    assert.equal(refused.status, 401);
    assertBrowserHeaders(refused.headers, 'refused download');
  });
});

describe('caching of personal and public answers', () => {
  test('every answer that depends on the session is private, no-store', async () => {
    const context = (await casey.api('/session-context')).body;
    const accountId = context.effectiveAccountId ?? context.accountId;
    const checkout = await casey.put(`${BASE}/checkouts`, { cartId: 'active' });
    const personal: Array<[string, () => Promise<{ status: number; headers: Headers }>]> = [
      ['cart', () => casey.api('/carts/current')],
      ['cart summary', () => casey.api('/carts/current/compact-summary')],
      ['cart lines', () => casey.api('/carts/current/cart-items')],
      ['checkout start', async () => checkout],
      ['orders', () => casey.api('/order-summaries')],
      ['order', () => casey.api(`/order-summaries/${orderId}`)],
      ['download links', () => casey.api(`/order-summaries/${orderId}/downloads`)],
      ['subscriptions', () => casey.api('/subscriptions')],
      ['addresses', () => casey.api(`/accounts/${accountId}/addresses`)],
      ['session context', () => casey.api('/session-context')],
      ['accounts', () => casey.api('/external-managed-accounts?includeMyAccount=true')],
      ['profile', () => casey.patch('/services/auth/profile', { firstName: 'Casey' })],
      ['login', () => s.agent().post('/services/auth/login', { email: DEMO_USERS.buyer.email, password: 'x' })],
      ['guest cart', () => s.agent().api('/carts/current')],
    ];
    for (const [what, call] of personal) {
      const res = await call();
      assert.ok(res.status < 500, `${what}: ${res.status}`);
      assert.equal(res.headers.get('cache-control'), 'private, no-store', what);
      assertBrowserHeaders(res.headers, what);
    }
  });

  test('public catalogue answers keep their own caching', async () => {
    const app = await s.api('/application-context');
    assert.equal(app.headers.get('cache-control'), 'public, max-age=300');
    const version = app.body.catalogSnapshotVersionId;
    const versioned = await s.api(`/versions/${version}/products/${productId}`);
    assert.equal(versioned.status, 200, versioned.text);
    assert.equal(versioned.headers.get('cache-control'), 'public, max-age=300');
    assertBrowserHeaders(versioned.headers, 'versioned product');
  });
});
