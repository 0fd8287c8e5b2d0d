// Every operation of the seller's workspace API and a valid call of it, for the workspace access matrix
// (security/workspace-access.test.ts). The operations come from the OpenAPI document: one under
// /services/admin/ that is not listed here fails the matrix, as does one whose description does not name
// its workspace action (modules/admin/workspace-guard.ts writes it).
import type { Agent, Reply } from './server.ts';
import { PROMOTION_IDS } from '../seed/promotions.ts';
import { BUYER_GROUP_IDS, SELLING_MODEL_IDS } from '../seed/store.ts';

export const WORKSPACE_BASE = '/services/admin/webstores/0ZE000000000001AAA';

/** What the calls work on: a product of the demo catalogue and its current prices, and orders placed for them. */
export interface WorkspaceWorld {
  productId: string;
  prices: Array<{ priceBookId: string; sellingModelId: string | null; unitPrice: string; tiers: unknown[] }>;
  /** A printed directory's order and its shipped delivery group (to ship), with nothing shipped yet. */
  printedOrder: { id: string; deliveryGroupId: string };
  /** A dataset order (downloads re-sent, a line refunded). */
  datasetOrder: { id: string; orderItemId: string };
  /** An order only the cancel case touches. */
  cancellableOrderId: string;
  /** For the customers operations: an account and the demo B2B buyer's user id. */
  accountId: string;
  buyerUserId: string;
  /** Makes each creation's SKU unique. */
  serial: number;
}

export interface WorkspaceCase {
  /** `METHOD path` as in the OpenAPI document. */
  op: string;
  /** A POST that only reads (a promotion tried against a sample cart): allowed, it still changes nothing. */
  readsOnly?: true;
  call(w: WorkspaceWorld): { method: string; path: string; body?: unknown };
}

const P = '/services/admin/webstores/{webstoreId}';
const product = (w: WorkspaceWorld) => `${WORKSPACE_BASE}/products/${w.productId}`;
const order = (id: string) => `${WORKSPACE_BASE}/orders/${id}`;
const promotion = `${WORKSPACE_BASE}/promotions/${PROMOTION_IDS.welcome}`;
const wholesale = `${WORKSPACE_BASE}/buyer-groups/${BUYER_GROUP_IDS.wholesale}`;
const get = (op: string, path: (w: WorkspaceWorld) => string): WorkspaceCase => ({
  op: `GET ${P}${op}`,
  call: (w) => ({ method: 'GET', path: path(w) }),
});

