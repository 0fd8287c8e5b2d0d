// A product's uploaded image in the workspace (issue 15): upload (or replace), change its alternative text,
// remove. The image is checked and normalised first (datasets/uploaded-image.ts), outside the transaction;
// then the stored image, the product's Standard and Listing media (pointed at its renditions, with the alt
// text) and the audit entry commit together with the catalogue version bump, so every process's product
// answers name the new image at once. Removing it points the media back at the generated image.
import type { Kysely, Transaction } from 'kysely';
import { type AdminProductImage, type ProductImageUploadType, productImageRef } from '@store/core';
import type { Database } from '../../db/schema.ts';
import { allocateIds } from '../../db/ids.ts';
import { badInput, notFound } from '../../domain/errors.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import { normaliseUpload, storedImageColumns } from '../../datasets/uploaded-image.ts';
import { lockProduct, type CatalogueChanges } from './catalogue-change.ts';
import type { Actor } from './workspace-access.ts';

/** The rendition widths the media point at: the page's image and the listing's (srcset offers the rest). */
const PAGE_WIDTH = 960;
const LISTING_WIDTH = 640;
const THUMBNAIL_WIDTH = 320;

const rendition = (sku: string, width: number, version: string) => `/media/products/${sku}/${width}.webp?v=${version}`;

/** The image of a product as the workspace shows it, or null while it has the generated one. */
export async function uploadedImageOf(db: Kysely<Database>, productId: string): Promise<AdminProductImage | null> {
  const row = await db
    .selectFrom('product_image')
    .innerJoin('product', 'product.id', 'product_image.product_id')
    .select([
      'product.sku',
      'product_image.version',
      'product_image.alt_text',
      'product_image.width',
      'product_image.height',
      'product_image.byte_size',
      'product_image.uploaded_at',
    ])
    .where('product_image.product_id', '=', productId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    url: rendition(row.sku, PAGE_WIDTH, row.version),
    altText: row.alt_text,
    width: row.width,
    height: row.height,
    byteSize: row.byte_size,
    uploadedAt: row.uploaded_at,
  };
}

interface Picture {
  url: string;
  thumbnailUrl: string;
  listingUrl: string;
  alt: string;
}

export class ProductImageAdmin {
  constructor(
    private db: Kysely<Database>,
    private changes: CatalogueChanges,
  ) {}

  async upload(
    webstoreId: string,
    actor: Actor,
    productId: string,
    bytes: Buffer,
    contentType: ProductImageUploadType,
    altText: string,
  ): Promise<AdminProductImage> {
    const id = checkedId(productId, KEY_PREFIX.product);
    const alt = requiredAlt(altText);
    // Unknown product before the (slower) image work, so a wrong id is a 404 whatever the body.
    await this.product(this.db, webstoreId, id);
    const image = await normaliseUpload(bytes, contentType);
    const mediaIds = await allocateIds(this.db, KEY_PREFIX.media, 2);
    return this.change(webstoreId, actor, id, 'uploadImage', async (trx, sku) => {
      const row = { webstore_id: webstoreId, ...storedImageColumns(image), alt_text: alt };
      await trx
        .insertInto('product_image')
        .values({ product_id: id, ...row })
        .onConflict((oc) => oc.column('product_id').doUpdateSet(row))
        .execute();
      await pointMedia(trx, id, mediaIds, {
        url: rendition(sku, PAGE_WIDTH, image.version),
        listingUrl: rendition(sku, LISTING_WIDTH, image.version),
        thumbnailUrl: rendition(sku, THUMBNAIL_WIDTH, image.version),
        alt,
      });
    });
  }

  async describe(webstoreId: string, actor: Actor, productId: string, altText: string): Promise<AdminProductImage> {
    const id = checkedId(productId, KEY_PREFIX.product);
    const alt = requiredAlt(altText);
    return this.change(webstoreId, actor, id, 'describeImage', async (trx) => {
      const done = await trx.updateTable('product_image').set({ alt_text: alt }).where('product_id', '=', id).execute();
      if (!Number(done[0]?.numUpdatedRows)) throw notFound('This product has no uploaded image.');
      await trx
        .updateTable('product_media')
        .set({ alt_text: alt, title: alt })
        .where('product_id', '=', id)
        .where('usage_type', 'in', ['Standard', 'Listing'])
        .execute();
    });
  }

  async remove(webstoreId: string, actor: Actor, productId: string): Promise<void> {
    const id = checkedId(productId, KEY_PREFIX.product);
    await this.change(webstoreId, actor, id, 'removeImage', async (trx, sku, name) => {
      const done = await trx.deleteFrom('product_image').where('product_id', '=', id).execute();
      if (!Number(done[0]?.numDeletedRows)) throw notFound('This product has no uploaded image.');
      // Back to the generated image every dataset has, named as the seed and product creation name it.
      const svg = `/media/products/${sku}.svg`;
      await pointMedia(trx, id, [], {
        url: svg,
        listingUrl: `${svg}?size=thumb`,
        thumbnailUrl: `${svg}?size=thumb`,
        alt: name,
      });
    });
  }

  /** One audited catalogue change of a product's image; answers the image as it stands after it. */
  private async change(
    webstoreId: string,
    actor: Actor,
    id: string,
    action: string,
    write: (trx: Transaction<Database>, sku: string, name: string) => Promise<void>,
  ): Promise<AdminProductImage> {
    return this.changes.run(webstoreId, actor, async (trx) => {
      await lockProduct(trx, id);
      const p = await this.product(trx, webstoreId, id);
      const before = await uploadedImageOf(trx, id);
      await write(trx, p.sku, p.name);
      const after = await uploadedImageOf(trx, id);
      return {
        result: after!,
        change: { action, recordType: 'Product', recordId: id, recordLabel: `${p.sku} ${p.name}`, before, after },
        productIds: [id],
      };
    });
  }

  private async product(db: Kysely<Database>, webstoreId: string, id: string) {
    const p = await db
      .selectFrom('product')
      .select(['sku', 'name'])
      .where('id', '=', id)
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (!p) throw notFound(`The product ${id} doesn't exist.`);
    // The image routes name products by SKU (core's SKU_PATTERN, which the workspace and imports enforce); a
    // SKU written into the database by other means could be stored but never served.
    if (!productImageRef(`/media/products/${p.sku}.svg`))
      throw badInput(
        `The image route can't serve the sku ${p.sku}: a SKU holds only letters, digits, ".", "_" and "-".`,
      );
    return p;
  }
}

function requiredAlt(altText: string): string {
  const alt = altText.trim();
  if (!alt) throw badInput('Describe the image in the alternative text: shoppers using a screen reader hear it.');
  return alt;
}

/** The product's Standard and Listing media at these URLs (made when the product had none). */
async function pointMedia(trx: Transaction<Database>, productId: string, newIds: string[], p: Picture) {
  const usages = [
    { usage: 'Standard', url: p.url },
    { usage: 'Listing', url: p.listingUrl },
  ];
  for (const [i, u] of usages.entries()) {
    const set = { url: u.url, thumbnail_url: p.thumbnailUrl, alt_text: p.alt, title: p.alt };
    const done = await trx
      .updateTable('product_media')
      .set(set)
      .where('product_id', '=', productId)
      .where('usage_type', '=', u.usage)
      .execute();
    if (!Number(done[0]?.numUpdatedRows) && newIds[i])
      await trx
        .insertInto('product_media')
        .values({
          id: newIds[i]!,
          product_id: productId,
          usage_type: u.usage,
          media_type: 'Image',
          sort_order: 0,
          ...set,
        })
        .execute();
  }
}
