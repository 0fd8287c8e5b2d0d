import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';
import { createWorkspaceClient } from './workspace-api.ts';

const WS = '0ZE000000000001AAA';
const ROOT = `/services/admin/webstores/${WS}`;
const PRODUCT = '01t000000000003AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  return { w: createWorkspaceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' }), calls };
}

describe('workspace media calls', () => {
  it('uploads the file itself as the body, with its type, the alt text in the query and the CSRF token', async () => {
    const { w, calls } = setup(() => json({ url: '/media/products/DS-00003/960.webp?v=0123456789abcdef' }));
    const file = new Uint8Array([137, 80, 78, 71]);
    const answer = await w.uploadProductImage(PRODUCT, { file, contentType: 'image/png', altText: 'A red square' });
    assert.equal(calls[0]!.method, 'PUT');
    assert.equal(pathOf(calls[0]!.url), `${ROOT}/products/${PRODUCT}/image`);
    assert.deepEqual(queryOf(calls[0]!.url), { altText: 'A red square' });
    assert.equal(calls[0]!.raw, file);
    assert.equal(calls[0]!.body, undefined);
    assert.equal(calls[0]!.headers['Content-Type'], 'image/png');
    assert.equal(calls[0]!.headers['X-CSRF-Token'] ?? calls[0]!.headers['x-csrf-token'], 'tok');
    assert.match(answer.url, /960\.webp/);
  });

  it('changes the alt text with PATCH and removes with DELETE (a 204 with no body)', async () => {
    const { w, calls } = setup((c) => (c.method === 'DELETE' ? new Response(null, { status: 204 }) : json({})));
    await w.describeProductImage(PRODUCT, 'Closer');
    assert.equal(await w.removeProductImage(PRODUCT), undefined);
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url), c.body]),
      [
        ['PATCH', `${ROOT}/products/${PRODUCT}/image`, JSON.stringify({ altText: 'Closer' })],
        ['DELETE', `${ROOT}/products/${PRODUCT}/image`, undefined],
      ],
    );
  });

  it('reads and replaces the featured and related lists in order', async () => {
    const { w, calls } = setup(() => json({ items: [] }));
    await w.featuredDatasets();
    await w.setFeaturedDatasets(['01t000000000002AAA', '01t000000000001AAA']);
    await w.relatedDatasets(PRODUCT);
    await w.setRelatedDatasets(PRODUCT, ['01t000000000009AAA']);
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url), c.body && JSON.parse(c.body)]),
      [
        ['GET', `${ROOT}/featured-datasets`, undefined],
        ['PUT', `${ROOT}/featured-datasets`, { productIds: ['01t000000000002AAA', '01t000000000001AAA'] }],
        ['GET', `${ROOT}/products/${PRODUCT}/related-datasets`, undefined],
        ['PUT', `${ROOT}/products/${PRODUCT}/related-datasets`, { productIds: ['01t000000000009AAA'] }],
      ],
    );
  });

  it('refuses a blank product id before sending anything', async () => {
    const { w, calls } = setup();
    await assert.rejects(w.removeProductImage(' '));
    assert.equal(calls.length, 0);
  });
});