export const WORKSPACE_CASES: WorkspaceCase[] = [
  { op: `GET ${P}/me`, call: () => ({ method: 'GET', path: `${WORKSPACE_BASE}/me` }) },
  {
    op: `GET ${P}/products`,
    call: () => ({ method: 'GET', path: `${WORKSPACE_BASE}/products?pageSize=5&sort=-recordCount&q=dent` }),
  },
  {
    op: `POST ${P}/products`,
    call: (w) => ({
      method: 'POST',
      path: `${WORKSPACE_BASE}/products`,
      body: { sku: `MATRIX-${++w.serial}`, name: `Matrix dataset ${w.serial}`, status: 'Draft' },
    }),
  },
  { op: `GET ${P}/products/{productId}`, call: (w) => ({ method: 'GET', path: product(w) }) },
  {
    op: `PATCH ${P}/products/{productId}`,
    call: (w) => ({ method: 'PATCH', path: product(w), body: { name: `Renamed by the matrix ${++w.serial}` } }),
  },
  { op: `GET ${P}/products/{productId}/prices`, call: (w) => ({ method: 'GET', path: `${product(w)}/prices` }) },
  {
    op: `PUT ${P}/products/{productId}/prices`,
    call: (w) => ({
      method: 'PUT',
      path: `${product(w)}/prices`,
      body: { entries: w.prices.map((e) => ({ ...e, unitPrice: `${100 + ++w.serial}.00` })) },
    }),
  },
  get('/selling-models', () => `${WORKSPACE_BASE}/selling-models`),
  {
    op: `POST ${P}/selling-models`,
    call: (w) => ({
      method: 'POST',
      path: `${WORKSPACE_BASE}/selling-models`,
      body: { name: `Matrix model ${++w.serial}`, sellingModelType: 'Evergreen', pricingTermUnit: 'Months' },
    }),
  },
  {
    op: `PATCH ${P}/selling-models/{sellingModelId}`,
    call: (w) => ({
      method: 'PATCH',
      path: `${WORKSPACE_BASE}/selling-models/${SELLING_MODEL_IDS.monthlyRefresh}`,
      body: { name: `Monthly Refresh ${++w.serial}` },
    }),
  },
  get('/products/{productId}/selling-models', (w) => `${product(w)}/selling-models`),
  {
    op: `PUT ${P}/products/{productId}/selling-models`,
    // The models the product is priced in: a valid choice that drops nothing priced.
    call: (w) => ({
      method: 'PUT',
      path: `${product(w)}/selling-models`,
      body: { sellingModelIds: [...new Set(w.prices.flatMap((e) => (e.sellingModelId ? [e.sellingModelId] : [])))] },
    }),
  },
  { op: `GET ${P}/price-books`, call: () => ({ method: 'GET', path: `${WORKSPACE_BASE}/price-books` }) },
  { op: `GET ${P}/categories`, call: () => ({ method: 'GET', path: `${WORKSPACE_BASE}/categories` }) },
  {
    op: `GET ${P}/orders`,
    call: () => ({ method: 'GET', path: `${WORKSPACE_BASE}/orders?pageSize=5&hasPrintedGoods=true&q=DD` }),
  },
  { op: `GET ${P}/orders/{orderId}`, call: (w) => ({ method: 'GET', path: order(w.datasetOrder.id) }) },
  {
    op: `POST ${P}/orders/{orderId}/delivery-groups/{deliveryGroupId}/actions/ship`,
    call: (w) => ({
      method: 'POST',
      path: `${order(w.printedOrder.id)}/delivery-groups/${w.printedOrder.deliveryGroupId}/actions/ship`,
      body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    }),
  },
  {
    op: `POST ${P}/orders/{orderId}/actions/resend-downloads`,
    call: (w) => ({ method: 'POST', path: `${order(w.datasetOrder.id)}/actions/resend-downloads`, body: {} }),
  },
  {
    op: `POST ${P}/orders/{orderId}/refunds`,
    call: (w) => ({
      method: 'POST',
      path: `${order(w.datasetOrder.id)}/refunds`,
      body: { orderItemIds: [w.datasetOrder.orderItemId], reason: 'Matrix refund' },
    }),
  },
  {
    op: `POST ${P}/orders/{orderId}/actions/cancel`,
    call: (w) => ({
      method: 'POST',
      path: `${order(w.cancellableOrderId)}/actions/cancel`,
      body: { reason: 'Matrix cancel' },
    }),
  },
  get('/promotions', () => `${WORKSPACE_BASE}/promotions?pageSize=5`),
  {
    op: `POST ${P}/promotions`,
    call: (w) => ({
      method: 'POST',
      path: `${WORKSPACE_BASE}/promotions`,
      body: { name: `Matrix promotion ${++w.serial}`, discount: { type: 'PercentOff', percent: '5' } },
    }),
  },
  get('/promotions/{promotionId}', () => promotion),
  {
    op: `PATCH ${P}/promotions/{promotionId}`,
    call: (w) => ({ method: 'PATCH', path: promotion, body: { priority: ++w.serial } }),
  },
  {
    op: `POST ${P}/promotions/actions/try`,
    readsOnly: true,
    call: (w) => ({
      method: 'POST',
      path: `${WORKSPACE_BASE}/promotions/actions/try`,
      body: { promotionId: PROMOTION_IDS.welcome, lines: [{ productId: w.productId, quantity: 1 }] },
    }),
  },
  get('/settings', () => `${WORKSPACE_BASE}/settings`),
  {
    op: `PATCH ${P}/settings`,
    call: () => ({ method: 'PATCH', path: `${WORKSPACE_BASE}/settings`, body: { guestCheckoutEnabled: false } }),
  },
  get('/accounts', () => `${WORKSPACE_BASE}/accounts?pageSize=5`),
  get('/accounts/{accountId}', (w) => `${WORKSPACE_BASE}/accounts/${w.accountId}`),
  {
    op: `PATCH ${P}/accounts/{accountId}`,
    call: (w) => ({ method: 'PATCH', path: `${WORKSPACE_BASE}/accounts/${w.accountId}`, body: { buyerGroupIds: [] } }),
  },
  get('/buyers', () => `${WORKSPACE_BASE}/buyers?pageSize=5`),
  get('/buyers/{userId}', (w) => `${WORKSPACE_BASE}/buyers/${w.buyerUserId}`),
  {
    op: `PUT ${P}/buyers/{userId}/managed-accounts`,
    call: (w) => ({
      method: 'PUT',
      path: `${WORKSPACE_BASE}/buyers/${w.buyerUserId}/managed-accounts`,
      body: { accountIds: [] },
    }),
  },
  {
    op: `POST ${P}/buyers/{userId}/password-reset`,
    call: (w) => ({ method: 'POST', path: `${WORKSPACE_BASE}/buyers/${w.buyerUserId}/password-reset`, body: {} }),
  },
  get('/buyer-groups', () => `${WORKSPACE_BASE}/buyer-groups`),
  {
    op: `POST ${P}/buyer-groups`,
    call: (w) => ({
      method: 'POST',
      path: `${WORKSPACE_BASE}/buyer-groups`,
      body: { name: `Matrix group ${++w.serial}` },
    }),
  },
  get('/buyer-groups/{buyerGroupId}', () => wholesale),
  {
    op: `PATCH ${P}/buyer-groups/{buyerGroupId}`,
    call: () => ({ method: 'PATCH', path: wholesale, body: { memberAccountIds: [] } }),
  },
  {
    op: `GET ${P}/audit-log`,
    call: () => ({ method: 'GET', path: `${WORKSPACE_BASE}/audit-log?pageSize=5&recordType=Product` }),
  },
];

export function sendAs(a: Agent, req: { method: string; path: string; body?: unknown }): Promise<Reply> {
  if (req.method === 'GET') return a.get(req.path);
  if (req.method === 'POST') return a.post(req.path, req.body);
  if (req.method === 'PATCH') return a.patch(req.path, req.body);
  if (req.method === 'PUT') return a.put(req.path, req.body);
  throw new Error(`no agent method for ${req.method}`);
}
