// Side routes over real HTTP: the files, images, search and listings that name a product or a category
// obey the same entitlement and Draft rules as the product and category calls (content images: the content
// delivery rule, Draft and publication windows), for every party, and a refused one answers exactly as an
// unknown one does. A restricted file is never marked for shared caches.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  WEBSTORE_ID,
  startTestServer,
  withGuestBrowsingOff,
  type Agent,
  type Reply,
  type TestServer,
} from '../test-support/server.ts';
import { DEMO_USERS, PARTNER_SKUS } from '../seed/access.ts';
import { DEMO_CONTENT } from '../seed/content.ts';
import { ANALYTICS_COOKIE, SEARCH_FACETS, cmsMediaPath, encodeRefinements } from '@store/core';
import { insertImageItem } from '../test-support/content.ts';
import { giveConsent, postActivity, recordedActivities } from '../test-support/activities.ts';
import { callTool, makeAgentToken, mcpClient } from '../test-support/agent-tokens.ts';

let s: TestServer;
let parties: Array<{ name: string; agent: Agent; entitled: boolean; preview: boolean }>;
let draft: { id: string; url_name: string };
const PX = PARTNER_SKUS[0]!;
const counts = { tried: 0, refused: 0, allowed: 0 };

before(async () => {
  s = await startTestServer();
  draft = await s.db.db
    .selectFrom('category')
    .select(['id', 'url_name'])
    .where('publish_status', '=', 'Draft')
    .executeTakeFirstOrThrow();
  const [consumer, buyer, contosoBuyer, admin, previewer, loggedOut] = await Promise.all([
    s.login(DEMO_USERS.consumer.email),
    s.login(DEMO_USERS.buyer.email),
    s.login(DEMO_USERS.buyer.email),
    s.login(DEMO_USERS.admin.email),
    s.login(DEMO_USERS.admin.email),
    s.login(DEMO_USERS.buyer.email),
  ]);
  const contoso = await s.db.db
    .selectFrom('account')
    .select('id')
    .where('name', '=', 'Contoso Dental Group')
    .executeTakeFirstOrThrow();
  assert.equal((await contosoBuyer.patch(`${BASE}/session-context`, { effectiveAccountId: contoso.id })).status, 200);
  assert.equal((await previewer.patch(`${BASE}/session-context`, { isPreview: true })).status, 200);
  // A session that logged out and replays the cookies it had: it is a guest again.
  const replay = new Map(loggedOut.cookies);
  assert.equal((await loggedOut.post('/services/auth/logout')).status, 204);
  for (const [k, v] of replay) loggedOut.cookies.set(k, v);
  parties = [
    { name: 'guest', agent: s.agent(), entitled: false, preview: false },
    { name: 'consumer (Shoppers)', agent: consumer, entitled: false, preview: false },
    { name: 'buyer for Northwind (Wholesale Partners)', agent: buyer, entitled: true, preview: false },
    { name: 'the same buyer for Contoso (Business Accounts)', agent: contosoBuyer, entitled: false, preview: false },
    { name: 'administrator', agent: admin, entitled: true, preview: false },
    { name: 'administrator in preview', agent: previewer, entitled: true, preview: true },
    { name: 'logged-out session replaying its cookies', agent: loggedOut, entitled: false, preview: false },
  ];
});
after(async () => {
  console.log(
    `side routes: ${counts.tried} calls tried, ${counts.refused} refused, ${counts.allowed} allowed (each where the product or category call allows it too)`,
  );
  await s?.close();
});

/** A refused call must be indistinguishable from one naming something that does not exist. */
function assertToldAsUnknown(refused: Reply, unknown: Reply, what: string, id?: [string, string]) {
  counts.refused++;
  assert.equal(refused.status, unknown.status, `${what}: status`);
  // The id the caller named is echoed back in either answer: compare with it swapped for the unknown one.
  const text = id ? refused.text.replaceAll(id[0], id[1]) : refused.text;
  assert.equal(text, unknown.text, `${what}: the same body as an unknown one`);
}

