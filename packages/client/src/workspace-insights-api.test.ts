import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json, pathOf, recordingFetch } from './test-support.ts';
import { createWorkspaceClient } from './workspace-api.ts';

const WS = '0ZE000000000001AAA';
const ROOT = `/services/admin/webstores/${WS}`;
const ANSWER = {
  period: { from: '2026-11-01', to: '2026-11-07' },
  funnel: [],
  topSearchTerms: [],
  zeroResultSearchTerms: [],
};

describe('workspace insights call', () => {
  it('GET …/insights with the period asked, and without one for the server’s default', async () => {
    const { fetch, calls } = recordingFetch(() => json(ANSWER));
    const w = createWorkspaceClient({ webstoreId: WS, fetch });
    assert.deepEqual(await w.insights({ from: '2026-11-01', to: '2026-11-07' }), ANSWER);
    await w.insights();
    assert.deepEqual(
      calls.map((c) => [c.method, pathOf(c.url), new URL(c.url, 'http://x').search]),
      [
        ['GET', `${ROOT}/insights`, '?from=2026-11-01&to=2026-11-07'],
        ['GET', `${ROOT}/insights`, ''],
      ],
    );
  });
});
