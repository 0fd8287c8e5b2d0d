// The workspace's category editing over real HTTP against the real server and database: create, rename, url
// name, description, move (a cycle refused), reorder, Draft/Live and delete-when-empty, each followed by the
// storefront's own answers a guest gets (the menu, the category page, its path). Bad input is a 400 (409 for a
// taken url name, a cycle or a category that is not empty) and changes nothing; every change is audited.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, type Agent, type TestServer } from '../../test-support/server.ts';
import { DEMO_USERS } from '../../seed/access.ts';
import { CATALOGUE_MANAGER } from '../../seed/workspace-users.ts';
import { WORKSPACE_BASE as W } from '../../test-support/workspace-operations.ts';

interface Category {
  id: string;
  name: string;
  urlName: string;
  parentId: string | null;
  depth: number;
  publishStatus: string;
  path: string;
  productCount: number;
  childCount: number;
}

let s: TestServer;
let admin: Agent;
let manager: Agent;
let roots: Category[];

before(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO_USERS.admin.email);
  manager = await s.login(CATALOGUE_MANAGER.email);
  roots = (await categories()).filter((c) => c.depth === 0 && c.publishStatus === 'Live');
});
after(async () => {
  await s?.close();
});

async function categories(): Promise<Category[]> {
  return (await admin.get(`${W}/categories`)).body.items;
}
const labels = (items: any[]): string[] => items.flatMap((i) => [i.label, ...labels(i.subMenu)]);
/** Every label of the menu a guest is shown. */
async function guestMenu(): Promise<string[]> {
  const res = await s.api('/category-menu-items?maxLevels=10&maxItems=500');
  assert.equal(res.status, 200, res.text);
  return labels(res.body.menuItems);
}
const guestPage = (idOrUrl: string) => s.api(`/product-categories/${idOrUrl}`);
const auditOf = async (id: string) =>
  (await admin.get(`${W}/audit-log?recordType=Category&recordId=${id}&sort=occurredAt`)).body.items as any[];

/** A bad request is answered with `status` and `code`, and the categories (and version) stay as they were. */
async function refused(send: () => Promise<{ status: number; body: any; text: string }>, status: number, code: string) {
  const beforeList = JSON.stringify(await categories());
  const version = (await s.db.db.selectFrom('webstore').select('catalog_version').executeTakeFirstOrThrow())
    .catalog_version;
  const res = await send();
  assert.equal(res.status, status, res.text);
  assert.equal(errorOf(res).errorCode, code, res.text);
  assert.equal(JSON.stringify(await categories()), beforeList, 'nothing changed');
  const after = (await s.db.db.selectFrom('webstore').select('catalog_version').executeTakeFirstOrThrow())
    .catalog_version;
  assert.equal(after, version, 'no catalogue version bump');
  return errorOf(res);
}

describe('creating categories', () => {
  test('a new Live category under a public root is in the guest menu and its page answers at once', async () => {
    const res = await admin.post(`${W}/categories`, {
      name: 'Veterinary Clinics',
      parentId: roots[0]!.id,
      description: 'Clinics for pets and farm animals.',
      status: 'Live',
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.urlName, 'veterinary-clinics', 'made from the name');
    assert.equal(res.body.parentId, roots[0]!.id);
    assert.equal(res.body.depth, 1);
    assert.equal(res.body.path, `${roots[0]!.name} › Veterinary Clinics`);
    assert.ok((await guestMenu()).includes('Veterinary Clinics'));
    const page = await guestPage('veterinary-clinics');
    assert.equal(page.status, 200, page.text);
    assert.equal(page.body.fields.Name, 'Veterinary Clinics');
    assert.equal(page.body.fields.Description, 'Clinics for pets and farm animals.');
    const [entry] = await auditOf(res.body.id);
    assert.equal(entry.action, 'create');
    assert.equal(entry.user.email, DEMO_USERS.admin.email);
    assert.equal(entry.after.name, 'Veterinary Clinics');
  });

  test('without a status a new category is Draft: not in the menu, its page 404 for shoppers', async () => {
    const res = await manager.post(`${W}/categories`, { name: 'Equine Vets', parentId: roots[0]!.id });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.publishStatus, 'Draft');
    assert.ok(!(await guestMenu()).includes('Equine Vets'));
    assert.equal((await guestPage('equine-vets')).status, 404);
  });

  test('bad input is a 400 that changes nothing; a taken url name is a 409', async () => {
    await refused(() => admin.post(`${W}/categories`, { name: '   ' }), 400, 'INVALID_API_INPUT');
    await refused(() => admin.post(`${W}/categories`, { parentId: roots[0]!.id }), 400, 'INVALID_API_INPUT');
    const slug = await refused(
      () => admin.post(`${W}/categories`, { name: 'Cats', urlName: 'Cats & Dogs' }),
      400,
      'INVALID_API_INPUT',
    );
    assert.match(slug.message, /lowercase letters and digits/);
    await refused(
      () => admin.post(`${W}/categories`, { name: 'Cats', urlName: 'cats--dogs' }),
      400,
      'INVALID_API_INPUT',
    );
    await refused(() => admin.post(`${W}/categories`, { name: '★★★' }), 400, 'INVALID_API_INPUT');
    await refused(
      () => admin.post(`${W}/categories`, { name: 'Cats', parentId: '0ZG999999999999AAA' }),
      400,
      'INVALID_API_INPUT',
    );
    await refused(() => admin.post(`${W}/categories`, { name: 'Cats', parentId: 'nope' }), 400, 'INVALID_API_INPUT');
    await refused(() => admin.post(`${W}/categories`, { name: 'Cats', sortOrder: 3 }), 400, 'INVALID_API_INPUT');
    const taken = await refused(
      () => admin.post(`${W}/categories`, { name: 'Vets again', urlName: 'veterinary-clinics' }),
      409,
      'DUPLICATE_VALUE',
    );
    assert.match(taken.message, /veterinary-clinics is already used by the category Veterinary Clinics/);
    await refused(
      () => admin.post(`${W}/categories`, { name: 'Clash', urlName: roots[1]!.urlName.toLowerCase() }),
      409,
      'DUPLICATE_VALUE',
    );
  });
});

