// Every operation of the seller's workspace API and a valid call of it, for the workspace access matrix
// (security/workspace-access.test.ts). The operations come from the OpenAPI document: one under
// /services/admin/ that is not listed here fails the matrix, as does one whose description does not name
// its workspace action (modules/admin/workspace-guard.ts writes it).
import type { Agent, Reply } from './server.ts';
import { settledVersion } from './dataset-file-upload.ts';
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
  /** Two other products (featured and related lists) and a PNG to upload as the product's image. */
  otherProductIds: [string, string];
  png: Uint8Array;
  /** Uploads `png` as the product's image (as the administrator) unless it has one. */
  ensureImage(): Promise<void>;
  /** A finished catalogue upload (read), and refused ones with good rows, one per party (each apply takes one). */
  importJobId: string;
  refusedImportJobIds: string[];
  /** Categories, entitlement policies and stock: a category to change, one parent's children to reorder. */
  categoryId: string;
  categoryOrder: { parentId: string | null; categoryIds: string[] };
  /** Empty categories and spare policies: each call of a delete takes the next (one per party). */
  emptyCategoryIds: string[];
  sparePolicyIds: string[];
  policyId: string;
  /** A printed directory and one of its locations. */
  physicalProductId: string;
  locationId: string;
  /** The product classes: a variation parent (attribute Edition, values E1..E30), variations to take out, a bundle. */
  classes: ClassWorld;
  /** Managed content (issue 16): made by prepareContentWorld. */
  content: ContentWorld;
}

/** What the content cases work on: a banner to change, publish and unpublish, an image item, spares to delete. */
export interface ContentWorld {
  bannerId: string;
  imageId: string;
  /** One per party: each delete takes the next. */
  spareIds: string[];
  /** The banner's current revision (read by `refresh`, the PATCH case's preparation). */
  revision: number;
  refresh(): Promise<void>;
  /** Publishes the banner (as the administrator) so there is something to unpublish. */
  publishBanner(): Promise<void>;
}

/** Makes what the content operations work on, as the administrator (before the matrix runs). */
export async function prepareContentWorld(admin: Agent, spares: number): Promise<ContentWorld> {
  const made = async (type: string, title: string, body: unknown) => {
    const urlName = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const r = await admin.post(`${WORKSPACE_BASE}/content`, { type, title, urlName, body });
    if (r.status !== 201) throw new Error(`content world: ${r.status} ${r.text}`);
    return r.body.managedContentId as string;
  };
  const bannerId = await made('dd__banner', 'Matrix banner', { heading: 'Matrix heading' });
  const imageId = await made('sfdc_cms__image', 'Matrix image', { altText: 'Matrix picture' });
  const spareIds: string[] = [];
  for (let i = 0; i < spares; i++) spareIds.push(await made('dd__richText', `Matrix spare ${i}`, { html: '<p>x</p>' }));
  const world: ContentWorld = {
    bannerId,
    imageId,
    spareIds,
    revision: 1,
    refresh: async () => {
      world.revision = (await admin.get(`${WORKSPACE_BASE}/content/${bannerId}`)).body.revision;
    },
    publishBanner: async () => {
      const r = await admin.post(`${WORKSPACE_BASE}/content/${bannerId}/actions/publish`);
      if (r.status !== 200) throw new Error(`content world: ${r.status} ${r.text}`);
    },
  };
  return world;
}

export interface ClassWorld {
  parentId: string;
  /** One per party: each call takes the next, so the two allowed ones each take a different variation out. */
  variationIds: string[];
  bundleId: string;
}

const EDITIONS = Array.from({ length: 30 }, (_, i) => `E${i + 1}`);
let editionNo = 0;
let removalNo = 0;

/** Makes what the class operations work on, as the administrator (before the matrix runs). */
export async function prepareClassWorld(admin: Agent): Promise<ClassWorld> {
  const ok = (r: Reply) => {
    if (r.status >= 300) throw new Error(`class world: ${r.status} ${r.text}`);
    return r.body;
  };
  const parent = ok(
    await admin.post(`${WORKSPACE_BASE}/products`, {
      sku: 'MATRIX-VP',
      name: 'Matrix parent',
      productClass: 'VariationParent',
      variationAttributes: [{ name: 'Edition', values: EDITIONS }],
    }),
  );
  const variationIds: string[] = [];
  for (const edition of EDITIONS.slice(-6))
    variationIds.push(
      ok(
        await admin.post(`${WORKSPACE_BASE}/products/${parent.id}/variations`, {
          sku: `MATRIX-VA-${edition}`,
          name: `Matrix variation ${edition}`,
          values: { Edition: edition },
        }),
      ).id,
    );
  const bundle = ok(
    await admin.post(`${WORKSPACE_BASE}/products`, { sku: 'MATRIX-BN', name: 'Matrix bundle', productClass: 'Bundle' }),
  );
  return { parentId: parent.id, variationIds, bundleId: bundle.id };
}

