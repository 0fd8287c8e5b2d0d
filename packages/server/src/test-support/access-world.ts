// The access matrix's world (security/access-matrix.test.ts): one shopper (the owner) with everything a
// shopper owns, made through the API as a browser would (a guest cart merged at login, a cart with lines,
// a coupon and a second delivery group, a checkout, a placed order with a download and two subscriptions, an
// address), and the parties who try to reach it. What the owner owns is snapshotted from the database,
// so a refused call can be shown to have changed nothing.
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DEMO_USERS } from '../seed/access.ts';
import { PRICE_BOOK_IDS, SELLING_MODEL_IDS } from '../seed/store.ts';
import { DEMO_COUPONS } from '../seed/promotions.ts';
import { BASE, type Agent, type Reply, type TestServer } from './server.ts';
import { ADDRESS, CONTACT } from './purchase.ts';

export type PartyName = 'owner' | 'account member' | 'other account' | 'guest' | 'logged out';
export interface Party {
  name: PartyName;
  agent: Agent;
}

/** The owner's records the calls name; kept current as the owner's own calls change them. */
export interface World {
  s: TestServer;
  owner: Agent;
  ownerEmail: string;
  userId: string;
  accountId: string;
  guestCartId: string;
  cartId: string;
  itemId: string;
  spareItemId: string;
  couponId: string;
  groupId: string;
  checkoutId: string;
  checkoutCouponId: string;
  addressId: string;
  wishlistId: string;
  wishlistItemId: string;
  orderId: string;
  downloadToken: string;
  /** The order's auto-renew subscription (the one whose renewal can be switched). */
  subscriptionId: string;
  /** One of the owner's agent tokens (issue 18). */
  agentTokenId: string;
  /** The dataset the current case adds (the same for every party). */
  nextProduct: string;
  /** Logs the owner's browser in again (after a logout case). */
  relogin(): Promise<void>;
  /** Datasets the owner may buy, handed out one by one to the lines the cases add. */
  datasets: string[];
  annualProduct: string;
  evergreenProduct: string;
}

const PASSWORD = 'Matrix-2026-pass';
/** A card payment the test gateway accepts. */
export const CARD_PAYMENT = {
  requestType: 'Auth',
  paymentToken: 'tok_test_success_visa_4242',
  billingAddress: ADDRESS,
};

/** Any method on a path under the webstore (or any path when it starts elsewhere), with the CSRF header. */
export function send(a: Agent, method: string, path: string, body?: unknown): Promise<Reply> {
  const url = path.startsWith('/services/') || path.startsWith('/webruntime/') ? path : BASE + path;
  if (method === 'GET') return a.get(url);
  if (method === 'POST') return a.post(url, body);
  if (method === 'PATCH') return a.patch(url, body);
  if (method === 'PUT') return a.put(url, body);
  return a.get(url, { method, headers: { 'x-csrf-token': a.cookies.get('csrf_token') ?? '' } });
}

