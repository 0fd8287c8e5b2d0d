// The access matrix of the accounts issue, over real HTTP: who may see which account, catalogue and
// price, and proof that a refused call changes nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { DEMO_USERS, PARTNER_CATEGORY_URL } from '../seed/access.ts';
import { PRICE_BOOK_IDS } from '../seed/store.ts';
import { minorUnitsToDecimal } from '@store/core';

let s: TestServer;
let guest: Agent;
let consumer: Agent;
let buyer: Agent;
let admin: Agent;
const account: Record<string, string> = {};
let dataset: string;
let partnerProduct: string;

const names = (items: any[]): string[] => items.flatMap((i) => [i.label, ...names(i.subMenu ?? [])]);

before(async () => {
  s = await startTestServer();
  for (const a of await s.db.db.selectFrom('account').select(['id', 'name']).execute()) account[a.name] = a.id;
  dataset = (await s.db.db.selectFrom('product').select('id').where('sku', '=', 'DS-00001').executeTakeFirstOrThrow())
    .id;
  partnerProduct = (
    await s.db.db.selectFrom('product').select('id').where('sku', '=', 'PX-00001').executeTakeFirstOrThrow()
  ).id;
  guest = s.agent();
  [consumer, buyer, admin] = await Promise.all([
    s.login(DEMO_USERS.consumer.email),
    s.login(DEMO_USERS.buyer.email),
    s.login(DEMO_USERS.admin.email),
  ]);
});
after(async () => {
  await s?.close();
});

/** The price book an answer's negotiated price came from. */
async function bookOf(priceBody: any): Promise<string> {
  const entry = await s.db.db
    .selectFrom('price_book_entry')
    .select(['price_book_id', 'unit_price_minor'])
    .where('id', '=', priceBody.pricebookEntryId)
    .executeTakeFirstOrThrow();
  assert.equal(priceBody.unitPrice, minorUnitsToDecimal(entry.unit_price_minor), 'the unit price is the entry price');
  return entry.price_book_id;
}

describe('session context by persona', () => {
  test('guest, consumer, buyer and administrator', async () => {
    const g = (await guest.api('/session-context')).body;
    assert.equal(g.guestUser, true);
    assert.equal(g.isLoggedIn, false);
    assert.equal(g.userId, null);
    assert.equal(g.effectiveAccountId, null);

    const c = (await consumer.api('/session-context')).body;
    assert.deepEqual(
      [c.isLoggedIn, c.guestUser, c.userName, c.accountName, c.effectiveAccountName],
      [true, false, 'Casey', 'Casey Jordan', 'Casey Jordan'],
    );
    assert.deepEqual(
      c.buyerGroups.map((b: any) => b.name),
      ['Shoppers'],
    );
    assert.equal(c.profile.email, DEMO_USERS.consumer.email);
    assert.equal(typeof c.idleTimeoutSeconds, 'number');

    const b = (await buyer.api('/session-context')).body;
    assert.deepEqual(
      [b.userName, b.accountId, b.effectiveAccountId, b.effectiveAccountName],
      ['Morgan', account['Northwind Traders'], account['Northwind Traders'], 'Northwind Traders'],
    );
    assert.deepEqual(
      b.buyerGroups.map((x: any) => x.name),
      ['Wholesale Partners'],
    );

    const a = (await admin.api('/session-context')).body;
    assert.equal(a.userId, '1', 'the administrator is userId 1 (spec 03 §2.2)');
    assert.equal(a.isPreview, false);
  });

  test('the all-zero 15-character account id is ignored', async () => {
    assert.equal((await guest.api('/session-context?effectiveAccountId=000000000000000')).status, 200);
    const b = (await buyer.api('/session-context?effectiveAccountId=000000000000000')).body;
    assert.equal(b.effectiveAccountId, account['Northwind Traders']);
  });
});