function allowed(res: Reply, what: string) {
  counts.allowed++;
  assert.equal(res.status, 200, `${what}: ${res.text.slice(0, 200)}`);
  assert.doesNotMatch(res.headers.get('cache-control') ?? '', /public/, `${what}: not for shared caches`);
}

async function tryEach(
  call: (a: Agent) => Promise<Reply>,
  unknown: (a: Agent) => Promise<Reply>,
  may: (p: (typeof parties)[number]) => boolean,
  what: string,
  id?: [string, string],
) {
  for (const p of parties) {
    counts.tried++;
    const res = await call(p.agent);
    if (may(p)) allowed(res, `${p.name}: ${what}`);
    else assertToldAsUnknown(res, await unknown(p.agent), `${p.name}: ${what}`, id);
  }
}

describe('a dataset only Wholesale Partners are entitled to', () => {
  test('its sample and images (original and resized): 200 (private) for the entitled, the unknown-SKU 404 for everyone else', async () => {
    const entitled = (p: (typeof parties)[number]) => p.entitled;
    await tryEach(
      (a) => a.get(`/samples/${PX}.csv`),
      (a) => a.get('/samples/PX-99999.csv'),
      entitled,
      'sample',
    );
    for (const size of ['', '?size=thumb']) {
      await tryEach(
        (a) => a.get(`/media/products/${PX}.svg${size}`),
        (a) => a.get(`/media/products/PX-99999.svg${size}`),
        entitled,
        `image${size}`,
      );
      await tryEach(
        (a) => a.get(`/media/products/${PX}/640.webp${size}`),
        (a) => a.get(`/media/products/PX-99999/640.webp${size}`),
        entitled,
        `resized image${size}`,
      );
    }
  });

  test('a public dataset sample served to a guest may be kept by shared caches', async () => {
    const res = await s.get('/samples/DS-00001.csv');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('cache-control') ?? '', /^public\b/);
  });

  test('the snapshot read of it is private for the entitled buyer and 404 for the rest', async () => {
    const snapshot = (await s.api('/application-context')).body.catalogSnapshotVersionId;
    const px = await s.db.db.selectFrom('product').select('id').where('sku', '=', PX).executeTakeFirstOrThrow();
    await tryEach(
      (a) => a.api(`/versions/${snapshot}/products/${px.id}`),
      (a) => a.api(`/versions/${snapshot}/products/01t000000099999AAA`),
      (p) => p.entitled,
      'snapshot product',
      [px.id, '01t000000099999AAA'],
    );
  });

  test('listings that name products leave it out for those not entitled', async () => {
    const px = await s.db.db
      .selectFrom('product')
      .select(['id', 'name'])
      .where('sku', '=', PX)
      .executeTakeFirstOrThrow();
    const ds = await s.db.db.selectFrom('product').select('id').where('sku', '=', 'DS-00001').executeTakeFirstOrThrow();
    // A public dataset that points at the partner one (cross-sell, and related datasets in its detail's fields).
    for (const type of ['CrossSell', 'RelatedDataset']) {
      const taken = await s.db.db
        .selectFrom('product_relation')
        .select('position')
        .where('product_id', '=', ds.id)
        .where('relationship_type', '=', type)
        .execute();
      // Related datasets fill ten numbered fields: take the first, which the detail shows.
      const position = type === 'RelatedDataset' ? 1 : Math.max(0, ...taken.map((r) => r.position)) + 1;
      await s.db.db
        .deleteFrom('product_relation')
        .where('product_id', '=', ds.id)
        .where('relationship_type', '=', type)
        .where('position', '=', position)
        .execute();
      await s.db.db
        .insertInto('product_relation')
        .values({ product_id: ds.id, related_id: px.id, relationship_type: type, position })
        .execute();
    }
    await s.catalogueChanged();
    // Each listing asked about the partner dataset must answer as it does about an unknown one.
    const UNKNOWN_ID = '01t000000099999AAA';
    const UNKNOWN_SKU = 'PX-99999';
    const levels = (products: string) =>
      `/services/data/v65.0/commerce/inventory/levels?scope=${encodeURIComponent("webStoreId Eq '0ZE000000000001AAA'")}&products=${products}`;
    const byRef: Array<[string, (id: string, sku: string) => string]> = [
      ['promotions of products', (id) => `${BASE}/promotions/products?productIds=${id},${ds.id}`],
      ['products by SKU', (_, sku) => `${BASE}/products?skus=${sku},DS-00001`],
      ['products by id', (id) => `${BASE}/products?ids=${id},${ds.id}`],
      ['prices of products', (id) => `${BASE}/pricing/products?productIds=${id},${ds.id}`],
      ['inventory levels by SKU', (_, sku) => levels(`${sku},DS-00001`)],
      ['inventory levels by id', (id) => levels(`${id},${ds.id}`)],
      ['taxes of a product', (id) => `${BASE}/taxes/products/${id}`],
      ['a price', (id) => `${BASE}/pricing/products/${id}`],
      ['a dataset’s evaluation facts', (id) => `${BASE}/datasets/${id}`],
      ['a dataset’s list counts', (id) => `${BASE}/datasets/${id}/counts?email=1`],
      ['a dataset’s masked preview', (id) => `${BASE}/datasets/${id}/preview?email=1`],
    ];
    const unnamed = (text: string) => text.replaceAll(px.id, UNKNOWN_ID).replaceAll(PX, UNKNOWN_SKU);
    for (const p of parties)
      for (const [what, path] of byRef) {
        counts.tried++;
        const res = await p.agent.get(path(px.id, PX));
        if (p.entitled) {
          counts.allowed++;
          assert.equal(res.status, 200, `${p.name}: ${what}`);
          assert.ok(res.text.includes(px.id), `${p.name}: ${what} answers for the partner dataset`);
        } else {
          const unknown = await p.agent.get(path(UNKNOWN_ID, UNKNOWN_SKU));
          assertToldAsUnknown({ ...res, text: unnamed(res.text) }, unknown, `${p.name}: ${what}`);
        }
      }
    // Listings that find products themselves: the partner dataset is simply not among them.
    const snapshot = (await s.api('/application-context')).body.catalogSnapshotVersionId;
    const found: Array<[string, string]> = [
      ['featured products of a public dataset', `/products/${ds.id}/featured-products`],
      ['detail of a public dataset relating to it', `/products/${ds.id}`],
      ['the same detail from the snapshot', `/versions/${snapshot}/products/${ds.id}`],
      [
        'search suggestions',
        `/search/suggestions?searchTerm=${encodeURIComponent(px.name)}&includeSuggestedProducts=true`,
      ],
      ['search', `/search/products?searchTerm=${encodeURIComponent(px.name)}`],
      ['search by its category', '/search/products?searchTerm=partner%20edition'],
      // It shares the public dataset's SIC code, so it is among its similar datasets for those who may see it.
      [
        'recommendations: datasets similar to a public one',
        `/ai/recommendations?recommender=SimilarProducts&anchorValues=${ds.id}`,
      ],
    ];
    for (const p of parties)
      for (const [what, path] of found) {
        counts.tried++;
        const res = await p.agent.api(path);
        assert.equal(res.status, 200, `${p.name}: ${what}: ${res.text.slice(0, 200)}`);
        const named = res.text.includes(px.id) || res.text.includes(px.name);
        assert.equal(named, p.entitled, `${p.name}: ${what} names the partner dataset`);
        if (p.entitled) counts.allowed++;
        else counts.refused++;
      }
  });
});

