// Which API operations read or change something a shopper owns, and how the access matrix
// (security/access-matrix.test.ts) calls each one on the owner's records. The operations come from the
// OpenAPI document: one whose path looks owned (cart, checkout, order, address, subscription, list,
// download, session, account, workspace…) and is neither here nor in NOT_OWNED fails the matrix, so a
// new operation cannot slip past it unclassified.
//
// Who may use what (spec 01 §1, 02; NOTES "Cart" and "Checkout"): a cart and its checkout belong to one
// user acting for one account; what the account holds (its address book, orders and their downloads,
// subscriptions, the account itself) is shared by the users who act for it.
import { DEMO_COUPONS } from '../seed/promotions.ts';
import type { Reply } from './server.ts';
import { CARD_PAYMENT, type World, freshCheckout, send } from './access-world.ts';
import { ADDRESS, CONTACT } from './purchase.ts';

export type Kind =
  | 'account'
  | 'session'
  | 'cart'
  | 'checkout'
  | 'address'
  | 'wishlist'
  | 'order'
  | 'download'
  | 'subscription'
  | 'agentToken';

export interface Request {
  method: string;
  path: string;
  body?: unknown;
  /** The owner's record the call names: a refusal must read as it would for an unknown one. */
  target?: string;
}

export interface Case {
  /** The operation as `METHOD path`, the path as in the OpenAPI document without the webstore prefix. */
  op: string;
  kind: Kind;
  /** The account's other users may use it too (what the account holds). */
  shared: boolean;
  /** 'record': names one of the owner's records; 'own': works on the caller's own, must not show the owner's. */
  scope: 'record' | 'own';
  call(w: World): Request;
  /** What the owner's successful call needs, made before the parties try it. */
  prepare?(w: World): Promise<void>;
  /** The allowed call removes what it names: prepare again before each allowed party. */
  destroys?: boolean;
  /** Ids the owner's call made or changed. */
  after?(w: World, res: Reply): void;
  /** For 'own' calls: whether the answer shows the owner's records. */
  shows?(w: World, res: Reply): boolean;
}

