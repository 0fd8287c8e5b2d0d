// Wishlist API tests' helpers (modules/wishlists*.test.ts): a buyer's calls as one account, the demo
// accounts by name, and the products the tests put on lists.
import assert from 'node:assert/strict';
import { DEMO_USERS } from '../seed/access.ts';
import { BASE, type Agent, type Reply, type TestServer } from './server.ts';

export interface AccountCalls {
  get(path: string): Promise<Reply>;
  post(path: string, body?: unknown): Promise<Reply>;
  patch(path: string, body: unknown): Promise<Reply>;
  del(path: string): Promise<Reply>;
}

/** Calls under the webstore as `account` (effectiveAccountId), or as the session's account when none is named. */
export function actingFor(a: Agent, account?: string): AccountCalls {
  const q = (path: string) =>
    account ? `${path}${path.includes('?') ? '&' : '?'}effectiveAccountId=${account}` : path;
  return {
    get: (path) => a.api(q(path)),
    post: (path, body) => a.post(BASE + q(path), body),
    patch: (path, body) => a.patch(BASE + q(path), body),
    del: (path) => a.delete(BASE + q(path)),
  };
}

/** The demo accounts' ids by name. */
export async function demoAccounts(s: TestServer) {
  const rows = await s.db.db.selectFrom('account').select(['id', 'name']).execute();
  const id = (name: string) => rows.find((r) => r.name === name)!.id;
  return {
    northwind: id('Northwind Traders'),
    contoso: id('Contoso Dental Group'),
    fabrikam: id('Fabrikam Research'),
    tailspin: id('Tailspin Analytics'),
  };
}

export type DemoAccounts = Awaited<ReturnType<typeof demoAccounts>>;

export interface Product {
  id: string;
  sku: string;
  name: string;
}

/** Active products by SKU pattern and extra conditions, in SKU order. */
export async function productsLike(
  s: TestServer,
  filter: { sku?: string; qtyMin?: string; productClass?: string; fulfilment?: string },
  n = 1,
): Promise<Product[]> {
  let q = s.db.db.selectFrom('product').select(['id', 'sku', 'name']).where('is_active', '=', 1).orderBy('sku');
  if (filter.sku) q = q.where('sku', 'like', filter.sku);
  if (filter.qtyMin) q = q.where('qty_min', '=', filter.qtyMin);
  if (filter.productClass) q = q.where('product_class', '=', filter.productClass);
  if (filter.fulfilment) q = q.where('fulfilment', '=', filter.fulfilment);
  const rows = await q.execute();
  assert.ok(rows.length >= n, `need ${n} products like ${JSON.stringify(filter)}`);
  return rows.slice(0, n);
}

export async function productBySku(s: TestServer, sku: string): Promise<Product> {
  return (await productsLike(s, { sku }))[0]!;
}

/** A printed directory with no stock left (the carts' own test finds one the same way). */
export async function outOfStockPrinted(s: TestServer): Promise<Product> {
  const levels = await s.db.db
    .selectFrom('inventory_level')
    .innerJoin('product', 'product.id', 'inventory_level.product_id')
    .select(['product.id', 'product.sku', 'product.name', 'inventory_level.on_hand', 'inventory_level.reserved'])
    .where('product.is_active', '=', 1)
    .where('product.product_class', '=', 'Simple')
    .execute();
  const stock = new Map<string, { p: Product; n: number }>();
  for (const l of levels) {
    const seen = stock.get(l.id) ?? { p: { id: l.id, sku: l.sku, name: l.name }, n: 0 };
    seen.n += Math.max(0, l.on_hand - l.reserved);
    stock.set(l.id, seen);
  }
  const empty = [...stock.values()].find((x) => x.n === 0);
  assert.ok(empty, 'a printed directory out of stock');
  return empty.p;
}

export const pause = (ms = 5) => new Promise((r) => setTimeout(r, ms));

/** The demo B2B buyer, logged in, with calls as Contoso and as Northwind (two of the accounts they act for). */
export async function demoBuyer(s: TestServer) {
  const accounts = await demoAccounts(s);
  const buyer = await s.login(DEMO_USERS.buyer.email);
  return {
    accounts,
    buyer,
    contoso: actingFor(buyer, accounts.contoso),
    northwind: actingFor(buyer, accounts.northwind),
  };
}

/** POST wishlists with these products, which must succeed (201); the Wishlist answered. */
export async function makeList(as: AccountCalls, name: string, products: Product[] = []) {
  const res = await as.post('/wishlists', { name, products: products.map((p) => ({ productId: p.id })) });
  assert.equal(res.status, 201, res.text);
  return res.body;
}