describe('a Draft category', () => {
  test('search by it, its image and its popular products: as unknown outside preview', async () => {
    const inPreview = (p: (typeof parties)[number]) => p.preview;
    await tryEach(
      (a) => a.api(`/search/products?categoryId=${draft.id}`),
      (a) => a.api('/search/products?categoryId=0ZG000000099999AAA'),
      inPreview,
      'search by category id',
      [draft.id, '0ZG000000099999AAA'],
    );
    await tryEach(
      (a) => a.api(`/search/products?categoryId=${draft.url_name}`),
      (a) => a.api('/search/products?categoryId=no-such-category'),
      inPreview,
      'search by category url name',
      [draft.url_name, 'no-such-category'],
    );
    await tryEach(
      (a) => a.get(`/media/categories/${draft.url_name}.svg`),
      (a) => a.get('/media/categories/no-such-category.svg'),
      inPreview,
      'category image',
    );
    // Refining a search by the Draft category selects what an unknown category selects (nothing).
    const byCategory = (id: string) =>
      `/search/products?searchTerm=directory&refinements=${encodeRefinements([{ nameOrId: SEARCH_FACETS.category, values: [id] }])}`;
    const withoutCorrelation = (text: string) => text.replace(/"correlationId":"[^"]*"/, '');
    for (const p of parties) {
      counts.tried++;
      const res = await p.agent.api(byCategory(draft.id));
      const unknown = await p.agent.api(byCategory('0ZG000000099999AAA'));
      assert.equal(res.status, 200, `${p.name}: refined by the Draft category`);
      if (p.preview) {
        counts.allowed++;
        assert.ok(res.body.productsPage.total > 0, 'preview refines by a Draft category');
      } else {
        counts.refused++;
        assert.equal(
          withoutCorrelation(res.text),
          withoutCorrelation(unknown.text),
          `${p.name}: refined by the Draft category`,
        );
      }
    }
    for (const p of parties.filter((x) => !x.preview)) {
      counts.tried++;
      const res = await p.agent.api(
        `/search/suggestions?searchTerm=&includeSuggestedProducts=true&popularProductsCategoryId=${draft.id}`,
      );
      assert.equal(res.status, 200);
      counts.refused++;
      assert.deepEqual(res.body.suggestedProducts, [], `${p.name}: popular products of a Draft category`);
    }
  });
});

