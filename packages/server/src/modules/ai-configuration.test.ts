import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SHOPPER_SIGNALS, type AiConfiguration } from '@store/core';
import { startTestServer, WEBSTORE_ID, type TestServer } from '../test-support/server.ts';
import { withStoreSettings } from '../test-support/store-settings.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

const config = async () => {
  const res = await s.api('/ai/configuration');
  assert.equal(res.status, 200);
  return res.body as AiConfiguration;
};

describe('GET ai/configuration', () => {
  test('the demo store records activities and recommends; activities go to its own origin and webstore id', async () => {
    const c = await config();
    assert.deepEqual(c, {
      activityTrackingEnabled: true,
      catalogExists: true,
      isDeployed: true,
      host: new URL(s.url).origin,
      siteId: WEBSTORE_ID,
      tenant: WEBSTORE_ID,
      deploymentEnabled: true,
    });
  });

  test('follows the seller’s switches on the next read', async () => {
    const off = { ...DEFAULT_SHOPPER_SIGNALS, activityTrackingEnabled: false, recommendationsEnabled: false };
    await withStoreSettings(
      s,
      (settings) => ({ ...settings, shopperSignals: off }),
      async () => {
        const c = await config();
        assert.equal(c.activityTrackingEnabled, false);
        assert.equal(c.deploymentEnabled, false);
        assert.equal(c.isDeployed, false);
      },
    );
    assert.equal((await config()).isDeployed, true);
  });

  test('an unknown store is a 404 in the API’s error shape', async () => {
    const res = await s.get('/services/data/v65.0/commerce/webstores/0ZE000000000999AAA/ai/configuration');
    assert.equal(res.status, 404);
    const body = res.body as Array<{ errorCode: string; message: string }>;
    assert.ok(body[0]?.errorCode && body[0].message);
  });
});
