// The storefront mounted in the API server: a page renders in this process, so whatever the render leaves behind
// (process warnings such as a listener leak) would show here, in the server's own log.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DEMO_USERS } from '../seed/access.ts';
import { BASE, startTestServer, type TestServer } from '../test-support/server.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer({ storefront: true });
});
after(() => s?.close());

test('rendering product pages leaves no process warning (the loaders share one abort signal)', async () => {
  const product = (await s.api('/products?skus=DS-00001')).body.products[0];
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
  process.on('warning', onWarning);
  try {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${s.url}/product/${product.id}`, { headers: { accept: 'text/html' } });
      assert.equal(res.status, 200);
      assert.match(await res.text(), /<h1 id="product-title"[^>]*>US Dentists, Email and Phone<\/h1>/);
    }
    // Warnings are emitted on the next tick.
    await new Promise((r) => setImmediate(r));
  } finally {
    process.off('warning', onWarning);
  }
  assert.deepEqual(warnings, []);
});

test('a page comes compressed for a browser that accepts brotli or gzip, and as it is for one that does not', async () => {
  const product = (await s.api('/products?skus=DS-00001')).body.products[0];
  const url = `/product/${product.id}`;
  const plain = await rawGet(`${s.url}${url}`, { accept: 'text/html' });
  assert.equal(plain.status, 200);
  assert.equal(plain.headers['content-encoding'], undefined);
  const plainHtml = plain.body.toString('utf8');
  assert.match(plainHtml, /<h1 id="product-title"/);
  const cases: Array<[string, string, (b: Buffer) => Buffer]> = [
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
  ];
  for (const [accept, encoding, decode] of cases) {
    const res = await rawGet(`${s.url}${url}`, { accept: 'text/html', 'accept-encoding': accept });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], encoding, accept);
    assert.match(String(res.headers.vary), /accept-encoding/i);
    assert.ok(res.body.length < plain.body.length / 3, `${accept}: much smaller`);
    // The same page, but for what differs per request (the CSP nonce, tokens).
    const html = decode(res.body).toString('utf8');
    const strip = (h: string) => h.replace(/nonce="[^"]*"|[A-Za-z0-9_-]{20,}/g, '');
    assert.equal(strip(html), strip(plainHtml));
  }
});

test("a page that shows an address from the API shows the page's own origin, not the in-process call's", async () => {
  // /account/agents shows the MCP address from shopperAgent/context; the page's render asks for it in-process.
  const casey = await s.login(DEMO_USERS.consumer.email);
  const cookie = casey.cookieHeader();
  const page = (host?: string) =>
    rawGet(`${s.url}/account/agents`, { accept: 'text/html', cookie, ...(host ? { host } : {}) });
  const own = await page();
  assert.equal(own.status, 200);
  assert.match(own.body.toString('utf8'), new RegExp(`<code>${s.url}/mcp</code>`));
  const named = await page('shop.example.com:8443');
  assert.match(named.body.toString('utf8'), /<code>http:\/\/shop\.example\.com:8443\/mcp<\/code>/);
  // The API itself still answers with the origin its own caller used.
  const direct = await casey.get(`${BASE}/shopperAgent/context`);
  assert.equal(direct.body.mcpEndpoint, `${s.url}/mcp`);
});

/** A GET whose body comes as the server sent it (fetch would decode it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}