describe('changing categories', () => {
  let parent: Category;
  let child: Category;

  before(async () => {
    parent = (await admin.post(`${W}/categories`, { name: 'Pet Services', parentId: roots[0]!.id, status: 'Live' }))
      .body;
    child = (await admin.post(`${W}/categories`, { name: 'Groomers', parentId: parent.id, status: 'Live' })).body;
  });

  test('Draft takes the category and its subtree out of the menu and their pages 404; Live brings them back', async () => {
    assert.ok((await guestMenu()).includes('Groomers'));
    const draft = await admin.patch(`${W}/categories/${parent.id}`, { status: 'Draft' });
    assert.equal(draft.status, 200, draft.text);
    assert.equal(draft.body.publishStatus, 'Draft');
    const menu = await guestMenu();
    assert.ok(!menu.includes('Pet Services') && !menu.includes('Groomers'));
    assert.equal((await guestPage(parent.urlName)).status, 404);
    assert.equal((await guestPage(child.id)).status, 404, 'the subtree goes with it');
    assert.equal((await s.api(`/product-category-path/product-categories/${child.id}`)).status, 404);

    assert.equal((await admin.patch(`${W}/categories/${parent.id}`, { status: 'Live' })).status, 200);
    assert.ok((await guestMenu()).includes('Groomers'));
    assert.equal((await guestPage(child.urlName)).status, 200);
  });

  test('rename, url name and description: the page answers at the new address only', async () => {
    const res = await manager.patch(`${W}/categories/${child.id}`, {
      name: 'Pet Groomers',
      urlName: 'pet-groomers',
      description: 'Grooming salons.',
    });
    assert.equal(res.status, 200, res.text);
    const page = await guestPage('pet-groomers');
    assert.equal(page.status, 200);
    assert.equal(page.body.fields.Name, 'Pet Groomers');
    assert.equal(page.body.fields.Description, 'Grooming salons.');
    assert.equal((await guestPage(child.urlName)).status, 404, 'the old url name is gone');
    assert.ok((await guestMenu()).includes('Pet Groomers'));
    const [, entry] = (await auditOf(child.id)).filter((e) => e.action !== 'reorder');
    assert.equal(entry.action, 'update');
    assert.equal(entry.user.email, CATALOGUE_MANAGER.email);
    assert.equal(entry.before.name, 'Groomers');
    assert.equal(entry.after.name, 'Pet Groomers');
    child = res.body;
  });

  test('a taken url name, an unknown category or an empty change is refused and changes nothing', async () => {
    await refused(
      () => admin.patch(`${W}/categories/${child.id}`, { urlName: parent.urlName }),
      409,
      'DUPLICATE_VALUE',
    );
    await refused(
      () => admin.patch(`${W}/categories/${child.id}`, { urlName: 'Pet_Groomers' }),
      400,
      'INVALID_API_INPUT',
    );
    await refused(() => admin.patch(`${W}/categories/${child.id}`, {}), 400, 'INVALID_API_INPUT');
    await refused(() => admin.patch(`${W}/categories/${child.id}`, { status: 'Hidden' }), 400, 'INVALID_API_INPUT');
    await refused(() => admin.patch(`${W}/categories/0ZG999999999999AAA`, { name: 'X' }), 404, 'NOT_FOUND');
  });

  test('move: the subtree follows under its new parent; a move under itself or its own subtree is a 409', async () => {
    const moved = await admin.patch(`${W}/categories/${parent.id}`, { parentId: roots[1]!.id });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.path, `${roots[1]!.name} › Pet Services`);
    const list = await categories();
    assert.equal(list.find((c) => c.id === child.id)!.depth, 2, 'the child moved along');
    const path = await s.api(`/product-category-path/product-categories/${child.id}`);
    assert.equal(path.status, 200, path.text);
    assert.deepEqual(
      path.body.path.map((p: { name: string }) => p.name),
      [roots[1]!.name, 'Pet Services', 'Pet Groomers'],
    );

    const cycle = await refused(
      () => admin.patch(`${W}/categories/${parent.id}`, { parentId: child.id }),
      409,
      'CATEGORY_CYCLE',
    );
    assert.match(cycle.message, /inside it/);
    await refused(() => admin.patch(`${W}/categories/${parent.id}`, { parentId: parent.id }), 409, 'CATEGORY_CYCLE');

    const top = await admin.patch(`${W}/categories/${child.id}`, { parentId: null });
    assert.equal(top.status, 200, top.text);
    assert.equal(top.body.depth, 0);
    assert.equal((await admin.patch(`${W}/categories/${child.id}`, { parentId: parent.id })).status, 200);
  });

  test('reorder: the siblings take the order given, in the workspace and in the menu', async () => {
    const under = (list: Category[]) => list.filter((c) => c.parentId === roots[0]!.id).map((c) => c.id);
    const now = under(await categories());
    assert.ok(now.length >= 2);
    const reversed = [...now].reverse();
    const res = await admin.post(`${W}/categories/actions/reorder`, { parentId: roots[0]!.id, categoryIds: reversed });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(under(await categories()), reversed);
    const menu = (await s.api('/category-menu-items?maxLevels=2&maxItems=500')).body.menuItems;
    const shown = menu
      .find((m: any) => m.label === roots[0]!.name)
      .subMenu.map((m: any) => m.pageReference.attributes.recordId);
    assert.deepEqual(
      shown,
      reversed.filter((id) => shown.includes(id)),
      'the menu lists them in the new order',
    );

    await refused(
      () => admin.post(`${W}/categories/actions/reorder`, { parentId: roots[0]!.id, categoryIds: reversed.slice(1) }),
      400,
      'INVALID_API_INPUT',
    );
    await refused(
      () =>
        admin.post(`${W}/categories/actions/reorder`, {
          parentId: roots[0]!.id,
          categoryIds: [...reversed.slice(1), reversed[1]],
        }),
      400,
      'INVALID_API_INPUT',
    );
    await refused(
      () => admin.post(`${W}/categories/actions/reorder`, { parentId: null, categoryIds: reversed }),
      400,
      'INVALID_API_INPUT',
    );
  });
});

