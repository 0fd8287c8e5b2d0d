// A product's prices in the workspace: one entry per price book (and selling model; none is the plain one-time
// price), each with its volume tiers. Replacing them is one change: the product's entries and tiers as sent,
// checked first (the store's books and the product's selling models only, each pair once, sound tiers), then
// written with one audit entry holding the whole list before and after. Money is stored in minor units and
// travels as decimal strings; it is never a binary float.
import type { Kysely, Transaction } from 'kysely';
import {
  decimalToMinorUnits,
  minorUnitsToDecimal,
  tierProblem,
  type AdminPriceBook,
  type PriceEntryInput,
  type ProductPrices,
  type TierInput,
} from '@store/core';
import type { Database } from '../../db/schema.ts';
import { allocateIds } from '../../db/ids.ts';
import { badInput, notFound } from '../../domain/errors.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import { productAuditLabel } from './audit-log.ts';
import { lockProduct, type CatalogueChanges } from './catalogue-change.ts';
import type { Actor } from './workspace-access.ts';

export class PriceAdmin {
  constructor(
    private db: Kysely<Database>,
    private changes: CatalogueChanges,
  ) {}

  async get(webstoreId: string, productId: string): Promise<ProductPrices> {
    const id = checkedId(productId, KEY_PREFIX.product);
    const prices = await this.read(this.db, webstoreId, id);
    if (!prices) throw notFound(`The product ${productId} doesn't exist.`);
    return prices;
  }