describe('a product filed under a Draft category', () => {
  test('its detail names the Draft category only in preview', async () => {
    const pd = await s.db.db
      .selectFrom('product_category')
      .innerJoin('product', 'product.id', 'product_category.product_id')
      .select(['product.id', 'product.primary_category_id'])
      .where('product_category.category_id', '=', draft.id)
      .executeTakeFirstOrThrow();
    await s.db.db.updateTable('product').set({ primary_category_id: draft.id }).where('id', '=', pd.id).execute();
    await s.catalogueChanged();
    try {
      const snapshot = (await s.api('/application-context')).body.catalogSnapshotVersionId;
      for (const p of parties)
        for (const path of [
          `/products/${pd.id}`,
          `/products?ids=${pd.id}`,
          `/versions/${snapshot}/products/${pd.id}`,
        ]) {
          counts.tried++;
          const res = await p.agent.api(path);
          assert.equal(res.status, 200, `${p.name}: ${path}`);
          assert.equal(res.text.includes(draft.id), p.preview, `${p.name}: ${path} names the Draft category`);
          if (p.preview) counts.allowed++;
          else counts.refused++;
        }
    } finally {
      await s.db.db
        .updateTable('product')
        .set({ primary_category_id: pd.primary_category_id })
        .where('id', '=', pd.id)
        .execute();
      await s.catalogueChanged();
    }
  });
});

describe('content images (CMS media and file-asset paths)', () => {
  test('a Draft image, and a Live one outside its publication window: 200 (never cached) in preview, as unknown for everyone else', async () => {
    const unknownKey = `MC${'Z'.repeat(26)}`;
    const inPreview = (p: (typeof parties)[number]) => p.preview;
    const draft = await insertImageItem(s.db.db, { status: 'Draft', width: 700, height: 350 });
    const ended = await insertImageItem(s.db.db, {
      status: 'Live',
      width: 700,
      height: 350,
      publishEndAt: new Date(Date.now() - 60_000).toISOString(),
    });
    for (const item of [draft, ended]) {
      for (const query of ['', '?width=640'])
        await tryEach(
          (a) => a.get(`${cmsMediaPath(item.contentKey)}${query}`),
          (a) => a.get(`${cmsMediaPath(unknownKey)}${query}`),
          inPreview,
          `content image${query}`,
        );
      await tryEach(
        (a) => a.get(`/sfsites/c/file-asset/${item.urlName}`),
        (a) => a.get('/sfsites/c/file-asset/no-such-image'),
        inPreview,
        'content image by url name',
      );
    }
    // A Live image in its window is everyone's.
    const live = await insertImageItem(s.db.db, { status: 'Live', width: 700, height: 350 });
    for (const p of parties) {
      counts.tried++;
      counts.allowed++;
      assert.equal((await p.agent.get(`${cmsMediaPath(live.contentKey)}?width=640`)).status, 200, p.name);
    }
  });
});

