import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json, pathOf, recordingFetch } from './test-support.ts';
import { createWorkspaceClient } from './workspace-api.ts';

const WS = '0ZE000000000001AAA';
const ROOT = `/services/admin/webstores/${WS}`;
const PRODUCT = '01t000000000003AAA';

describe('workspace SEO settings calls', () => {
  it('GET and PUT …/seo-settings/{recordId}, the PUT with its body and the CSRF token', async () => {
    const { fetch, calls } = recordingFetch(() =>
      json({ recordId: PRODUCT, title: null, description: null, noIndex: false }),
    );
    const w = createWorkspaceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' });
    await w.seoSettings(PRODUCT);
    await w.setSeoSettings(PRODUCT, { title: 'T', description: null, noIndex: true });
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url), c.body]),
      [
        ['GET', `${ROOT}/seo-settings/${PRODUCT}`, undefined],
        ['PUT', `${ROOT}/seo-settings/${PRODUCT}`, JSON.stringify({ title: 'T', description: null, noIndex: true })],
      ],
    );
    assert.equal(calls[1]!.headers['X-CSRF-Token'] ?? calls[1]!.headers['x-csrf-token'], 'tok');
  });

  it('the record id is required before any request', async () => {
    const { fetch, calls } = recordingFetch();
    const w = createWorkspaceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' });
    assert.throws(() => w.seoSettings(''), TypeError);
    assert.equal(calls.length, 0);
  });
});
