import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';
import { createWorkspaceClient } from './workspace-api.ts';

const WS = '0ZE000000000001AAA';
const ROOT = `/services/admin/webstores/${WS}`;
const ITEM = '20Y000000000001AAA';

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  return { w: createWorkspaceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' }), calls };
}

describe('workspace content calls', () => {
  it('lists with the type, text and paging in the query, reads one, creates and changes with JSON bodies', async () => {
    const { w, calls } = setup(() => json({ items: [] }));
    await w.listContent({ type: 'dd__banner', q: 'spring', page: 2 });
    await w.getContent(ITEM);
    await w.createContent({ type: 'dd__richText', title: 'T', urlName: 't', body: { html: '<p>x</p>' } });
    await w.updateContent(ITEM, { revision: 3, title: 'U' });
    assert.deepEqual(queryOf(calls[0]!.url), { type: 'dd__banner', q: 'spring', page: '2' });
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url), c.body && JSON.parse(c.body)]),
      [
        ['GET', `${ROOT}/content`, undefined],
        ['GET', `${ROOT}/content/${ITEM}`, undefined],
        ['POST', `${ROOT}/content`, { type: 'dd__richText', title: 'T', urlName: 't', body: { html: '<p>x</p>' } }],
        ['PATCH', `${ROOT}/content/${ITEM}`, { revision: 3, title: 'U' }],
      ],
    );
  });

  it('publishes, unpublishes and deletes (a 204 with no body) by the item id', async () => {
    const { w, calls } = setup((c) => (c.method === 'DELETE' ? new Response(null, { status: 204 }) : json({})));
    await w.publishContent(ITEM);
    await w.unpublishContent(ITEM);
    assert.equal(await w.deleteContent(ITEM), undefined);
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url)]),
      [
        ['POST', `${ROOT}/content/${ITEM}/actions/publish`],
        ['POST', `${ROOT}/content/${ITEM}/actions/unpublish`],
        ['DELETE', `${ROOT}/content/${ITEM}`],
      ],
    );
  });

  it("uploads an image item's file as the raw body with its type; alt text in the query or by PATCH", async () => {
    const { w, calls } = setup(() => json({}));
    const file = new Uint8Array([137, 80, 78, 71]);
    await w.uploadContentImage(ITEM, { file, contentType: 'image/png', altText: 'A chart' });
    await w.uploadContentImage(ITEM, { file, contentType: 'image/webp' });
    await w.describeContentImage(ITEM, 'Closer');
    assert.equal(calls[0]!.raw, file);
    assert.equal(calls[0]!.headers['Content-Type'], 'image/png');
    assert.deepEqual(queryOf(calls[0]!.url), { altText: 'A chart' });
    assert.deepEqual(queryOf(calls[1]!.url), {});
    assert.deepEqual([calls[2]!.method, JSON.parse(calls[2]!.body!)], ['PATCH', { altText: 'Closer' }]);
  });

  it('throws a TypeError before any request for a missing id', async () => {
    const { w, calls } = setup();
    assert.throws(() => w.getContent(''), TypeError);
    assert.throws(() => w.publishContent(''), TypeError);
    assert.equal(calls.length, 0);
  });
});