describe('account-scoped calls: the matrix', () => {
  // [persona, effectiveAccountId, expected status, expected price book or null]
  const rows = (): Array<[string, Agent, string | undefined, number, string | null]> => [
    ['guest', guest, undefined, 200, PRICE_BOOK_IDS.store],
    ['guest naming an account', guest, account['Northwind Traders'], 403, null],
    ['consumer', consumer, undefined, 200, PRICE_BOOK_IDS.store],
    ['consumer naming own account', consumer, account['Casey Jordan'], 200, PRICE_BOOK_IDS.store],
    ['consumer naming a business account', consumer, account['Contoso Dental Group'], 403, null],
    ['buyer for own account', buyer, account['Northwind Traders'], 200, PRICE_BOOK_IDS.wholesale],
    ['buyer for Contoso', buyer, account['Contoso Dental Group'], 200, PRICE_BOOK_IDS.store],
    ['buyer for Fabrikam', buyer, account['Fabrikam Research'], 200, PRICE_BOOK_IDS.store],
    [
      'buyer for Fabrikam (15-character id)',
      buyer,
      account['Fabrikam Research']!.slice(0, 15),
      200,
      PRICE_BOOK_IDS.store,
    ],
    ['buyer naming an unmanaged account', buyer, account['Tailspin Analytics'], 403, null],
    ['buyer naming an unknown account', buyer, '001000000009999AAA', 403, null],
    ['administrator', admin, undefined, 200, PRICE_BOOK_IDS.wholesale],
    ['administrator naming the buyer account', admin, account['Northwind Traders'], 403, null],
  ];

  test('session context, pricing, product, taxes, category menu, children and search answer per persona', async () => {
    for (const [who, agent, id, status, book] of rows()) {
      const q = id ? `effectiveAccountId=${id}` : '';
      const calls = [
        `/session-context?${q}`,
        `/pricing/products/${dataset}?${q}`,
        `/products/${dataset}?${q}`,
        `/taxes/products/${dataset}?${q}`,
        `/category-menu-items?${q}`,
        `/product-categories/children?${q}`,
        `/search/products?categoryId=business-lists&${q}`,
        `/pricing/products?productIds=${dataset}&${q}`,
      ];
      for (const call of calls) {
        const res = await agent.api(call);
        assert.equal(res.status, status, `${who}: ${call}`);
        if (status === 403) assert.equal(errorOf(res).errorCode, 'INSUFFICIENT_ACCESS', `${who}: ${call}`);
      }
      if (book)
        assert.equal(
          await bookOf((await agent.api(`/pricing/products/${dataset}?${q}`)).body),
          book,
          `${who}: negotiated price book`,
        );
    }
  });

  test('partner exclusives are visible only to accounts entitled to them', async () => {
    const cases: Array<[string, Agent, string | undefined, boolean]> = [
      ['guest', guest, undefined, false],
      ['consumer', consumer, undefined, false],
      ['buyer for Northwind (Wholesale Partners)', buyer, account['Northwind Traders'], true],
      ['buyer for Contoso', buyer, account['Contoso Dental Group'], false],
      ['administrator', admin, undefined, true],
    ];
    for (const [who, agent, id, sees] of cases) {
      const q = id ? `?effectiveAccountId=${id}` : '';
      const amp = id ? `&effectiveAccountId=${id}` : '';
      assert.equal((await agent.api(`/products/${partnerProduct}${q}`)).status, sees ? 200 : 404, `${who}: product`);
      assert.equal(
        (await agent.api(`/pricing/products/${partnerProduct}${q}`)).status,
        sees ? 200 : 404,
        `${who}: price`,
      );
      assert.equal(
        (await agent.api(`/product-categories/${PARTNER_CATEGORY_URL}${q}`)).status,
        sees ? 200 : 404,
        `${who}: category`,
      );
      assert.equal(
        names((await agent.api(`/category-menu-items?maxLevels=1${amp}`)).body.menuItems).includes(
          'Partner Exclusives',
        ),
        sees,
        `${who}: menu`,
      );
      const batch = (await agent.api(`/products?skus=PX-00001,DS-00001${amp}`)).body.products;
      assert.deepEqual(
        batch.map((p: any) => p.success),
        [sees, true],
        `${who}: batch`,
      );
      const search = await agent.api(`/search/products?categoryId=${PARTNER_CATEGORY_URL}${amp}`);
      assert.equal(search.status, sees ? 200 : 400, `${who}: browse`);
      if (sees) assert.equal(search.body.productsPage.total, 3);
    }
  });
});