describe('deleting categories', () => {
  test('a category with a product or a subcategory is a 409 saying what is in it; an empty one goes', async () => {
    const holder = (await admin.post(`${W}/categories`, { name: 'Kennels', parentId: roots[0]!.id, status: 'Live' }))
      .body as Category;
    const inner = (await admin.post(`${W}/categories`, { name: 'Boarding Kennels', parentId: holder.id }))
      .body as Category;
    const product = await admin.post(`${W}/products`, {
      sku: 'WS-KENNEL-1',
      name: 'Kennel Owners',
      status: 'Live',
      categoryIds: [inner.id],
    });
    assert.equal(product.status, 201, product.text);

    const withChild = await refused(() => admin.delete(`${W}/categories/${holder.id}`), 409, 'CATEGORY_NOT_EMPTY');
    assert.equal(withChild.message, "Kennels can't be deleted: it holds 1 subcategory. Move or remove them first.");
    const withProduct = await refused(() => admin.delete(`${W}/categories/${inner.id}`), 409, 'CATEGORY_NOT_EMPTY');
    assert.equal(
      withProduct.message,
      "Boarding Kennels can't be deleted: it holds 1 product. Move or remove them first.",
    );

    // Moving the product out empties the category.
    assert.equal((await admin.patch(`${W}/products/${product.body.id}`, { categoryIds: [holder.id] })).status, 200);
    const gone = await admin.delete(`${W}/categories/${inner.id}`);
    assert.equal(gone.status, 204, gone.text);
    assert.ok(!(await categories()).some((c) => c.id === inner.id));
    assert.equal((await guestPage(inner.id)).status, 404);
    const [, entry] = await auditOf(inner.id);
    assert.equal(entry.action, 'delete');
    assert.equal(entry.before.name, 'Boarding Kennels');

    await refused(() => admin.delete(`${W}/categories/${inner.id}`), 404, 'NOT_FOUND');
    await refused(() => admin.delete(`${W}/categories/not-an-id`), 400, 'INVALID_ID_FIELD');
  });
});