export interface WorkspaceCase {
  /** `METHOD path` as in the OpenAPI document. */
  op: string;
  /** A POST that only reads (a promotion tried against a sample cart): allowed, it still changes nothing. */
  readsOnly?: true;
  /** Puts the world in the state the call needs (an image to describe or remove), before the snapshot. */
  prepare?(w: WorkspaceWorld): Promise<void>;
  call(w: WorkspaceWorld): WorkspaceRequest;
  /** Waits for what an allowed call started in the background (an import job) to finish. */
  settle?(a: Agent, reply: Reply): Promise<unknown>;
}

export interface WorkspaceRequest {
  method: string;
  path: string;
  body?: unknown;
  /** A body that is not JSON (an uploaded image or catalogue file) with its Content-Type, sent instead of JSON. */
  raw?: { data: Uint8Array | string; contentType: string };
}

const P = '/services/admin/webstores/{webstoreId}';
const product = (w: WorkspaceWorld) => `${WORKSPACE_BASE}/products/${w.productId}`;
const order = (id: string) => `${WORKSPACE_BASE}/orders/${id}`;
const promotion = `${WORKSPACE_BASE}/promotions/${PROMOTION_IDS.welcome}`;
const wholesale = `${WORKSPACE_BASE}/buyer-groups/${BUYER_GROUP_IDS.wholesale}`;
const content = (id: string) => `${WORKSPACE_BASE}/content/${id}`;
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
  get('/products/{productId}/variations', (w) => `${WORKSPACE_BASE}/products/${w.classes.parentId}/variations`),
  {
    op: `POST ${P}/products/{productId}/variations`,
    call: (w) => {
      const edition = EDITIONS[editionNo++ % 20]!;
      return {
        method: 'POST',
        path: `${WORKSPACE_BASE}/products/${w.classes.parentId}/variations`,
        body: { sku: `MATRIX-${++w.serial}`, name: `Matrix ${edition}`, values: { Edition: edition } },
      };
    },
  },
  {
    op: `DELETE ${P}/products/{productId}/variations/{variationId}`,
    call: (w) => ({
      method: 'DELETE',
      path: `${WORKSPACE_BASE}/products/${w.classes.parentId}/variations/${w.classes.variationIds[removalNo++ % w.classes.variationIds.length]}`,
    }),
  },
  get('/products/{productId}/components', (w) => `${WORKSPACE_BASE}/products/${w.classes.bundleId}/components`),
  {
    op: `PUT ${P}/products/{productId}/components`,
    call: (w) => {
      const skus = ['DS-00001', 'DS-00002'];
      if (w.serial++ % 2) skus.reverse();
      return {
        method: 'PUT',
        path: `${WORKSPACE_BASE}/products/${w.classes.bundleId}/components`,
        body: { components: skus.map((sku) => ({ sku })) },
      };
    },
  },
  {
    op: `PUT ${P}/products/{productId}/quantity-rule`,
    call: (w) => ({
      method: 'PUT',
      path: `${product(w)}/quantity-rule`,
      body: { minimum: '1', maximum: String(++w.serial + 1), increment: '1' },
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
    op: `PUT ${P}/products/{productId}/image`,
    call: (w) => ({
      method: 'PUT',
      path: `${product(w)}/image?altText=${encodeURIComponent(`Matrix image ${++w.serial}`)}`,
      raw: { data: w.png, contentType: 'image/png' },
    }),
  },
  {
    op: `PATCH ${P}/products/{productId}/image`,
    prepare: (w) => w.ensureImage(),
    call: (w) => ({ method: 'PATCH', path: `${product(w)}/image`, body: { altText: `Matrix alt ${++w.serial}` } }),
  },
  {
    op: `DELETE ${P}/products/{productId}/image`,
    prepare: (w) => w.ensureImage(),
    call: (w) => ({ method: 'DELETE', path: `${product(w)}/image` }),
  },
  {
    op: `PUT ${P}/products/{productId}/dataset-file`,
    call: (w) => ({
      method: 'PUT',
      path: `${product(w)}/dataset-file?fileName=matrix-${++w.serial}.csv`,
      raw: { data: `Company,State\r\nMatrix ${w.serial},TX\r\n`, contentType: 'text/csv' },
    }),
    settle: (a, reply) => settledVersion(a, reply.body.productId, reply.body.version),
  },
  get('/products/{productId}/dataset-file', (w) => `${product(w)}/dataset-file`),
  get('/featured-datasets', () => `${WORKSPACE_BASE}/featured-datasets`),
  {
    op: `PUT ${P}/featured-datasets`,
    call: (w) => ({
      method: 'PUT',
      path: `${WORKSPACE_BASE}/featured-datasets`,
      body: { productIds: ++w.serial % 2 ? w.otherProductIds : [...w.otherProductIds].reverse() },
    }),
  },
  get('/seo-settings/{recordId}', (w) => `${WORKSPACE_BASE}/seo-settings/${w.productId}`),
  get('/insights', () => `${WORKSPACE_BASE}/insights?limit=5`),
  {
    op: `PUT ${P}/seo-settings/{recordId}`,
    call: (w) => ({
      method: 'PUT',
      path: `${WORKSPACE_BASE}/seo-settings/${w.productId}`,
      body: { title: `Matrix title ${++w.serial}`, description: null, noIndex: false },
    }),
  },
  get('/products/{productId}/related-datasets', (w) => `${product(w)}/related-datasets`),
  get('/products/{productId}/list-pricing', (w) => `${product(w)}/list-pricing`),
  {
    op: `PUT ${P}/products/{productId}/list-pricing`,
    call: (w) => ({
      method: 'PUT',
      path: `${product(w)}/list-pricing`,
      body: { listPricing: { per1000: '45.00', minimum: '49.00', tiers: [{ fromRecords: 500, per1000: '40.00' }] } },
    }),
  },
  {
    op: `DELETE ${P}/products/{productId}/list-pricing`,
    call: (w) => ({ method: 'DELETE', path: `${product(w)}/list-pricing` }),
  },
  {
    op: `PUT ${P}/products/{productId}/related-datasets`,
    call: (w) => ({
      method: 'PUT',
      path: `${product(w)}/related-datasets`,
      body: { productIds: ++w.serial % 2 ? w.otherProductIds : [...w.otherProductIds].reverse() },
    }),
  },
  {
    op: `POST ${P}/import-jobs`,
    call: (w) => ({
      method: 'POST',
      path: `${WORKSPACE_BASE}/import-jobs?fileName=matrix.csv`,
      raw: { data: `sku,name\nMATRIX-IMPORT-${++w.serial},Matrix import ${w.serial}\n`, contentType: 'text/csv' },
    }),
    settle: (a, reply) => importFinished(a, reply.body.id),
  },
  get('/import-jobs', () => `${WORKSPACE_BASE}/import-jobs?pageSize=5&sort=-createdAt`),
  get('/import-jobs/{jobId}', (w) => `${WORKSPACE_BASE}/import-jobs/${w.importJobId}`),
  {
    op: `POST ${P}/import-jobs/{jobId}/actions/apply-good-rows`,
    call: (w) => ({
      method: 'POST',
      path: `${WORKSPACE_BASE}/import-jobs/${w.refusedImportJobIds.shift()}/actions/apply-good-rows`,
    }),
    settle: (a, reply) => importFinished(a, reply.body.id),
  },
  get('/export', () => `${WORKSPACE_BASE}/export?kind=prices&format=json`),
  {
    op: `GET ${P}/audit-log`,
    call: () => ({ method: 'GET', path: `${WORKSPACE_BASE}/audit-log?pageSize=5&recordType=Product` }),
  },
  {
    op: `POST ${P}/categories`,
    call: (w) => ({
      method: 'POST',
      path: `${WORKSPACE_BASE}/categories`,
      body: { name: `Matrix category ${++w.serial}` },
    }),
  },
  {
    op: `POST ${P}/categories/actions/reorder`,
    call: (w) => ({
      method: 'POST',
      path: `${WORKSPACE_BASE}/categories/actions/reorder`,
      body: { ...w.categoryOrder, categoryIds: w.categoryOrder.categoryIds.reverse() },
    }),
  },
  {
    op: `PATCH ${P}/categories/{categoryId}`,
    call: (w) => ({
      method: 'PATCH',
      path: `${WORKSPACE_BASE}/categories/${w.categoryId}`,
      body: { description: `Described by the matrix ${++w.serial}` },
    }),
  },
  {
    op: `DELETE ${P}/categories/{categoryId}`,
    call: (w) => ({ method: 'DELETE', path: `${WORKSPACE_BASE}/categories/${w.emptyCategoryIds.shift()}` }),
  },
  get('/entitlement-policies', () => `${WORKSPACE_BASE}/entitlement-policies`),
  {
    op: `POST ${P}/entitlement-policies`,
    call: (w) => ({
      method: 'POST',
      path: `${WORKSPACE_BASE}/entitlement-policies`,
      body: { name: `Matrix policy ${++w.serial}`, buyerGroupIds: [], categoryIds: [] },
    }),
  },
  {
    op: `PATCH ${P}/entitlement-policies/{policyId}`,
    call: (w) => ({
      method: 'PATCH',
      path: `${WORKSPACE_BASE}/entitlement-policies/${w.policyId}`,
      body: { name: `Partner Exclusives ${++w.serial}` },
    }),
  },
  {
    op: `DELETE ${P}/entitlement-policies/{policyId}`,
    call: (w) => ({ method: 'DELETE', path: `${WORKSPACE_BASE}/entitlement-policies/${w.sparePolicyIds.shift()}` }),
  },
  get('/products/{productId}/inventory', (w) => `${WORKSPACE_BASE}/products/${w.physicalProductId}/inventory`),
  {
    op: `PUT ${P}/products/{productId}/inventory`,
    call: (w) => ({
      method: 'PUT',
      path: `${WORKSPACE_BASE}/products/${w.physicalProductId}/inventory`,
      body: { levels: [{ locationId: w.locationId, onHand: 50 + ++w.serial }] },
    }),
  },
  get('/content', () => `${WORKSPACE_BASE}/content?pageSize=5&type=dd__banner&q=matrix&sort=-updatedAt`),
  {
    op: `POST ${P}/content`,
    call: (w) => ({
      method: 'POST',
      path: `${WORKSPACE_BASE}/content`,
      body: {
        type: 'dd__richText',
        title: `Matrix text ${++w.serial}`,
        urlName: `matrix-text-${w.serial}`,
        body: { html: '<p>Hi</p>' },
      },
    }),
  },
  get('/content/{contentId}', (w) => content(w.content.bannerId)),
  {
    op: `PATCH ${P}/content/{contentId}`,
    prepare: (w) => w.content.refresh(),
    call: (w) => ({
      method: 'PATCH',
      path: content(w.content.bannerId),
      body: { revision: w.content.revision, body: { heading: `Matrix heading ${++w.serial}` } },
    }),
  },
  {
    op: `DELETE ${P}/content/{contentId}`,
    call: (w) => ({ method: 'DELETE', path: content(w.content.spareIds.shift()!) }),
  },
  {
    op: `POST ${P}/content/{contentId}/actions/publish`,
    call: (w) => ({ method: 'POST', path: `${content(w.content.bannerId)}/actions/publish` }),
  },
  {
    op: `POST ${P}/content/{contentId}/actions/unpublish`,
    prepare: (w) => w.content.publishBanner(),
    call: (w) => ({ method: 'POST', path: `${content(w.content.bannerId)}/actions/unpublish` }),
  },
  {
    op: `PUT ${P}/content/{contentId}/image`,
    call: (w) => ({
      method: 'PUT',
      path: `${content(w.content.imageId)}/image?altText=${encodeURIComponent(`Matrix picture ${++w.serial}`)}`,
      raw: { data: w.png, contentType: 'image/png' },
    }),
  },
  {
    op: `PATCH ${P}/content/{contentId}/image`,
    call: (w) => ({
      method: 'PATCH',
      path: `${content(w.content.imageId)}/image`,
      body: { altText: `Matrix alt ${++w.serial}` },
    }),
  },
];

/** Polls a catalogue upload's job until it is no longer queued or running; its last answer. */
export async function importFinished(a: Agent, jobId: string): Promise<Reply> {
  for (;;) {
    const res = await a.get(`${WORKSPACE_BASE}/import-jobs/${jobId}`);
    if (res.status !== 200 || (res.body.status !== 'queued' && res.body.status !== 'running')) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Uploads a catalogue file as the workspace page does: the file is the body. */
export function uploadFile(a: Agent, text: string, query = '', contentType = 'text/csv'): Promise<Reply> {
  return a.sendBytes('POST', `${WORKSPACE_BASE}/import-jobs${query}`, text, contentType);
}

export function sendAs(a: Agent, req: WorkspaceRequest): Promise<Reply> {
  // A body given beside the raw one (the matrix's malformed body) is sent as JSON instead.
  if (req.raw && req.body === undefined) return a.sendBytes(req.method, req.path, req.raw.data, req.raw.contentType);
  if (req.method === 'GET') return a.get(req.path);
  if (req.method === 'DELETE') return a.delete(req.path);
  if (req.method === 'POST') return a.post(req.path, req.body);
  if (req.method === 'PATCH') return a.patch(req.path, req.body);
  if (req.method === 'PUT') return a.put(req.path, req.body);
  if (req.method === 'DELETE') return a.delete(req.path);
  throw new Error(`no agent method for ${req.method}`);
}
