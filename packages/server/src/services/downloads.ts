// Delivering datasets: signed, expiring download links for the datasets an order paid for, and the
// file behind a link (streamed, never held in memory). A link names the order and the line, or for a
// bundle line one of its component datasets (one link per dataset in the bundle, ./order-downloads.ts), and
// is signed with a server-wide key every process shares. Who may use it: for an account's order, a
// logged-in buyer of that account (so a link passed to another account is refused); for a guest's
// order, whoever holds the link, since a guest has no login and the link went to the email they gave.
import type { Kysely } from 'kysely';
import { type DownloadLink, parseListSelection } from '@store/core';
import type { Database, SalesOrderTable } from '../db/schema.ts';
import { ApiError } from '../domain/errors.ts';
import { DOWNLOAD_LINK_SECRET, serverSecret } from '../downloads/secret.ts';
import { signDownload, verifyDownload } from '../downloads/signed-link.ts';
import { datasetFileName } from '../downloads/dataset-file.ts';
import { deliveryStream } from './dataset-files/delivery.ts';
import type { OrderService } from './orders.ts';
import { type DownloadableItem, linkedItem } from './order-downloads.ts';

/** Links on the order page last an hour (a fresh one comes with every visit); links in the email a week. */
export const PAGE_LINK_TTL_MS = 3600_000;
export const EMAIL_LINK_TTL_MS = 7 * 24 * 3600_000;

export const downloadPath = (webstoreId: string, token: string) =>
  `/services/data/v65.0/commerce/webstores/${webstoreId}/downloads/${token}`;

/** The buyer behind a download request: a logged-in user and the accounts they may act for. */
export interface DownloadCaller {
  userId: string | null;
  mayActFor(accountId: string): Promise<boolean>;
}

export class DownloadService {
  constructor(
    private db: Kysely<Database>,
    private orders: OrderService,
  ) {}

  /** Page links for an order's datasets (none for a cancelled order). */
  async links(order: SalesOrderTable, ttlMs = PAGE_LINK_TTL_MS): Promise<DownloadLink[]> {
    return this.sign(this.db, order, await this.orders.downloadable(order), ttlMs);
  }

  /** Signs links for the given lines; takes the database handle to use, so the order's transaction can call it. */
  async sign(
    db: Kysely<Database>,
    order: Pick<SalesOrderTable, 'id' | 'webstore_id'>,
    items: DownloadableItem[],
    ttlMs: number,
    now = Date.now(),
  ): Promise<DownloadLink[]> {
    if (!items.length) return [];
    const secret = await serverSecret(db, DOWNLOAD_LINK_SECRET);
    const expiresAt = now + ttlMs;
    return items.map((i) => ({
      orderItemId: i.orderItemId,
      productId: i.productId,
      productName: i.name,
      bundleName: i.bundleName ?? null,
      fileName: datasetFileName(i),
      url: downloadPath(
        order.webstore_id,
        signDownload(secret, { orderId: order.id, orderItemId: i.linkItemId, expiresAt }),
      ),
      expiresAt: new Date(expiresAt).toISOString(),
    }));
  }

  /** The file behind a link, after checking the signature, the expiry and the caller. */
  async open(webstoreId: string, token: string, caller: DownloadCaller) {
    const verified = verifyDownload(await serverSecret(this.db, DOWNLOAD_LINK_SECRET), token);
    if (!verified.ok) {
      if (verified.reason === 'expired')
        throw new ApiError(
          410,
          'DOWNLOAD_LINK_EXPIRED',
          'This download link has expired. Open the order to get a new link.',
        );
      throw new ApiError(403, 'INVALID_DOWNLOAD_LINK', 'This download link isn\u2019t valid.');
    }
    // The dataset whose file it is: the line's product, or the bundle line's component the link names.
    const { orderItemId, productId } = await linkedItem(this.db, verified.claim.orderItemId);
    const row = await this.db
      .selectFrom('order_item')
      .innerJoin('sales_order', 'sales_order.id', 'order_item.order_id')
      .innerJoin('product', (j) =>
        productId === null ? j.onRef('product.id', '=', 'order_item.product_id') : j.on('product.id', '=', productId),
      )
      .select([
        'sales_order.owner_user_id',
        'sales_order.account_id',
        'sales_order.status',
        'sales_order.webstore_id',
        'order_item.fulfilment',
        'order_item.refunded_at',
        'order_item.selling_model_type',
        'order_item.list_selection',
        'order_item.list_file_version',
        'product.id as product_id',
        'product.sku',
        'product.name',
      ])
      .where('order_item.id', '=', orderItemId)
      .where('order_item.order_id', '=', verified.claim.orderId)
      .executeTakeFirst();
    if (!row || row.webstore_id !== webstoreId || row.fulfilment !== 'Dataset' || row.status === 'Cancelled') {
      throw new ApiError(404, 'ITEM_NOT_FOUND', 'There is no download behind this link.');
    }
    if (row.owner_user_id) {
      if (!caller.userId)
        throw new ApiError(401, 'INVALID_SESSION_ID', 'Log in to download the files of your account\u2019s orders.');
      if (!row.account_id || !(await caller.mayActFor(row.account_id)))
        throw new ApiError(403, 'INSUFFICIENT_ACCESS', 'This download belongs to another account.');
    }
    // A refunded dataset is no longer the buyer's: its links end, for whoever may otherwise use it (410: gone for good, with
    // its own code, so the page can say why rather than offer a new link).
    if (row.refunded_at)
      throw new ApiError(410, 'DOWNLOAD_REFUNDED', 'This dataset was refunded, so its download has ended.');
    const { stream } = await deliveryStream(this.db, row.product_id, deliveredPart(row, productId !== null));
    return { fileName: datasetFileName(row), stream };
  }
}

const SUBSCRIPTION_MODELS = new Set(['Evergreen', 'TermDefined']);

/**
 * Which file and records a line delivers (issue 19). A bundle's component: its own live file, whole. A
 * subscription: the live version with the line's selection re-applied at each delivery (the buyer subscribes to
 * the list as it is kept up to date). Any other line: the version it was priced on (the live one when the line
 * names none, as lines placed before files had versions do) and its selection.
 */
function deliveredPart(
  line: { selling_model_type: string | null; list_selection: string | null; list_file_version: number | null },
  bundleComponent: boolean,
) {
  if (bundleComponent) return { version: null, selection: null };
  const selection = line.list_selection ? parseListSelection(line.list_selection) : null;
  if (SUBSCRIPTION_MODELS.has(line.selling_model_type ?? '')) return { version: null, selection };
  return { version: line.list_file_version, selection };
}