describe('managed accounts', () => {
  test('external-managed-accounts lists what each persona may act for', async () => {
    const list = async (agent: Agent, mine: boolean) =>
      (await agent.api(`/external-managed-accounts?includeMyAccount=${mine}`)).body.externalManagedAccounts;
    const g = await guest.api('/external-managed-accounts?includeMyAccount=true');
    assert.equal(g.status, 403);
    assert.equal(errorOf(g).errorCode, 'INSUFFICIENT_ACCESS');
    assert.deepEqual(
      (await list(consumer, true)).map((a: any) => [a.accountName, a.isMyAccount]),
      [['Casey Jordan', true]],
    );
    assert.deepEqual(await list(consumer, false), []);
    const mine = await list(buyer, true);
    assert.deepEqual(
      mine.map((a: any) => [a.accountName, a.isMyAccount]),
      [
        ['Northwind Traders', true],
        ['Contoso Dental Group', false],
        ['Fabrikam Research', false],
      ],
    );
    assert.deepEqual(mine[0].address, {
      street: '1200 Harbor Blvd',
      city: 'Seattle',
      state: 'WA',
      zip: '98101',
      country: 'US',
    });
    assert.deepEqual(
      (await list(buyer, false)).map((a: any) => a.accountName),
      ['Contoso Dental Group', 'Fabrikam Research'],
    );
    assert.deepEqual(
      (await list(admin, true)).map((a: any) => a.accountName),
      ['Data Depot'],
    );
  });

  test('effective-accounts answers for managed accounts only', async () => {
    const ok = await buyer.api(`/effective-accounts/${account['Contoso Dental Group']}?fields=Name,BillingCity`);
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body.fields, { Name: 'Contoso Dental Group', BillingCity: 'Austin' });
    assert.equal(ok.body.isMyAccount, false);
    for (const [agent, id] of [
      [buyer, account['Tailspin Analytics']],
      [consumer, account['Contoso Dental Group']],
      [guest, account['Casey Jordan']],
    ] as const) {
      const res = await agent.api(`/effective-accounts/${id}`);
      assert.equal(res.status, 403);
      assert.equal(errorOf(res).errorCode, 'INSUFFICIENT_ACCESS');
    }
    assert.equal(errorOf(await buyer.api('/effective-accounts/not-an-id')).errorCode, 'INVALID_ID_FIELD');
  });

  test('switching account changes the session context and prices; a refused switch changes nothing', async () => {
    const me = await s.login(DEMO_USERS.buyer.email);
    const priceBook = async () => bookOf((await me.api(`/pricing/products/${dataset}`)).body);
    assert.equal(await priceBook(), PRICE_BOOK_IDS.wholesale);

    const switched = await me.patch(`${BASE}/session-context`, { effectiveAccountId: account['Contoso Dental Group'] });
    assert.equal(switched.status, 200);
    assert.deepEqual(
      [switched.body.effectiveAccountId, switched.body.effectiveAccountName],
      [account['Contoso Dental Group'], 'Contoso Dental Group'],
    );
    assert.equal(
      (await me.api('/session-context')).body.effectiveAccountName,
      'Contoso Dental Group',
      'the choice is kept in the session',
    );
    assert.equal(await priceBook(), PRICE_BOOK_IDS.store);

    for (const body of [
      { effectiveAccountId: account['Tailspin Analytics'] },
      { effectiveAccountId: account['Fabrikam Research'], isPreview: true },
    ]) {
      const refused = await me.patch(`${BASE}/session-context`, body);
      assert.equal(refused.status, 403, JSON.stringify(body));
      assert.equal(errorOf(refused).errorCode, 'INSUFFICIENT_ACCESS');
    }
    const after = (await me.api('/session-context')).body;
    assert.deepEqual(
      [after.effectiveAccountName, after.isPreview],
      ['Contoso Dental Group', false],
      'refused switches changed nothing',
    );
    assert.equal(await priceBook(), PRICE_BOOK_IDS.store);

    const bad = await me.patch(`${BASE}/session-context`, { effectiveAccountId: 'nope' });
    assert.equal(bad.status, 400);
    const currency = await me.patch(`${BASE}/session-context`, { currencyIsoCode: 'EUR' });
    assert.equal(currency.status, 400, 'the store does not let the session choose a currency');

    // Access withdrawn while logged in: the session falls back to the user's own account.
    await s.db.db
      .deleteFrom('user_managed_account')
      .where('account_id', '=', account['Contoso Dental Group']!)
      .execute();
    try {
      assert.equal((await me.api('/session-context')).body.effectiveAccountName, 'Northwind Traders');
    } finally {
      const buyerRow = await s.db.db
        .selectFrom('app_user')
        .select('id')
        .where('email', '=', DEMO_USERS.buyer.email)
        .executeTakeFirstOrThrow();
      await s.db.db
        .insertInto('user_managed_account')
        .values({ user_id: buyerRow.id, account_id: account['Contoso Dental Group']! })
        .execute();
    }
  });

  test('a guest cannot change a session', async () => {
    const res = await guest.patch(`${BASE}/session-context`, { effectiveAccountId: account['Casey Jordan'] });
    assert.equal(res.status, 403);
  });
});

describe('application context', () => {
  test('usesSingleEntitlementPolicy follows the policies (the demo has two)', async () => {
    assert.equal((await guest.api('/application-context')).body.usesSingleEntitlementPolicy, false);
  });
});
