// What an order delivers as downloads: each dataset line its own file, except a bundle line, which
// delivers one file per dataset the bundle contains. The contents are recorded in the order's own
// transaction (order_item_component), so the downloads are what was bought even if the seller later
// changes the bundle, and only what the buyer could see: a component hidden from the buyer by the
// entitlements is neither listed on the bundle's page nor delivered (nor named) afterwards.
import type { Kysely } from 'kysely';
import { KEY_PREFIXES } from '@store/core';
import type { Database, OrderItemComponentTable, OrderItemTable } from '../db/schema.ts';
import { randomRecordId } from '../domain/record-ids.ts';
import type { Viewer } from './products.ts';

export const BUNDLE_COMPONENT = 'BundleComponent';

/** One file an order delivers: the line it belongs to and the dataset whose file it is. */
export interface DownloadableItem {
  /** The order line (for a bundle's dataset, the bundle's line). */
  orderItemId: string;
  /** What its link signs: the line's id, or the id of the bundle line's component. */
  linkItemId: string;
  /** The dataset whose file this is: the line's product, or for a bundle line one of its components. */
  productId: string;
  name: string;
  sku: string;
  /** Set for a bundle's component: the bundle line's name, to say where the file came from. */
  bundleName?: string;
}

/**
 * Records the component datasets of the order's bundle lines, those the buyer may see, in the bundle's
 * order. Runs inside the order's transaction, after its lines are written.
 */
export async function recordBundleComponents(
  trx: Kysely<Database>,
  viewer: Viewer,
  lines: ReadonlyArray<{ id: string; product_id: string }>,
): Promise<void> {
  if (!lines.length) return;
  const components = await trx
    .selectFrom('product_relation')
    .innerJoin('product', 'product.id', 'product_relation.related_id')
    .select([
      'product_relation.product_id as bundle_id',
      'product_relation.position',
      'product.id',
      'product.sku',
      'product.name',
    ])
    .where(
      'product_relation.product_id',
      'in',
      lines.map((l) => l.product_id),
    )
    .where('product_relation.relationship_type', '=', BUNDLE_COMPONENT)
    .where('product.is_active', '=', 1)
    .where('product.fulfilment', '=', 'Dataset')
    .orderBy('product_relation.position')
    .execute();
  const rows = lines.flatMap((line) =>
    components
      .filter((c) => c.bundle_id === line.product_id && viewer.visibility.canSeeProduct(c.id))
      .map((c, i) => ({
        id: randomRecordId(KEY_PREFIXES.orderItem),
        order_item_id: line.id,
        position: i + 1,
        product_id: c.id,
        sku: c.sku,
        name: c.name,
      })),
  );
  if (rows.length) await trx.insertInto('order_item_component').values(rows).execute();
}

/** The files an order's dataset lines not refunded deliver, in line order (a bundle line's components in the bundle's order). */
export async function downloadableItems(db: Kysely<Database>, orderId: string): Promise<DownloadableItem[]> {
  const [lines, components] = await Promise.all([
    db
      .selectFrom('order_item')
      .select(['id', 'product_id', 'name', 'sku'])
      .where('order_id', '=', orderId)
      .where('fulfilment', '=', 'Dataset')
      // A refunded line delivers nothing more (its links answer 410).
      .where('refunded_at', 'is', null)
      .orderBy('seq')
      .execute(),
    db
      .selectFrom('order_item_component')
      .innerJoin('order_item', 'order_item.id', 'order_item_component.order_item_id')
      .select([
        'order_item_component.id',
        'order_item_component.order_item_id',
        'order_item_component.product_id',
        'order_item_component.name',
        'order_item_component.sku',
      ])
      .where('order_item.order_id', '=', orderId)
      .orderBy('order_item_component.position')
      .execute(),
  ]);
  return lines.flatMap((l): DownloadableItem[] => {
    const parts = components.filter((c) => c.order_item_id === l.id);
    return parts.length ? parts.map((c) => downloadableItem(l, c)) : [downloadableItem(l, null)];
  });
}

type Part = Pick<OrderItemComponentTable, 'id' | 'product_id' | 'name' | 'sku'>;

/**
 * The file of an order line, or of one of its bundle's components. A line without recorded components is a
 * dataset of its own (or a bundle bought before contents were recorded, which keeps the one combined file it
 * always had).
 */
export function downloadableItem(
  line: Pick<OrderItemTable, 'id' | 'product_id' | 'name' | 'sku'>,
  part: Part | null,
): DownloadableItem {
  if (!part)
    return { orderItemId: line.id, linkItemId: line.id, productId: line.product_id, name: line.name, sku: line.sku };
  return {
    orderItemId: line.id,
    linkItemId: part.id,
    productId: part.product_id,
    name: part.name,
    sku: part.sku,
    bundleName: line.name,
  };
}

/**
 * The order line and dataset a link's item id stands for: a bundle line's component, else the line itself
 * (productId null: the line's own product).
 */
export async function linkedItem(
  db: Kysely<Database>,
  itemId: string,
): Promise<{ orderItemId: string; productId: string | null }> {
  const part = await db
    .selectFrom('order_item_component')
    .select(['order_item_id', 'product_id'])
    .where('id', '=', itemId)
    .executeTakeFirst();
  return part
    ? { orderItemId: part.order_item_id, productId: part.product_id }
    : { orderItemId: itemId, productId: null };
}