  /** The store's price books, for the price form's choices. */
  books(webstoreId: string): Promise<AdminPriceBook[]> {
    return this.db
      .selectFrom('price_book')
      .select(['id', 'name', 'is_standard', 'is_active', 'currency'])
      .where('webstore_id', '=', webstoreId)
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.map((b) => ({
          id: b.id,
          name: b.name,
          isStandard: b.is_standard === 1,
          isActive: b.is_active === 1,
          currencyIsoCode: b.currency,
        })),
      );
  }

  async replace(webstoreId: string, actor: Actor, productId: string, input: PriceEntryInput[]): Promise<ProductPrices> {
    const id = checkedId(productId, KEY_PREFIX.product);
    const entries = await this.checked(webstoreId, id, input);
    const entryIds = await allocateIds(this.db, KEY_PREFIX.priceBookEntry, entries.length);
    const tierIds = await allocateIds(
      this.db,
      KEY_PREFIX.priceTier,
      entries.reduce((n, e) => n + e.tiers.length, 0),
    );
    return this.changes.run(webstoreId, actor, async (trx) => {
      await lockProduct(trx, id);
      const before = await this.read(trx, webstoreId, id);
      if (!before) throw notFound(`The product ${productId} doesn't exist.`);
      // An entry keeps its id while its price book and selling model stay priced (the audit log then reads
      // as a change of that entry); a newly priced pair takes a fresh one.
      const kept = new Map(before.entries.map((e) => [`${e.priceBookId}/${e.sellingModelId}`, e.id]));
      await this.removeAll(trx, id);
      let t = 0;
      for (const [i, e] of entries.entries()) {
        const entryId = kept.get(`${e.priceBookId}/${e.sellingModelId}`) ?? entryIds[i]!;
        await trx
          .insertInto('price_book_entry')
          .values({
            id: entryId,
            price_book_id: e.priceBookId,
            product_id: id,
            selling_model_id: e.sellingModelId,
            unit_price_minor: Number(decimalToMinorUnits(e.unitPrice)),
            is_active: e.isActive ? 1 : 0,
          })
          .execute();
        for (const tier of e.tiers)
          await trx
            .insertInto('price_adjustment_tier')
            .values({
              id: tierIds[t++]!,
              price_book_entry_id: entryId,
              lower_bound: tier.lowerBound,
              upper_bound: tier.upperBound,
              adjustment_type: tier.adjustmentType,
              adjustment_value: tier.adjustmentValue,
            })
            .execute();
      }
      const after = (await this.read(trx, webstoreId, id))!;
      return {
        result: after,
        change: {
          action: 'replacePrices',
          recordType: 'ProductPrices',
          recordId: id,
          recordLabel: await productAuditLabel(trx, id),
          before: before.entries,
          after: after.entries,
        },
        productIds: [id],
      };
    });
  }

  private async removeAll(trx: Transaction<Database>, productId: string) {
    await trx
      .deleteFrom('price_adjustment_tier')
      .where('price_book_entry_id', 'in', (eb) =>
        eb.selectFrom('price_book_entry').select('id').where('product_id', '=', productId),
      )
      .execute();
    await trx.deleteFrom('price_book_entry').where('product_id', '=', productId).execute();
  }

  /** The entries as they will be written, or a 400 naming the first problem. */
  private async checked(webstoreId: string, productId: string, input: PriceEntryInput[]) {
    const [books, models, product] = await Promise.all([
      this.db.selectFrom('price_book').select('id').where('webstore_id', '=', webstoreId).execute(),
      this.db
        .selectFrom('product_selling_model')
        .innerJoin('selling_model', 'selling_model.id', 'product_selling_model.selling_model_id')
        .select(['selling_model.id', 'selling_model.selling_model_type'])
        .where('product_id', '=', productId)
        .execute(),
      this.db
        .selectFrom('product')
        .select('id')
        .where('id', '=', productId)
        .where('webstore_id', '=', webstoreId)
        .executeTakeFirst(),
    ]);
    if (!product) throw notFound(`The product ${productId} doesn't exist.`);
    const bookIds = new Set(books.map((b) => b.id));
    // The plain one-time price names no selling model (its entries carry none); subscriptions name theirs.
    const modelIds = new Set(models.filter((m) => m.selling_model_type !== 'OneTime').map((m) => m.id));
    const seen = new Set<string>();
    return input.map((e, i) => {
      const where = `entries[${i}]`;
      const priceBookId = checkedId(e.priceBookId, KEY_PREFIX.priceBook);
      if (!bookIds.has(priceBookId)) throw badInput(`${where}: unknown price book ${e.priceBookId}.`);
      const sellingModelId = e.sellingModelId ? checkedId(e.sellingModelId, KEY_PREFIX.sellingModel) : null;
      if (sellingModelId && !modelIds.has(sellingModelId))
        throw badInput(`${where}: the product isn't sold with the selling model ${e.sellingModelId}.`);
      const key = `${priceBookId}/${sellingModelId}`;
      if (seen.has(key)) throw badInput(`${where}: the price book and selling model are already priced.`);
      seen.add(key);
      const tiers = [...(e.tiers ?? [])].sort((a, b) => a.lowerBound - b.lowerBound);
      const problem = tierProblem(e.unitPrice, tiers);
      if (problem) throw badInput(`${where}: ${problem}`);
      return { priceBookId, sellingModelId, unitPrice: e.unitPrice, isActive: e.isActive ?? true, tiers };
    });
  }

  private async read(db: Kysely<Database>, webstoreId: string, productId: string): Promise<ProductPrices | null> {
    const product = await db
      .selectFrom('product')
      .select('id')
      .where('id', '=', productId)
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (!product) return null;
    const entries = await db
      .selectFrom('price_book_entry')
      .innerJoin('price_book', 'price_book.id', 'price_book_entry.price_book_id')
      .select([
        'price_book_entry.id',
        'price_book_entry.price_book_id',
        'price_book.name',
        'price_book.currency',
        'price_book_entry.selling_model_id',
        'price_book_entry.unit_price_minor',
        'price_book_entry.is_active',
      ])
      .where('price_book_entry.product_id', '=', productId)
      .execute();
    // By book, the plain one-time price first (sorted here: the databases place nulls differently).
    entries.sort(
      (a, b) =>
        a.price_book_id.localeCompare(b.price_book_id) ||
        (a.selling_model_id ?? '').localeCompare(b.selling_model_id ?? ''),
    );
    const tiers = entries.length
      ? await db
          .selectFrom('price_adjustment_tier')
          .selectAll()
          .where(
            'price_book_entry_id',
            'in',
            entries.map((e) => e.id),
          )
          .orderBy('lower_bound')
          .execute()
      : [];
    return {
      productId,
      currencyIsoCode: entries[0]?.currency ?? 'USD',
      entries: entries.map((e) => ({
        id: e.id,
        priceBookId: e.price_book_id,
        priceBookName: e.name,
        sellingModelId: e.selling_model_id,
        unitPrice: minorUnitsToDecimal(e.unit_price_minor),
        isActive: e.is_active === 1,
        tiers: tiers
          .filter((t) => t.price_book_entry_id === e.id)
          .map((t) => ({
            lowerBound: t.lower_bound,
            upperBound: t.upper_bound,
            adjustmentType: t.adjustment_type as TierInput['adjustmentType'],
            adjustmentValue: t.adjustment_value,
          })),
      })),
    };
  }
}
