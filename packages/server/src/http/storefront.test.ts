// The storefront mounted in the API server: a page renders in this process, so whatever the render leaves behind
// (process warnings such as a listener leak) would show here, in the server's own log.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../test-support/server.ts';

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
