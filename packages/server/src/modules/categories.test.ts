import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, startTestServer, errorOf, type TestServer } from '../test-support/server.ts';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

const deepest = async () =>
  s.db.db
    .selectFrom('category')
    .selectAll()
    .where('publish_status', '=', 'Live')
    .orderBy('depth', 'desc')
    .orderBy('id')
    .executeTakeFirstOrThrow();

describe('categories', () => {
  test('roots, then children of a root, with names in fields', async () => {
    const roots = await s.api('/product-categories/children');
    assert.equal(roots.status, 200);
    assert.ok(roots.body.productCategories.length >= 2);
    const root = roots.body.productCategories[0];
    assert.match(root.id, /^0ZG/);
    assert.ok(root.fields.Name);
    const kids = await s.api(`/product-categories/children?parentProductCategoryId=${root.id}`);
    assert.ok(kids.body.productCategories.length > 0);
    assert.ok(kids.body.productCategories.every((c: any) => c.fields.ParentCategoryId === root.id));
  });

  test('detail by id and by url name', async () => {
    const leaf = await deepest();
    const byId = await s.api(`/product-categories/${leaf.id}`);
    assert.equal(byId.status, 200);
    assert.equal(byId.body.fields.Name, leaf.name);
    const byName = await s.api(`/product-categories/${leaf.url_name}`);
    assert.equal(byName.body.id, leaf.id);
    const missing = await s.api('/product-categories/0ZG999999999999AAA');
    assert.equal(missing.status, 404);
    assert.equal(errorOf(missing).errorCode, 'NOT_FOUND');
  });

  test('the category path runs from the root to the category, in both forms', async () => {
    const leaf = await deepest();
    assert.ok(leaf.depth >= 2, 'the tree is at least three levels deep');
    const res = await s.api(`/product-category-path/product-categories/${leaf.id}`);
    assert.equal(res.body.path.length, leaf.depth + 1);
    assert.equal(res.body.path.at(-1).id, leaf.id);
    assert.equal(res.body.path[0].urlName.length > 0, true);
    const snap = (await s.api('/application-context')).body.catalogSnapshotVersionId;
    const versioned = await s.api(`/versions/${snap}/product-categories/${leaf.id}/product-category-path`);
    assert.deepEqual(versioned.body, res.body);
  });
});

describe('category-menu-items', () => {
  const labels = (items: any[]): string[] => items.flatMap((i) => [i.label, ...labels(i.subMenu)]);
  const depth = (items: any[]): number => items.reduce((d, i) => Math.max(d, 1 + depth(i.subMenu)), 0);

  test('builds a menu from the tree honouring maxLevels and maxItems', async () => {
    const one = await s.api('/category-menu-items?maxLevels=1');
    assert.equal(depth(one.body.menuItems), 1);
    const three = await s.api('/category-menu-items?maxLevels=3');
    assert.equal(depth(three.body.menuItems), 3);
    const few = await s.api('/category-menu-items?maxLevels=2&maxItems=2');
    assert.ok(few.body.menuItems.length <= 2);
    assert.ok(few.body.menuItems.every((i: any) => i.subMenu.length <= 2));
    const item = three.body.menuItems[0];
    assert.equal(item.actionType, 'InternalLink');
    assert.match(item.actionValue, /^\/category\//);
    assert.equal(item.imageUrl, null);
  });

  test('addHomeMenuItem puts Home first; includeImageUrl fills image urls', async () => {
    const res = await s.api('/category-menu-items?addHomeMenuItem=true&includeImageUrl=true');
    assert.equal(res.body.menuItems[0].label, 'Home');
    assert.equal(res.body.menuItems[0].actionValue, '/');
    assert.ok(res.body.menuItems.slice(1).some((i: any) => typeof i.imageUrl === 'string'));
  });

  test('Live hides Draft categories; only preview (the administrator) sees Draft, by default', async () => {
    const draft = await s.db.db
      .selectFrom('category')
      .selectAll()
      .where('publish_status', '=', 'Draft')
      .executeTakeFirstOrThrow();
    const menu = '/category-menu-items?maxLevels=5&maxItems=500';
    const live = labels((await s.api(menu)).body.menuItems);
    assert.ok(!live.includes(draft.name));
    assert.ok(
      !labels((await s.api(`${menu}&publishStatus=Draft`)).body.menuItems).includes(draft.name),
      'asking for Draft outside preview still gets Live',
    );
    assert.equal(
      (await s.api(`/product-categories/${draft.id}`)).status,
      404,
      'a draft category is not served outside preview',
    );

    const admin = await s.login('admin@datadepot.example');
    assert.ok(
      !labels((await admin.api(menu)).body.menuItems).includes(draft.name),
      'the administrator outside preview sees Live',
    );
    assert.equal((await admin.patch(`${BASE}/session-context`, { isPreview: true })).body.isPreview, true);
    assert.ok(labels((await admin.api(menu)).body.menuItems).includes(draft.name), 'preview defaults to Draft');
    assert.ok(
      !labels((await admin.api(`${menu}&publishStatus=Live`)).body.menuItems).includes(draft.name),
      'preview may ask for Live',
    );
    assert.equal((await admin.api(`/product-categories/${draft.id}`)).status, 200, 'preview serves draft categories');
  });

  test('bad parameters are 400s', async () => {
    for (const q of ['maxLevels=0', 'maxLevels=abc', 'publishStatus=Published', 'maxItems=-1', 'addHomeMenuItem=yes']) {
      const res = await s.api(`/category-menu-items?${q}`);
      assert.equal(res.status, 400, q);
      assert.equal(errorOf(res).errorCode, 'INVALID_API_INPUT');
    }
  });
});

describe('search/products by category (browse)', () => {
  test('lists the products of a category subtree with paging', async () => {
    const root = (await s.api('/product-categories/children')).body.productCategories[0];
    const res = await s.api(`/search/products?categoryId=${root.id}&pageSize=5`);
    assert.equal(res.status, 200);
    assert.equal(res.body.productsPage.products.length, 5);
    assert.ok(res.body.productsPage.total > 5);
    assert.ok(res.body.productsPage.products[0].fields.Name.value);
  });

  test('needs a categoryId or a searchTerm', async () => {
    const res = await s.api('/search/products');
    assert.equal(res.status, 400);
    assert.match(errorOf(res).message, /Either the categoryId or the searchTerm property must be defined/);
  });
});