async function ok(res: Reply, what: string): Promise<Reply> {
  assert.ok(res.status >= 200 && res.status < 300, `${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

function register(s: TestServer, email: string, firstName: string): Promise<Agent> {
  return s.register({ firstName, lastName: 'Matrix', email, password: PASSWORD });
}

async function login(a: Agent, email: string): Promise<Agent> {
  await ok(await a.post('/services/auth/login', { email, password: PASSWORD }), `login ${email}`);
  return a;
}

async function datasetsFor(db: Kysely<Database>): Promise<{ datasets: string[]; annual: string; evergreen: string }> {
  const rows = await db
    .selectFrom('product')
    .innerJoin('price_book_entry', 'price_book_entry.product_id', 'product.id')
    .select(['product.id', 'price_book_entry.selling_model_id'])
    .where('price_book_entry.price_book_id', '=', PRICE_BOOK_IDS.store)
    .where('product.is_active', '=', 1)
    .where('product.fulfilment', '=', 'Dataset')
    .where('product.qty_max', '=', '1')
    .where('product.product_class', 'in', ['Simple', 'Variation'])
    .where('product.sku', 'like', 'DS-%')
    .orderBy('product.sku')
    .execute();
  const annual = rows.find((r) => r.selling_model_id === SELLING_MODEL_IDS.annual)!.id;
  const evergreen = rows.find((r) => r.selling_model_id === SELLING_MODEL_IDS.monthlyRefresh && r.id !== annual)!.id;
  const datasets = [...new Set(rows.filter((r) => r.selling_model_id === null).map((r) => r.id))].filter(
    (id) => id !== annual && id !== evergreen,
  );
  return { datasets: datasets.slice(0, 60), annual, evergreen };
}

/** A line of a dataset not yet used by the world, in the owner's current cart. */
async function addLine(w: World, cart = 'current'): Promise<string> {
  const productId = w.datasets.shift()!;
  const res = await ok(
    await send(w.owner, 'POST', `/carts/${cart}/cart-items`, { productId, quantity: '1', type: 'Product' }),
    'add a line',
  );
  return res.body.cartItemId;
}

/** The owner's current cart with two lines, the coupon and a second delivery group. */
async function freshCart(w: World): Promise<void> {
  w.itemId = await addLine(w);
  w.spareItemId = await addLine(w);
  w.cartId = (await ok(await w.owner.api('/carts/current'), 'cart')).body.cartId;
  w.couponId = (
    await ok(await send(w.owner, 'POST', '/carts/current/cart-coupons', { couponCode: DEMO_COUPONS.welcome }), 'coupon')
  ).body.cartCoupons.coupons[0].cartCouponId;
  w.groupId = (
    await ok(
      await send(w.owner, 'POST', '/carts/current/delivery-groups', {
        name: 'Austin office',
        deliveryAddress: {
          street: '48 Congress Ave',
          city: 'Austin',
          region: 'TX',
          postalCode: '78701',
          country: 'US',
        },
      }),
      'delivery group',
    )
  ).body.id;
}

/** A checkout of the owner's current cart (a line added first when the cart is new), with contact details. */
export async function freshCheckout(w: World, opts: { paid?: boolean } = {}): Promise<void> {
  const cart = (await w.owner.api('/carts/current')).body;
  if (!cart.cartId || cart.totalProductCount === '0') await addLine(w);
  const started = await ok(await send(w.owner, 'PUT', '/checkouts', { cartId: 'active' }), 'checkout');
  w.checkoutId = started.body.checkoutId;
  w.cartId = (await w.owner.api('/carts/current')).body.cartId;
  await ok(await send(w.owner, 'PATCH', `/checkouts/${w.checkoutId}`, { contactInfo: CONTACT }), 'contact');
  await ok(await send(w.owner, 'PATCH', `/checkouts/${w.checkoutId}`, { deliveryAddress: ADDRESS }), 'address');
  if (opts.paid) await pay(w);
}

async function pay(w: World): Promise<void> {
  await ok(await send(w.owner, 'POST', `/checkouts/${w.checkoutId}/payments`, CARD_PAYMENT), 'payment');
}

/** The parties and the owner's world. */
export async function buildWorld(s: TestServer): Promise<{ w: World; parties: Party[] }> {
  const stamp = Date.now().toString(36);
  const ownerEmail = `owner-${stamp}@matrix.example`;
  const memberEmail = `member-${stamp}@matrix.example`;
  // The owner's first browser places an order: a dataset (a download), a term and an auto-renew subscription.
  const first = await register(s, ownerEmail, 'Owner');
  const member = await register(s, memberEmail, 'Member');
  const users = await s.db.db
    .selectFrom('app_user')
    .select(['id', 'email', 'account_id'])
    .where('email', 'in', [ownerEmail, memberEmail])
    .execute();
  const ownerRow = users.find((u) => u.email === ownerEmail)!;
  // Another shopper of the same buyer account: a second user whose own account is the owner's.
  await s.db.db
    .updateTable('app_user')
    .set({ account_id: ownerRow.account_id })
    .where('email', '=', memberEmail)
    .execute();
  const { datasets, annual, evergreen } = await datasetsFor(s.db.db);
  const w = { s, owner: first, ownerEmail, userId: ownerRow.id, accountId: ownerRow.account_id!, datasets } as World;
  w.annualProduct = annual;
  w.evergreenProduct = evergreen;
  await ok(
    await send(first, 'POST', '/carts/current/cart-items', {
      productId: evergreen,
      quantity: '1',
      productSellingModelId: SELLING_MODEL_IDS.monthlyRefresh,
    }),
    'auto-renew subscription line',
  );
  await ok(
    await send(first, 'POST', '/carts/current/cart-items', {
      productId: annual,
      quantity: '1',
      productSellingModelId: SELLING_MODEL_IDS.annual,
      subscriptionTerm: 2,
    }),
    'subscription line',
  );
  await freshCheckout(w, { paid: true });
  w.orderId = (await ok(await send(first, 'POST', `/checkouts/${w.checkoutId}/orders`), 'order')).body.orderSummaryId;
  const links = (await ok(await first.api(`/order-summaries/${w.orderId}/downloads`), 'downloads')).body;
  w.downloadToken = (links.items[0].url as string).split('/downloads/')[1]!;
  const subscriptions = (await ok(await first.api('/subscriptions'), 'subscriptions')).body.items as Array<{
    subscriptionId: string;
    sellingModelType: string;
  }>;
  w.subscriptionId = subscriptions.find((x) => x.sellingModelType === 'Evergreen')!.subscriptionId;
  w.addressId = (
    await ok(
      await send(first, 'POST', '/accounts/current/addresses', { ...ADDRESS, addressType: 'Shipping' }),
      'address',
    )
  ).body.addressId;

  const wishlist = await ok(
    await send(first, 'POST', '/wishlists', { name: 'Reorders', products: [{ productId: datasets.shift() }] }),
    'wishlist',
  );
  w.wishlistId = wishlist.body.summary.id;
  w.wishlistItemId = wishlist.body.page.items[0].wishlistItemId;

  // The owner's browser the cases use: a guest cart first, merged at login (actions/preserve answers for it).
  const owner = s.agent();
  await ok(
    await send(owner, 'POST', '/carts/current/cart-items', { productId: datasets.shift(), quantity: '1' }),
    'guest line',
  );
  w.guestCartId = (await owner.api('/carts/current')).body.cartId;
  w.owner = await login(owner, ownerEmail);
  w.relogin = async () => void (await login(owner, ownerEmail));
  w.agentTokenId = (
    await ok(await send(owner, 'POST', '/agent-tokens', { name: 'Owner’s assistant' }), 'agent token')
  ).body.id;
  await freshCart(w);

  // A session that logged out and replays the cookies it had.
  const loggedOut = await login(s.agent(), ownerEmail);
  const replay = new Map(loggedOut.cookies);
  await ok(await loggedOut.post('/services/auth/logout'), 'logout');
  for (const [k, v] of replay) loggedOut.cookies.set(k, v);

  const other = await s.login(DEMO_USERS.buyer.email);
  const parties: Party[] = [
    { name: 'other account', agent: other },
    { name: 'guest', agent: s.agent() },
    { name: 'logged out', agent: loggedOut },
    { name: 'account member', agent: await login(member, memberEmail) },
    { name: 'owner', agent: owner },
  ];
  return { w, parties };
}

/**
 * Everything the owner owns, as stored: carts and what hangs off them, the account's book and wishlists,
 * orders, subscriptions, the user and its live sessions.
 */
export async function snapshotOf(w: World): Promise<string> {
  const db = w.s.db.db;
  const carts = await db.selectFrom('cart').selectAll().where('owner_user_id', '=', w.userId).orderBy('id').execute();
  const cartIds = carts.map((c) => c.id);
  const byCart = async (table: 'cart_item' | 'cart_coupon' | 'cart_delivery_group' | 'inventory_reservation') =>
    cartIds.length
      ? (await db.selectFrom(table).selectAll().where('cart_id', 'in', cartIds).execute())
          .map((r) => JSON.stringify(r))
          .sort()
      : [];
  const checkouts = cartIds.length
    ? await db.selectFrom('checkout').selectAll().where('cart_id', 'in', cartIds).orderBy('id').execute()
    : [];
  const payments = checkouts.length
    ? await db
        .selectFrom('payment')
        .selectAll()
        .where(
          'checkout_id',
          'in',
          checkouts.map((c) => c.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const orders = await db
    .selectFrom('sales_order')
    .selectAll()
    .where('account_id', '=', w.accountId)
    .orderBy('id')
    .execute();
  const orderIds = orders.map((o) => o.id);
  const wishlists = await db
    .selectFrom('wishlist')
    .selectAll()
    .where('account_id', '=', w.accountId)
    .orderBy('id')
    .execute();
  const wishlistItems = wishlists.length
    ? await db
        .selectFrom('wishlist_item')
        .selectAll()
        .where(
          'wishlist_id',
          'in',
          wishlists.map((l) => l.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const items = orderIds.length
    ? await db.selectFrom('order_item').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute()
    : [];
  return JSON.stringify({
    carts,
    lines: await byCart('cart_item'),
    coupons: await byCart('cart_coupon'),
    groups: await byCart('cart_delivery_group'),
    reservations: await byCart('inventory_reservation'),
    checkouts,
    payments,
    addresses: await db.selectFrom('address').selectAll().where('account_id', '=', w.accountId).orderBy('id').execute(),
    wishlists,
    wishlistItems,
    orders,
    items,
    subscriptions: await db
      .selectFrom('subscription')
      .selectAll()
      .where('account_id', '=', w.accountId)
      .orderBy('id')
      .execute(),
    user: await db.selectFrom('app_user').selectAll().where('id', '=', w.userId).execute(),
    agentTokens: await db.selectFrom('agent_token').selectAll().where('user_id', '=', w.userId).orderBy('id').execute(),
    sessions: await db
      .selectFrom('session')
      .select(['id', 'user_id', 'effective_account_id', 'data_json', 'csrf_token', 'expires_at'])
      .where('user_id', '=', w.userId)
      .orderBy('id')
      .execute(),
  });
}