const WEBSTORE_PREFIX = /^\/services\/data\/[^/]+\/commerce\/webstores\/\{webstoreId\}/;
/** The operation key of an OpenAPI path. */
export const opKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(WEBSTORE_PREFIX, '')}`;

/** Paths that look like something a shopper owns. */
export const OWNED_LOOKING =
  /cart|checkout|order|address|subscription|wishlist|\/lists?\b|download|session|workspace|account|payment|coupon|reservation|profile|logout|login|register/i;

/** Operations that look owned but are not, or that are the store's, with the reason. */
export const NOT_OWNED: Record<string, string> = {
  'POST /services/auth/login':
    'starts a new session for whoever knows the password (rate-limited, tested in auth.test.ts)',
  'POST /services/auth/register': 'makes a new user and account; it reaches nobody else’s',
  'POST /services/auth/register/confirm':
    'creates the account a mailed one-time link names; only the address’s owner has the link (auth.test.ts)',
  'POST /services/data/v65.0/commerce/promotions/actions/evaluate':
    'a dry run over the cart lines given in the body; a cart id there is only echoed',
  'POST /services/data/v65.0/commerce/promotions/actions/evaluate-products': 'a dry run over the products in the body',
  'POST /services/auth/password-reset/confirm':
    'sets the password of the user a mailed one-time link names; only the address’s owner has the link (customers.test.ts)',
  'POST /services/auth/password-reset':
    'mails a one-time link to the address’s own inbox, the same answer for every address; rate-limited (password-reset.test.ts)',
  'POST /services/auth/password':
    'changes only the caller’s own password, and only with it; guests and ended sessions are refused (change-password.test.ts)',
  'GET /services/data/{apiVersion}/commerce/management/webstores/{webstoreId}/search/synonyms':
    'the store’s, the administrator’s alone (search.test.ts)',
  'PUT /services/data/{apiVersion}/commerce/management/webstores/{webstoreId}/search/synonyms':
    'the store’s, the administrator’s alone (search.test.ts)',
  'POST /activities/{siteId}/addToCart':
    'records an activity of the caller’s own session (user and account from the session, never the body); it names no cart (activities.test.ts, side-routes.test.ts)',
};

const showsId = (id: (w: World) => string) => (w: World, res: Reply) => res.text.includes(id(w));

type Extra = Partial<Omit<Case, 'op' | 'call'>> & { body?: (w: World) => unknown };

/** Cases that name one of the owner's records (the target) in their path or body. */
function naming(kind: Kind, shared: boolean, target: (w: World) => string | undefined) {
  return (method: string, op: string, path: (w: World) => string, extra: Extra = {}): Case => {
    const { body, ...rest } = extra;
    return {
      op: `${method} ${op}`,
      kind,
      shared,
      scope: 'record',
      call: (w) => ({ method, path: path(w), body: body?.(w), target: target(w) }),
      ...rest,
    };
  };
}
const onAccount = naming('account', true, (w) => w.accountId);
const onCart = naming('cart', false, (w) => w.cartId);
const onCheckout = naming('checkout', false, (w) => w.checkoutId);
const onAddressBook = naming('address', true, (w) => w.accountId);
const onAddress = naming('address', true, (w) => w.addressId);
const onWishlist = naming('wishlist', true, (w) => w.wishlistId);
const onWishlistItem = naming('wishlist', true, (w) => w.wishlistItemId);
const onOrder = naming('order', true, (w) => w.orderId);
// A signed link is unguessable, so its documented refusals (401 log in, 403 another account's) may differ from a bad link's.
const onDownload = naming('download', true, () => undefined);

/** A case on the caller's own records (the current cart, their lists, their session): it must not show the owner's. */
function own(kind: Kind, shared: boolean, method: string, op: string, path: string, extra: Extra = {}): Case {
  const { body, ...rest } = extra;
  return {
    op: `${method} ${op}`,
    kind,
    shared,
    scope: 'own',
    call: (w) => ({ method, path, body: body?.(w) }),
    ...rest,
  };
}

const CART = '/carts/{cartStateOrId}';
const CHECKOUT = '/checkouts/{checkoutId}';
const cart = (w: World) => `/carts/${w.cartId}`;
const checkout = (w: World) => `/checkouts/${w.checkoutId}`;
const shows = {
  account: showsId((w) => w.accountId),
  cart: showsId((w) => w.cartId),
  order: showsId((w) => w.orderId),
  wishlist: showsId((w) => w.wishlistId),
};

function next(w: World): string {
  w.nextProduct = w.datasets.shift()!;
  return w.nextProduct;
}
const line = (w: World) => ({ productId: w.nextProduct, quantity: '1', type: 'Product' });
const AUSTIN = { street: '48 Congress Ave', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' };

/** A further address of the owner's account, for a removal to remove. */
const newAddress = async (w: World) => {
  const res = await send(w.owner, 'POST', '/accounts/current/addresses', { ...ADDRESS, street: '1 Spare St' });
  w.addressId = res.body.addressId;
};

/** A further item on the owner's list, for a removal to remove. */
const newWishlistItem = async (w: World) => {
  const res = await send(w.owner, 'POST', `/wishlists/${w.wishlistId}/wishlist-items`, { productId: next(w) });
  w.wishlistItemId = res.body.wishlistItemId;
};
/** A further list of the owner's account, for a deletion to delete. */
const newWishlist = async (w: World) => {
  const res = await send(w.owner, 'POST', '/wishlists', { name: 'Spare list', products: [{ productId: next(w) }] });
  w.wishlistId = res.body.summary.id;
};
const list = (w: World) => `/wishlists/${w.wishlistId}`;
/** A further agent token of the owner (issue 18), for a revocation to revoke. */
const newAgentToken = async (w: World) => {
  const res = await send(w.owner, 'POST', '/agent-tokens', { name: 'Spare assistant' });
  w.agentTokenId = res.body.id;
};

/** Every owned operation and the call that tries it; in this order (reads first, removals last in each group). */
export const CASES: Case[] = [
  // The account, and the session's choice of it.
  onAccount('GET', '/session-context', (w) => `/session-context?effectiveAccountId=${w.accountId}`),
  onAccount('PATCH', '/session-context', () => '/session-context', {
    body: (w) => ({ effectiveAccountId: w.accountId }),
  }),
  onAccount('GET', '/effective-accounts/{effectiveAccountId}', (w) => `/effective-accounts/${w.accountId}`),
  own('account', true, 'GET', '/external-managed-accounts', '/external-managed-accounts?includeMyAccount=true', {
    shows: shows.account,
  }),
  // The cart, read.
  onCart('GET', CART, cart),
  own('cart', false, 'GET', CART, '/carts/current', { shows: shows.cart }),
  own('cart', false, 'GET', '/carts/compact-summary', '/carts/compact-summary', { shows: shows.cart }),
  // Complete-the-cart recommends from the caller's own current cart: from nobody else's (an empty cart, none).
  own('cart', false, 'GET', '/ai/recommendations', '/ai/recommendations?recommender=CompleteTheCart', {
    shows: (_, res) => (res.body?.productPage?.total ?? 0) > 0,
  }),
  ...['/compact-summary', '/cart-items', '/cart-coupons', '/promotions', '/delivery-groups'].map((sub) =>
    onCart('GET', `${CART}${sub}`, (w) => `${cart(w)}${sub}`),
  ),
  onCart('GET', `${CART}/delivery-groups/{deliveryGroupId}`, (w) => `${cart(w)}/delivery-groups/${w.groupId}`),
  // The cart, changed. Only current or active may be ensured (an id is a 400 for everyone, owner included).
  own('cart', false, 'PUT', CART, '/carts/current', { shows: shows.cart }),
  own('cart', false, 'PUT', '/carts', '/carts', { shows: shows.cart }),
  own('cart', false, 'POST', '/carts', '/carts', { shows: shows.cart }),
  onCart('POST', `${CART}/cart-items`, (w) => `${cart(w)}/cart-items`, {
    prepare: async (w) => void next(w),
    body: line,
  }),
  onCart('POST', `${CART}/cart-items/batch`, (w) => `${cart(w)}/cart-items/batch`, {
    prepare: async (w) => void next(w),
    body: (w) => ({ inputs: [{ richInput: line(w) }] }),
  }),
  onCart('PATCH', `${CART}/cart-items/{cartItemId}`, (w) => `${cart(w)}/cart-items/${w.itemId}`, {
    body: () => ({ quantity: '1' }),
  }),
  onCart('PUT', `${CART}/inventory-reservations`, (w) => `${cart(w)}/inventory-reservations`, {
    body: () => ({ durationInSeconds: 60 }),
  }),
  onCart('POST', `${CART}/delivery-groups`, (w) => `${cart(w)}/delivery-groups`, {
    body: () => ({ name: 'Second office', deliveryAddress: AUSTIN }),
  }),
  onCart('PATCH', `${CART}/delivery-groups/{deliveryGroupId}`, (w) => `${cart(w)}/delivery-groups/${w.groupId}`, {
    body: () => ({ shippingInstructions: 'Reception' }),
  }),
  onCart(
    'POST',
    `${CART}/delivery-groups/actions/arrange-items`,
    (w) => `${cart(w)}/delivery-groups/actions/arrange-items`,
    {
      body: (w) => ({ arrangements: [{ deliveryGroupId: w.groupId, cartItemIds: [w.itemId] }] }),
    },
  ),
  onCart('DELETE', `${CART}/delivery-groups/{deliveryGroupId}`, (w) => `${cart(w)}/delivery-groups/${w.groupId}`),
  onCart('DELETE', `${CART}/cart-coupons/{cartCouponId}`, (w) => `${cart(w)}/cart-coupons/${w.couponId}`),
  onCart('POST', `${CART}/cart-coupons`, (w) => `${cart(w)}/cart-coupons`, {
    body: () => ({ couponCode: DEMO_COUPONS.welcome }),
  }),
  // Gift options (issue 14): the owner's cart may hold only datasets, so the call asks for no wrap.
  onCart('PUT', `${CART}/gift-options`, (w) => `${cart(w)}/gift-options`, {
    body: () => ({ giftWrap: false, giftMessage: 'For you' }),
  }),
  onCart('DELETE', `${CART}/cart-items/{cartItemId}`, (w) => `${cart(w)}/cart-items/${w.spareItemId}`),
  onCart('POST', `${CART}/actions/clone`, (w) => `${cart(w)}/actions/clone`, {
    body: () => ({ targetType: 'PayNowReadOnly' }),
  }),
  naming('cart', false, (w) => w.guestCartId)(
    'POST',
    `${CART}/actions/preserve`,
    (w) => `/carts/${w.guestCartId}/actions/preserve`,
  ),
  onCart('DELETE', CART, cart),
  // The checkout of a cart (named by the cart's id when it starts).
  naming('checkout', false, (w) => w.cartId)('PUT', '/checkouts', () => '/checkouts', {
    prepare: (w) => freshCheckout(w),
    body: (w) => ({ cartId: w.cartId }),
  }),
  naming('checkout', false, (w) => w.cartId)('POST', '/checkouts', () => '/checkouts', {
    body: (w) => ({ cartId: w.cartId }),
  }),
  onCheckout('GET', CHECKOUT, checkout),
  onCheckout('PATCH', CHECKOUT, checkout, { body: () => ({ contactInfo: CONTACT }) }),
  onCheckout('POST', `${CHECKOUT}/coupons`, (w) => `${checkout(w)}/coupons`, {
    body: () => ({ couponCode: DEMO_COUPONS.welcome }),
    after: (w, res) => {
      w.checkoutCouponId = res.body.cartCoupons.coupons[0].cartCouponId;
    },
  }),
  onCheckout('DELETE', `${CHECKOUT}/coupons/{couponId}`, (w) => `${checkout(w)}/coupons/${w.checkoutCouponId}`),
  onCheckout('POST', `${CHECKOUT}/payments`, (w) => `${checkout(w)}/payments`, { body: () => CARD_PAYMENT }),
  onCheckout('POST', `${CHECKOUT}/orders/actions/prepare`, (w) => `${checkout(w)}/orders/actions/prepare`),
  onCheckout('POST', `${CHECKOUT}/orders`, (w) => `${checkout(w)}/orders`),
  onCheckout('POST', `${CHECKOUT}/orders/actions/submit`, (w) => `${checkout(w)}/orders/actions/submit`, {
    prepare: (w) => freshCheckout(w, { paid: true }),
  }),
  onCheckout('DELETE', CHECKOUT, checkout, { prepare: (w) => freshCheckout(w) }),
  // The account's address book, by the account's id or as `current`.
  onAddressBook('GET', '/accounts/{accountId}/addresses', (w) => `/accounts/${w.accountId}/addresses`),
  onAddressBook('POST', '/accounts/{accountId}/addresses', (w) => `/accounts/${w.accountId}/addresses`, {
    body: () => ADDRESS,
  }),
  onAddressBook(
    'PATCH',
    '/accounts/{accountId}/addresses/{addressId}',
    (w) => `/accounts/${w.accountId}/addresses/${w.addressId}`,
    {
      body: () => ({ city: 'Oakland' }),
    },
  ),
  onAddress(
    'PATCH',
    '/accounts/{accountId}/addresses/{addressId}',
    (w) => `/accounts/current/addresses/${w.addressId}`,
    {
      body: () => ({ city: 'Berkeley' }),
    },
  ),
  onAddress(
    'DELETE',
    '/accounts/{accountId}/addresses/{addressId}',
    (w) => `/accounts/current/addresses/${w.addressId}`,
    {
      prepare: newAddress,
      destroys: true,
    },
  ),
  onAddressBook(
    'DELETE',
    '/accounts/{accountId}/addresses/{addressId}',
    (w) => `/accounts/${w.accountId}/addresses/${w.addressId}`,
    {
      prepare: newAddress,
      destroys: true,
    },
  ),
  // The account's wishlists (issue 17): shared by the buyers who act for the account, like the address book.
  own('wishlist', true, 'GET', '/wishlists', '/wishlists?includeDisplayedList=true', { shows: shows.wishlist }),
  onWishlist('GET', '/wishlists', (w) => `/wishlists?includeDisplayedList=true&wishlistId=${w.wishlistId}`),
  own('wishlist', true, 'POST', '/wishlists', '/wishlists', { body: () => ({ name: 'My List' }) }),
  onWishlist('GET', '/wishlists/{wishlistId}', list),
  onWishlist('GET', '/wishlists/{wishlistId}/wishlist-items', (w) => `${list(w)}/wishlist-items`),
  onWishlist('PATCH', '/wishlists/{wishlistId}', list, { body: () => ({ name: 'Reorders' }) }),
  onWishlist('POST', '/wishlists/{wishlistId}/wishlist-items', (w) => `${list(w)}/wishlist-items`, {
    prepare: async (w) => void next(w),
    body: (w) => ({ productId: w.nextProduct }),
  }),
  onWishlist(
    'POST',
    '/wishlists/{wishlistId}/actions/add-wishlist-to-cart',
    (w) => `${list(w)}/actions/add-wishlist-to-cart`,
  ),
  onWishlistItem(
    'DELETE',
    '/wishlists/{wishlistId}/wishlist-items/{wishlistItemId}',
    (w) => `${list(w)}/wishlist-items/${w.wishlistItemId}`,
    { prepare: newWishlistItem, destroys: true },
  ),
  onWishlist(
    'DELETE',
    '/wishlists/{wishlistId}/wishlist-items/{wishlistItemId}',
    (w) => `${list(w)}/wishlist-items/${w.wishlistItemId}`,
    { prepare: newWishlistItem, destroys: true },
  ),
  onWishlistItem('DELETE', '/wishlist-items/{wishlistItemId}', (w) => `/wishlist-items/${w.wishlistItemId}`, {
    prepare: newWishlistItem,
    destroys: true,
  }),
  onWishlist('DELETE', '/wishlists/{wishlistId}', list, { prepare: newWishlist, destroys: true }),
  // The account's orders, their downloads and subscriptions.
  own('order', true, 'GET', '/order-summaries', '/order-summaries', { shows: shows.order }),
  onOrder('GET', '/order-summaries/{orderSummaryId}', (w) => `/order-summaries/${w.orderId}`),
  onOrder('GET', '/order-summaries/{orderSummaryId}/downloads', (w) => `/order-summaries/${w.orderId}/downloads`),
  onDownload('GET', '/downloads/{token}', (w) => `/downloads/${w.downloadToken}`),
  own('download', true, 'GET', '/downloads', '/downloads', { shows: shows.order }),
  own('subscription', true, 'GET', '/subscriptions', '/subscriptions', { shows: shows.order }),
  // Switching the auto-renew subscription off (the account member's second call finds it off already).
  naming('subscription', true, (w) => w.subscriptionId)(
    'PATCH',
    '/subscriptions/{subscriptionId}',
    (w) => `/subscriptions/${w.subscriptionId}`,
    { body: () => ({ autoRenew: false }) },
  ),
  // Agents (issue 18): the user's own agent tokens (not the account's), and the agent context of an account.
  own('agentToken', false, 'GET', '/agent-tokens', '/agent-tokens', {
    shows: showsId((w) => w.agentTokenId),
  }),
  own('agentToken', false, 'POST', '/agent-tokens', '/agent-tokens', { body: () => ({ name: 'Matrix assistant' }) }),
  naming('agentToken', false, (w) => w.agentTokenId)(
    'DELETE',
    '/agent-tokens/{agentTokenId}',
    (w) => `/agent-tokens/${w.agentTokenId}`,
    { prepare: newAgentToken, destroys: true },
  ),
  onAccount('GET', '/shopperAgent/context', (w) => `/shopperAgent/context?effectiveAccountId=${w.accountId}`),
  // The session: each party's own; none may end or change the owner's.
  own('session', false, 'PATCH', '/services/auth/profile', '/services/auth/profile', {
    body: () => ({ firstName: 'Renamed' }),
    shows: (w, res) => res.text.includes(w.ownerEmail),
  }),
  own('session', false, 'GET', '/webruntime/logout', '/webruntime/logout'),
  ...['/services/auth/logout', '/webruntime/logout'].map((path) =>
    own('session', false, 'POST', path, path, {
      prepare: async (w) => {
        if ((await w.owner.api('/session-context')).body.isLoggedIn !== true) await w.relogin();
      },
    }),
  ),
];

/**
 * The seller's workspace (/services/admin/…) is the store's, never a shopper's: its own matrix
 * (security/workspace-access.test.ts, over test-support/workspace-operations.ts) tries every one of its
 * operations with every party.
 */
export const WORKSPACE_OPERATION = /^[A-Z]+ \/services\/admin\//;

/** The operations of an OpenAPI document, and those with an owned-looking path that nothing classifies. */
export function classify(doc: { paths: Record<string, Record<string, unknown>> }) {
  const ops = Object.entries(doc.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((m) => opKey(m, path)))
    .filter((o) => !WORKSPACE_OPERATION.test(o));
  const owned = new Set(CASES.map((c) => c.op));
  return {
    ops,
    owned: ops.filter((o) => owned.has(o)),
    notOwned: ops.filter((o) => !owned.has(o)),
    unclassified: ops.filter((o) => !owned.has(o) && !(o in NOT_OWNED) && OWNED_LOOKING.test(o)),
    /** Classified operations the document no longer has: the table is out of date. */
    stale: [...owned, ...Object.keys(NOT_OWNED)].filter((o) => !ops.includes(o)),
  };
}
