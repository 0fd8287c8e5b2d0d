// Gift wrap (issue 14; spec 02 §7 "GET products/gift-wrap", spec 01 giftingConfig). The store's gift-wrap
// product is read from its own table (migration 007), not the catalogue: it is not sold on its own, so it
// is never searched, entitled or stocked. It is offered only while the store's giftingConfig has gifting
// and gift wrap on; otherwise the route answers 404, as for a store without one.
import type { Kysely } from 'kysely';
import type { ApplicationContext, GiftWrapProduct } from '@store/core';
import type { Database, GiftWrapProductTable } from '../db/schema.ts';
import { notFound } from '../domain/errors.ts';
import { pickFields } from './products.ts';

/** Whether the store sells gift wrap now (both switches on). */
export const giftWrapOffered = (settings: ApplicationContext): boolean =>
  settings.giftingConfig.isGiftingEnabled && settings.giftingConfig.isGiftWrapEnabled;

/** Whether a shopper may write a gift message now. */
export const giftMessageOffered = (settings: ApplicationContext): boolean =>
  settings.giftingConfig.isGiftingEnabled && settings.giftingConfig.isGiftMessageEnabled;

export class GiftWrapService {
  constructor(private db: Kysely<Database>) {}

  /** The store's gift-wrap row, or 404 when the store offers none. */
  async require(webstoreId: string, settings: ApplicationContext): Promise<GiftWrapProductTable> {
    const row = giftWrapOffered(settings)
      ? await this.db
          .selectFrom('gift_wrap_product')
          .selectAll()
          .where('webstore_id', '=', webstoreId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw notFound('This store does not offer gift wrap.');
    return row;
  }

  /** GET products/gift-wrap: the product's fields (narrowed by `fields`) and its price. */
  async detail(webstoreId: string, settings: ApplicationContext, q: { fields?: string[] }): Promise<GiftWrapProduct> {
    const row = await this.require(webstoreId, settings);
    const all = { Name: row.name, StockKeepingUnit: row.sku, Description: row.description };
    return {
      id: row.id,
      sku: row.sku,
      name: row.name,
      productClass: 'Simple',
      fields: pickFields(all, q),
      // The price is kept and answered as a decimal string, as every price in the API.
      prices: { currencyIsoCode: row.currency, listPrice: row.unit_price, unitPrice: row.unit_price },
    };
  }
}