describe('a store closed to guests', () => {
  test('its files are closed to guests as its product calls are, unknown or not; shoppers still get them', async () => {
    const live = await insertImageItem(s.db.db, { status: 'Live', width: 200, height: 100 });
    await withGuestBrowsingOff(s, async () => {
      const guest = s.agent();
      const consumer = parties.find((p) => p.name === 'consumer (Shoppers)')!.agent;
      for (const [known, unknown] of [
        ['/samples/DS-00001.csv', '/samples/DS-99999.csv'],
        ['/media/products/DS-00001.svg', '/media/products/DS-99999.svg'],
        ['/media/products/DS-00001/640.webp', '/media/products/DS-99999/640.webp'],
        ['/media/categories/business-lists.svg', '/media/categories/no-such-category.svg'],
        [cmsMediaPath(live.contentKey), cmsMediaPath(`MC${'Z'.repeat(26)}`)],
      ] as const) {
        counts.tried += 2;
        assertToldAsUnknown(await guest.get(known), await guest.get(unknown), `guest: ${known}`);
        assert.equal((await guest.get(known)).status, 401, known);
        counts.allowed++;
        assert.equal((await consumer.get(known)).status, 200, `consumer: ${known}`);
      }
    });
  });
});

describe('a Draft content page (issue 16)', () => {
  const CONTENT_ROOTS = [
    `/services/data/v65.0/connect/sites/0DM${WEBSTORE_ID.slice(3)}/cms/delivery/contents`,
    `/services/data/v65.0/connect/cms/delivery/channels/0ap${WEBSTORE_ID.slice(3)}/contents`,
  ];
  const UNKNOWN_KEY = 'MCZZZZZZ00000000000000000000';
  test('by key or id, and in the collection: as unknown to everyone but a previewing administrator', async () => {
    const draftId = (
      await s.db.db
        .selectFrom('managed_content')
        .select('id')
        .where('content_key', '=', DEMO_CONTENT.pressPage)
        .executeTakeFirstOrThrow()
    ).id;
    const preview = (p: (typeof parties)[number]) => p.preview;
    for (const root of CONTENT_ROOTS) {
      await tryEach(
        (a) => a.get(`${root}/${DEMO_CONTENT.pressPage}`),
        (a) => a.get(`${root}/${UNKNOWN_KEY}`),
        preview,
        'Draft content by key',
        [DEMO_CONTENT.pressPage, UNKNOWN_KEY],
      );
      await tryEach(
        (a) => a.get(`${root}/${draftId}`),
        (a) => a.get(`${root}/20Y000000009999AAA`),
        preview,
        'Draft content by id',
        [draftId, '20Y000000009999AAA'],
      );
      for (const p of parties) {
        counts.tried++;
        const list = await p.agent.get(`${root}?contentKeys=${DEMO_CONTENT.pressPage}&includeContentBody=true`);
        assert.equal(list.status, 200, p.name);
        const keys = list.body.contents.map((c: { contentKey: string }) => c.contentKey);
        assert.deepEqual(keys, p.preview ? [DEMO_CONTENT.pressPage] : [], `${p.name}: the collection`);
        if (p.preview) counts.allowed++;
        else counts.refused++;
      }
    }
  });
});

