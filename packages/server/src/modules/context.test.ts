import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, errorOf, type TestServer } from '../test-support/server.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

describe('application-context', () => {
  test('carries every field of spec 01 §3 from the store settings, with a max-age cache header', async () => {
    const res = await s.api('/application-context');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('cache-control') ?? '', /max-age=\d+/);
    const fields = [
      'checkoutSettings',
      'guestBrowsingEnabled',
      'guestCartEnabled',
      'guestCheckoutEnabled',
      'splitShipmentEnabled',
      'cartCalculateEnabled',
      'placeOrderV2Enabled',
      'guestCartCheckoutEnabled',
      'shippingCountries',
      'taxType',
      'country',
      'markets',
      'inventoryConfiguration',
      'defaultCurrency',
      'orderStatuses',
      'managedCheckoutVersion',
      'shopperConsentEnabled',
      'skipPhoneNumberValidationEnabled',
      'usesSingleEntitlementPolicy',
      'usesUniversalPricebooks',
      'supportedCurrencies',
      'sessionDrivenCurrency',
      'catalogSnapshotVersionId',
      'clientSidePaymentConfiguration',
      'subscriptionConfig',
      'giftingConfig',
      'propertiesEx',
    ];
    for (const f of fields) assert.ok(f in res.body, `missing ${f}`);
    assert.deepEqual(Object.keys(res.body.subscriptionConfig).sort(), [
      'commerceSubscriptionARCUIEnabled',
      'rlmSubscriptionEnabled',
      'subscriptionPlusEnabled',
    ]);
    assert.deepEqual(Object.keys(res.body.giftingConfig).sort(), [
      'isGiftMessageEnabled',
      'isGiftWrapEnabled',
      'isGiftingEnabled',
    ]);
    for (const f of ['highScaleCartEnabled', 'shopperCopilotUIEnabled', 'paymentsLegacyFormsEnabled'])
      assert.ok(f in res.body.propertiesEx, f);
    assert.equal(res.body.defaultCurrency, 'USD');
  });

  test('reads the settings from the database', async () => {
    const row = await s.db.db.selectFrom('webstore').select('settings_json').executeTakeFirstOrThrow();
    const settings = JSON.parse(row.settings_json);
    await s.db.db
      .updateTable('webstore')
      .set({ settings_json: JSON.stringify({ ...settings, shippingCountries: ['US', 'NZ'] }) })
      .execute();
    await new Promise((r) => setTimeout(r, 2100)); // the per-process store cache lives 2 s
    const res = await s.api('/application-context');
    assert.deepEqual(res.body.shippingCountries, ['US', 'NZ']);
    await s.db.db.updateTable('webstore').set({ settings_json: row.settings_json }).execute();
  });

  test('an unknown webstore is a 404 in the platform error shape', async () => {
    const res = await s.get('/services/data/v65.0/commerce/webstores/0ZE000000000999AAA/application-context');
    assert.equal(res.status, 404);
    assert.equal(errorOf(res).errorCode, 'NOT_FOUND');
  });
});

describe('session-context', () => {
  test('a visitor without a session is a guest', async () => {
    const res = await s.api('/session-context');
    assert.equal(res.status, 200);
    assert.equal(res.body.guestUser, true);
    assert.equal(res.body.isLoggedIn, false);
    assert.equal(res.body.userId, null);
    assert.equal(res.body.effectiveAccountId, null);
  });

  test('the all-zero 15-character account id is ignored', async () => {
    const res = await s.api('/session-context?effectiveAccountId=000000000000000');
    assert.equal(res.status, 200);
    assert.equal(res.body.effectiveAccountId, null);
  });

  test('a guest cannot act for an account', async () => {
    const res = await s.api('/session-context?effectiveAccountId=001000000000001AAA');
    assert.equal(res.status, 403);
    assert.equal(errorOf(res).errorCode, 'INSUFFICIENT_ACCESS');
  });
});

describe('OpenAPI', () => {
  test('/api/docs documents the catalogue calls with their parameters', async () => {
    const res = await s.get('/api/docs');
    assert.equal(res.status, 200);
    assert.match(res.body.openapi, /^3\./);
    const product = res.body.paths['/services/data/v65.0/commerce/webstores/{webstoreId}/products/{productId}'];
    assert.ok(product?.get, 'product detail path documented');
    const names = product.get.parameters.map((p: { name: string }) => p.name);
    for (const n of ['webstoreId', 'productId', 'fields', 'effectiveAccountId']) assert.ok(names.includes(n), n);
    assert.ok(res.body.paths['/services/data/v65.0/commerce/inventory/levels']);
  });
});
