// Every operation of the seller's workspace API and a valid call of it, for the workspace access matrix
// (security/workspace-access.test.ts). The operations come from the OpenAPI document: one under
// /services/admin/ that is not listed here fails the matrix, as does one whose description does not name
// its workspace action (modules/admin/workspace-guard.ts writes it).
import type { Agent, Reply } from './server.ts';

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
  /** Makes each creation's SKU unique. */
  serial: number;
}

export interface WorkspaceCase {
  /** `METHOD path` as in the OpenAPI document. */
  op: string;
  call(w: WorkspaceWorld): { method: string; path: string; body?: unknown };
}

const P = '/services/admin/webstores/{webstoreId}';
const product = (w: WorkspaceWorld) => `${WORKSPACE_BASE}/products/${w.productId}`;
const order = (id: string) => `${WORKSPACE_BASE}/orders/${id}`;

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