describe('POST /activities/{siteId}/{activity} (issue 18)', () => {
  test('an activity naming a dataset the party may not see answers as one naming no dataset (204, no oracle), and each party is recorded as the session says', async () => {
    const px = await s.db.db
      .selectFrom('product')
      .select(['id', 'sku'])
      .where('sku', '=', PX)
      .executeTakeFirstOrThrow();
    const item = (id: string, sku: string) => ({ id, sku, unitPrice: null, listPrice: null });
    for (const p of parties) {
      giveConsent(p.agent);
      counts.tried++;
      const res = await postActivity(p.agent, 'viewProduct', { product: item(px.id, px.sku) });
      assertToldAsUnknown(
        res,
        await postActivity(p.agent, 'viewProduct', { product: item('01t000000099999AAA', 'PX-99999') }),
        `${p.name}: activity`,
      );
      assert.equal(res.status, 204, `${p.name}: ${res.text}`);
      const [row] = await recordedActivities(s, {
        visitor_id: p.agent.cookies.get(ANALYTICS_COOKIE)!,
        product_id: px.id,
      });
      assert.ok(row, `${p.name}: recorded`);
      const session = await p.agent.api('/session-context');
      assert.equal(row?.user_id ?? null, session.body.userId ?? null, `${p.name}: the session's user`);
      assert.equal(row?.account_id ?? null, session.body.effectiveAccountId ?? null, `${p.name}: its account`);
    }
  });
});

describe('the MCP server (/mcp, issue 18): agent tokens and guests', () => {
  test('get_product and search_catalogue of a partner dataset: as for the token’s buyer in the browser, refusals told as unknown', async () => {
    const contoso = await s.db.db
      .selectFrom('account')
      .select('id')
      .where('name', '=', 'Contoso Dental Group')
      .executeTakeFirstOrThrow();
    const withToken = async (name: string) => (await makeAgentToken(parties.find((p) => p.name === name)!.agent)).token;
    const callers = [
      { name: 'guest (no token)', token: undefined, account: undefined, entitled: false },
      { name: 'consumer’s token', token: await withToken('consumer (Shoppers)'), account: undefined, entitled: false },
      {
        name: 'Northwind buyer’s token',
        token: await withToken('buyer for Northwind (Wholesale Partners)'),
        account: undefined,
        entitled: true,
      },
      {
        name: 'the same buyer’s token for Contoso',
        token: await withToken('buyer for Northwind (Wholesale Partners)'),
        account: contoso.id,
        entitled: false,
      },
      { name: 'administrator’s token', token: await withToken('administrator'), account: undefined, entitled: true },
    ];
    const px = await s.db.db.selectFrom('product').select('id').where('sku', '=', PX).executeTakeFirstOrThrow();
    const unknownId = `${px.id.slice(0, 3)}000000999999AAA`;
    for (const c of callers) {
      const client = await mcpClient(s, c.token);
      const args = (idOrSku: string) => ({ idOrSku, effectiveAccountId: c.account });
      for (const [known, unknown] of [
        [px.id, unknownId],
        [PX, 'PX-99999'],
      ] as const) {
        counts.tried++;
        const res = await callTool(client, 'get_product', args(known));
        if (c.entitled) {
          counts.allowed++;
          assert.equal(res.isError, false, `${c.name}: get_product ${known}: ${res.text}`);
          assert.equal(res.json.id, px.id);
        } else {
          counts.refused++;
          const none = await callTool(client, 'get_product', args(unknown));
          assert.equal(res.isError, true, `${c.name}: get_product ${known}`);
          assert.equal(res.text.replaceAll(known, unknown), none.text, `${c.name}: told as unknown`);
        }
      }
      counts.tried++;
      const found = await callTool(client, 'search_catalogue', { term: PX, effectiveAccountId: c.account });
      assert.equal(found.isError, false, found.text);
      assert.equal(
        found.json.products.some((p: { id: string }) => p.id === px.id),
        c.entitled,
        `${c.name}: search lists it only for the entitled`,
      );
      await client.close();
    }
  });

  test('a store closed to guests is closed to a guest’s agent; a buyer’s token still reads', async () => {
    const token = (await makeAgentToken(parties.find((p) => p.name === 'consumer (Shoppers)')!.agent)).token;
    await withGuestBrowsingOff(s, async () => {
      const guest = await mcpClient(s);
      const refused = await callTool(guest, 'search_catalogue', { term: 'dentists' });
      assert.equal(refused.isError, true);
      assert.equal(refused.text, 'Log in to browse this store.');
      const buyer = await mcpClient(s, token);
      assert.equal((await callTool(buyer, 'search_catalogue', { term: 'dentists' })).isError, false);
      await Promise.all([guest.close(), buyer.close()]);
    });
  });
});
