import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCommerceClient, type CommerceClient } from './api.ts';
import { CommerceFetchError } from './errors.ts';
import { deferred, json, manualClock, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';

const WS = '0ZE000000000001';
const BASE = `/services/data/v65.0/commerce/webstores/${WS}`;

function setup(respond?: Responder, opts: { ignoreSignal?: boolean } = {}) {
  const clock = manualClock();
  const { fetch, calls } = recordingFetch(respond, opts);
  const client = createCommerceClient({ webstoreId: WS, fetch, now: clock.now });
  return { client, calls, clock };
}

/** Answers application-context requests with a numbered body, so a test can tell fetches apart. */
function appContextResponder(cacheControl?: string): Responder {
  let n = 0;
  return () => json({ n: ++n }, cacheControl ? { headers: { 'Cache-Control': cacheControl } } : {});
}

describe('getApplicationContext', () => {
  it('fetches application-context as guest', async () => {
    const { client, calls } = setup(appContextResponder());
    await client.getApplicationContext();
    assert.equal(pathOf(calls[0].url), `${BASE}/application-context`);
    assert.deepEqual(queryOf(calls[0].url), { asGuest: 'true' });
  });

  it('is reused for the Cache-Control max-age and refetched only inside the 30 s margin', async () => {
    const { client, calls, clock } = setup(appContextResponder('private, max-age=120'));
    assert.deepEqual(await client.getApplicationContext(), { n: 1 });
    clock.advance(89_999); // 120 s - 30 s margin - 1 ms: still fresh
    assert.deepEqual(await client.getApplicationContext(), { n: 1 });
    assert.equal(calls.length, 1);
    clock.advance(1); // exactly 30 s before expiry: refetch
    assert.deepEqual(await client.getApplicationContext(), { n: 2 });
    assert.equal(calls.length, 2);
  });

  it('defaults to 5 minutes without a Cache-Control header', async () => {
    const { client, calls, clock } = setup(appContextResponder());
    await client.getApplicationContext();
    clock.advance(5 * 60_000 - 30_000 - 1);
    await client.getApplicationContext();
    assert.equal(calls.length, 1);
    clock.advance(1);
    assert.deepEqual(await client.getApplicationContext(), { n: 2 });
    assert.equal(calls.length, 2);
  });

  it('refetches once expired', async () => {
    const { client, calls, clock } = setup(appContextResponder('max-age=60'));
    await client.getApplicationContext();
    clock.advance(10 * 60_000);
    assert.deepEqual(await client.getApplicationContext(), { n: 2 });
    assert.equal(calls.length, 2);
  });

  it('does not reuse a no-cache answer', async () => {
    const { client, calls } = setup(appContextResponder('no-cache'));
    await client.getApplicationContext();
    await client.getApplicationContext();
    assert.equal(calls.length, 2);
  });

  it('shares one in-flight request between concurrent callers', async () => {
    const hold = deferred<Response>();
    const { client, calls } = setup(() => hold.promise);
    const a = client.getApplicationContext();
    const b = client.getApplicationContext();
    hold.resolve(json({ shared: true }));
    assert.deepEqual(await Promise.all([a, b]), [{ shared: true }, { shared: true }]);
    assert.equal(calls.length, 1);
  });

  it('does not cache a failure', async () => {
    let status = 500;
    const { client, calls } = setup(() => json([], { status, statusText: 'Server Error' }));
    await assert.rejects(client.getApplicationContext(), CommerceFetchError);
    status = 200;
    assert.deepEqual(await client.getApplicationContext(), []);
    assert.equal(calls.length, 2);
  });

  it('serves the unexpired value when a refresh inside the margin fails', async () => {
    let fail = false;
    const { client, calls, clock } = setup(() =>
      fail ? json([], { status: 503, statusText: 'Service Unavailable' }) : json({ n: 1 }),
    );
    await client.getApplicationContext();
    fail = true;
    clock.advance(5 * 60_000 - 10_000); // inside the margin, not yet expired
    assert.deepEqual(await client.getApplicationContext(), { n: 1 });
    assert.equal(calls.length, 2);
    clock.advance(10_000); // expired now: the failure surfaces
    await assert.rejects(client.getApplicationContext(), CommerceFetchError);
  });

  it('cancelling one caller leaves the shared request running for the other', async () => {
    const hold = deferred<Response>();
    const { client, calls } = setup(() => hold.promise);
    const controller = new AbortController();
    const cancelled = client.getApplicationContext({ signal: controller.signal });
    const kept = client.getApplicationContext();
    controller.abort();
    await assert.rejects(cancelled, { name: 'AbortError' });
    hold.resolve(json({ ok: true }));
    assert.deepEqual(await kept, { ok: true });
    assert.equal(calls[0].signal?.aborted, false);
  });

  it('aborts the request when its only caller cancels', async () => {
    const hold = deferred<Response>();
    const { client, calls } = setup(() => hold.promise);
    const controller = new AbortController();
    const pending = client.getApplicationContext({ signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
    assert.equal(calls[0].signal?.aborted, true);
  });

  it('invalidateApplicationContext forces the next call to refetch', async () => {
    const { client, calls } = setup(appContextResponder('max-age=600'));
    await client.getApplicationContext();
    client.invalidateApplicationContext();
    assert.deepEqual(await client.getApplicationContext(), { n: 2 });
    assert.equal(calls.length, 2);
  });
});

describe('missing inputs raise a TypeError before any request', () => {
  const cases: Array<[string, (c: CommerceClient) => Promise<unknown>]> = [
    ['getProduct without productId', (c) => c.getProduct(undefined as unknown as string)],
    ['getProduct with a blank productId', (c) => c.getProduct('  ')],
    ['getProduct with a blank snapshotId', (c) => c.getProduct('01t1', { snapshotId: '' })],
    ['getProductChildren without productId', (c) => c.getProductChildren('')],
    ['getProductComponents without productId', (c) => c.getProductComponents('')],
    ['getFeaturedProducts without productId', (c) => c.getFeaturedProducts('')],
    ['getProductPrice without productId', (c) => c.getProductPrice('')],
    ['getProductTaxes without productId', (c) => c.getProductTaxes('')],
    ['getCategory without categoryId', (c) => c.getCategory('')],
    ['getCategoryPath without categoryId', (c) => c.getCategoryPath(undefined as unknown as string)],
    ['getProducts with neither ids nor skus', (c) => c.getProducts({})],
    ['getProducts with both ids and skus', (c) => c.getProducts({ ids: ['01t1'], skus: ['S1'] })],
    ['getProducts with empty ids', (c) => c.getProducts({ ids: [] })],
    ['getProducts with empty skus', (c) => c.getProducts({ skus: [] })],
    ['getProducts with a blank id', (c) => c.getProducts({ ids: ['01t1', ''] })],
    ['getProductPrices without a list', (c) => c.getProductPrices(undefined as unknown as string[])],
    ['getProductPrices with an empty list', (c) => c.getProductPrices([])],
    ['getInventoryLevels without products', (c) => c.getInventoryLevels({ products: [] })],
    [
      'getInventoryLevels with both locations and location groups',
      (c) => c.getInventoryLevels({ products: ['01t1'], locations: ['L1'], locationGroups: ['G1'] }),
    ],
  ];
  for (const [name, call] of cases) {
    it(name, async () => {
      const { client, calls } = setup();
      await assert.rejects(call(client), TypeError);
      assert.equal(calls.length, 0);
    });
  }

  it('createCommerceClient requires a webstoreId', () => {
    assert.throws(() => createCommerceClient({ webstoreId: '' }), TypeError);
  });

  it('accepts exactly one of ids or skus', async () => {
    const { client, calls } = setup();
    await client.getProducts({ ids: ['01t1', '01t2'] });
    await client.getProducts({ skus: ['S-1'] });
    assert.equal(queryOf(calls[0].url).ids, '01t1,01t2');
    assert.equal(queryOf(calls[0].url).skus, undefined);
    assert.equal(queryOf(calls[1].url).skus, 'S-1');
    assert.equal(queryOf(calls[1].url).ids, undefined);
  });
});

describe('getProduct', () => {
  it('reads the live product with effectiveAccountId and without X-HighScale', async () => {
    const { client, calls } = setup();
    await client.getProduct('01t1', { effectiveAccountId: '001A', fields: ['Name', 'Description'] });
    assert.equal(pathOf(calls[0].url), `${BASE}/products/01t1`);
    assert.deepEqual(queryOf(calls[0].url), { effectiveAccountId: '001A', fields: 'Name,Description' });
    assert.equal(calls[0].headers['X-HighScale'], undefined);
  });

  it('reads a snapshot through versions/, adds X-HighScale and drops effectiveAccountId', async () => {
    const { client, calls } = setup();
    await client.getProduct('01t1', {
      snapshotId: 'SNAP1',
      effectiveAccountId: '001A',
      mediaGroups: 'productDetailImage',
    });
    assert.equal(pathOf(calls[0].url), `${BASE}/versions/SNAP1/products/01t1`);
    assert.equal(calls[0].headers['X-HighScale'], 'true');
    assert.deepEqual(queryOf(calls[0].url), { mediaGroups: 'productDetailImage' });
  });

  it('sends noCache only when asked', async () => {
    const { client, calls } = setup();
    await client.getProduct('01t1');
    await client.getProduct('01t1', { noCache: false });
    await client.getProduct('01t1', { noCache: true });
    assert.equal(queryOf(calls[0].url).noCache, undefined);
    assert.equal(queryOf(calls[1].url).noCache, undefined);
    assert.equal(queryOf(calls[2].url).noCache, 'true');
  });

  it('does not send the all-zero effective account id', async () => {
    const { client, calls } = setup();
    await client.getProduct('01t1', { effectiveAccountId: '000000000000000' });
    assert.equal(queryOf(calls[0].url).effectiveAccountId, undefined);
  });

  it('resolves with the body as received', async () => {
    const { client } = setup(() => json({ id: '01t1', fields: { Name: 'Kettle' } }));
    assert.deepEqual(await client.getProduct('01t1'), { id: '01t1', fields: { Name: 'Kettle' } });
  });

  it('rejects with an AbortError on cancel', async () => {
    const hold = deferred<Response>();
    const { client } = setup(() => hold.promise);
    const controller = new AbortController();
    const pending = client.getProduct('01t1', { signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
  });

  it('rejects with a CommerceFetchError built from the [{errorCode,message}] body', async () => {
    const { client } = setup(() =>
      json([{ errorCode: 'ITEM_NOT_FOUND', message: 'Product not found' }], { status: 404, statusText: 'Not Found' }),
    );
    await assert.rejects(client.getProduct('01tMissing'), (e: unknown) => {
      assert.ok(e instanceof CommerceFetchError);
      assert.equal(e.status, 404);
      assert.equal(e.message, e.statusText);
      assert.equal(e.errors[0].type, 'ITEM_NOT_FOUND');
      assert.equal(e.errors[0].message, 'Product not found');
      assert.equal(pathOf(e.url), `${BASE}/products/01tMissing`);
      return true;
    });
  });
});

describe('getInventoryLevels', () => {
  it('calls commerce/inventory/levels outside the webstore, scoped by a filter', async () => {
    const { client, calls } = setup();
    await client.getInventoryLevels({ products: ['01t1', '01t2'], locationGroups: ['0gh1'] });
    assert.equal(pathOf(calls[0].url), '/services/data/v65.0/commerce/inventory/levels');
    assert.deepEqual(queryOf(calls[0].url), {
      scope: `webStoreId Eq '${WS}'`,
      products: '01t1,01t2',
      locationgroups: '0gh1',
    });
  });

  it('sends locations when given', async () => {
    const { client, calls } = setup();
    await client.getInventoryLevels({ products: ['01t1'], locations: ['L1', 'L2'] });
    assert.equal(queryOf(calls[0].url).locations, 'L1,L2');
    assert.equal(queryOf(calls[0].url).locationgroups, undefined);
  });
});

describe('paths and parameters of the other calls', () => {
  const cases: Array<[string, (c: CommerceClient) => Promise<unknown>, string, Record<string, string>]> = [
    [
      'session context',
      (c) => c.getSessionContext({ effectiveAccountId: '001A' }),
      '/session-context',
      { effectiveAccountId: '001A' },
    ],
    [
      'products batch',
      (c) => c.getProducts({ ids: ['a', 'b'], excludePrices: true, includeQuantityRule: true }),
      '/products',
      { ids: 'a,b', excludePrices: 'true', includeQuantityRule: 'true' },
    ],
    [
      'product children (default page size 20)',
      (c) => c.getProductChildren('01t1', { includeProductSellingModels: true }),
      '/products/01t1/children',
      { pageSize: '20', includeProductSellingModels: 'true' },
    ],
    [
      "a set's or bundle's components (the children call)",
      (c) => c.getProductComponents('01t1', { pageSize: 5 }),
      '/products/01t1/children',
      { pageSize: '5' },
    ],
    [
      'product children, a later page by its token',
      (c) => c.getProductChildren('01t1', { pageToken: '1' }),
      '/products/01t1/children',
      { pageSize: '20', pageToken: '1' },
    ],
    [
      'featured products',
      (c) => c.getFeaturedProducts('01t1', { relationshipTypes: ['CrossSell', 'UpSell'], effectiveAccountId: '001A' }),
      '/products/01t1/featured-products',
      { relationshipTypes: 'CrossSell,UpSell', effectiveAccountId: '001A' },
    ],
    [
      'category',
      (c) => c.getCategory('0ZG1', { fields: ['Name'], effectiveAccountId: '001A' }),
      '/product-categories/0ZG1',
      { fields: 'Name', effectiveAccountId: '001A' },
    ],
    [
      'versioned category',
      (c) => c.getCategory('0ZG1', { snapshotId: 'S1', effectiveAccountId: '001A' }),
      '/versions/S1/product-categories/0ZG1',
      {},
    ],
    [
      'root categories (default fields)',
      (c) => c.getCategoryChildren(),
      '/product-categories/children',
      { fields: 'Id,Name,CatalogId,ParentCategoryId' },
    ],
    [
      'child categories',
      (c) => c.getCategoryChildren({ parentProductCategoryId: '0ZG1', fields: 'Name' }),
      '/product-categories/children',
      { parentProductCategoryId: '0ZG1', fields: 'Name' },
    ],
    ['category path', (c) => c.getCategoryPath('0ZG1'), '/product-category-path/product-categories/0ZG1', {}],
    [
      'versioned category path',
      (c) => c.getCategoryPath('0ZG1', { snapshotId: 'S1' }),
      '/versions/S1/product-categories/0ZG1/product-category-path',
      {},
    ],
    [
      'category menu',
      (c) => c.getCategoryMenuItems({ addHomeMenuItem: true, maxLevels: 2, publishStatus: 'Live' }),
      '/category-menu-items',
      { addHomeMenuItem: 'true', maxLevels: '2', publishStatus: 'Live' },
    ],
    [
      'product price',
      (c) => c.getProductPrice('01t1', { currencyIsoCode: 'USD', includeChildProductPrices: true }),
      '/pricing/products/01t1',
      { currencyIsoCode: 'USD', includeChildProductPrices: 'true' },
    ],
    [
      'product prices',
      (c) => c.getProductPrices(['a', 'b'], { currencyIsoCode: 'USD' }),
      '/pricing/products',
      { productIds: 'a,b', currencyIsoCode: 'USD' },
    ],
    [
      'product taxes',
      (c) => c.getProductTaxes('01t1', { countryIsoCode: 'US', stateIsoCode: 'CA' }),
      '/taxes/products/01t1',
      { countryIsoCode: 'US', stateIsoCode: 'CA' },
    ],
  ];
  for (const [name, call, path, query] of cases) {
    it(name, async () => {
      const { client, calls } = setup();
      await call(client);
      assert.equal(calls.length, 1);
      assert.equal(calls[0].method, 'GET');
      assert.equal(pathOf(calls[0].url), `${BASE}${path}`);
      assert.deepEqual(queryOf(calls[0].url), query);
    });
  }

  it('keeps the literal comma between product ids', async () => {
    const { client, calls } = setup();
    await client.getProductPrices(['a', 'b']);
    assert.ok(calls[0].url.endsWith('/pricing/products?productIds=a,b'), calls[0].url);
  });
});
