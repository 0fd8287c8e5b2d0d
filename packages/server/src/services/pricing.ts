// Prices for a buyer: the list price comes from the standard price book, the negotiated (unit) price from
// the first price book, by priority, of the buyer's groups. A product with no buyer price is not priced:
// the platform answers ITEM_NOT_FOUND rather than guessing from the list price.
import { sql, type Kysely } from 'kysely';
import { PreparedQuery } from '../db/prepared.ts';
import {
  computeTierUnitPrice,
  minorUnitsToDecimal,
  lowestUnitPrice,
  defaultSellingModel,
  multiplyDecimal,
  roundHalfUp,
  subscriptionTermOptions,
  type ProductPrice,
  type ProductPriceEntry,
  type PriceAdjustment,
  type ProductSellingModel,
  type SubscriptionTermPrice,
} from '@store/core';
import type { Database, PriceAdjustmentTierTable, PriceBookEntryTable } from '../db/schema.ts';
import {
  type BookEntry,
  type KeptPrices,
  type PickedEntries,
  type PriceBooks,
  pickKeptEntries,
  readPriceBooks,
} from './kept-prices.ts';

export interface PricingContext {
  webstoreId: string;
  buyerGroupIds: string[];
  currency: string;
}

/** A product's kept 'prices' row, and the store's price books version as of the same read. */
interface KeptPricesRow {
  product_id: string;
  body: string;
  books_version: number | null;
}

type EntryValues = { ids: string[]; groups: string[]; webstoreId: string; currency: string };

export class PricingService {
  // Compiled once per shape (db/prepared.ts): every priced read runs these.
  private keptOf: PreparedQuery<{ ids: string[]; webstoreId: string }, KeptPricesRow>;
  private entriesOf: PreparedQuery<EntryValues, BookEntry>;
  private tiersOf: PreparedQuery<{ ids: string[] }, PriceAdjustmentTierTable>;
  /** The price books per store, at the version last read (kept-prices.ts). */
  private books = new Map<string, Promise<PriceBooks>>();

  constructor(private db: Kysely<Database>) {
    this.keptOf = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('product_read')
        .select(['product_id', 'body'])
        // The books' version in the same statement (and snapshot) as the rows: no read of its own.
        .select((eb) =>
          eb.selectFrom('webstore').select('price_books_version').where('id', '=', p.webstoreId).as('books_version'),
        )
        .where('product_id', 'in', p.ids)
        .where('kind', '=', 'prices')
        .whereRef('body_stamp', '=', 'stamp')
        .$castTo<KeptPricesRow>(),
    );
    this.entriesOf = new PreparedQuery(db, (d, p) => entriesQuery(d, p));
    this.tiersOf = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('price_adjustment_tier')
        .selectAll()
        .where('price_book_entry_id', 'in', p.ids)
        .orderBy('lower_bound'),
    );
  }

  /**
   * The entries of these products in the books that price them for the buyer: the store's standard book gives
   * the list price; the buyer's groups' active books in the currency (lowest priority first) the unit price. A
   * book linked to several of the buyer's groups comes once per link: the lowest priority counts. Read from the
   * products' kept 'prices' rows (with their tiers); a product without a current row, the long way (one join).
   */
  private async entries(ctx: PricingContext, productIds: string[], read?: KeptPrices): Promise<PickedEntries> {
    const { rows, booksVersion: version } = read ? ofProducts(read, productIds) : await this.keptRows(ctx, productIds);
    // (No version: no row was found, or no store; every product goes the long way.)
    const kept = version == null ? [] : rows;
    const picked: PickedEntries = kept.length
      ? pickKeptEntries(kept, await this.priceBooks(ctx.webstoreId, version!), ctx)
      : { entries: [], tiers: new Map() };
    const done = new Set(kept.map((r) => r.product_id));
    const rest = productIds.filter((id) => !done.has(id));
    if (rest.length)
      picked.entries.push(
        ...(await this.entriesOf.execute({
          ids: rest,
          groups: ctx.buyerGroupIds,
          webstoreId: ctx.webstoreId,
          currency: ctx.currency,
        })),
      );
    return picked;
  }

  /** The products' current 'prices' rows, and the books' version of the same read. */
  private async keptRows(ctx: PricingContext, productIds: string[]): Promise<KeptPrices> {
    const rows = await this.keptOf.execute({ ids: productIds, webstoreId: ctx.webstoreId });
    return { rows, booksVersion: rows[0]?.books_version ?? null };
  }

  /** The price books as of `version` (read again when the store's counter moved: migration 035's triggers). */
  private priceBooks(webstoreId: string, version: number): Promise<PriceBooks> {
    const known = this.books.get(webstoreId);
    if (known) {
      // A read that failed is forgotten, so the next one tries again.
      const current = known.then((b) => (b.version === version ? b : null));
      return current.then((b) => b ?? this.freshBooks(webstoreId, version));
    }
    return this.freshBooks(webstoreId, version);
  }

  private freshBooks(webstoreId: string, version: number): Promise<PriceBooks> {
    const reading = readPriceBooks(this.db, version);
    this.books.set(webstoreId, reading);
    reading.catch(() => this.books.delete(webstoreId));
    return reading;
  }

  /**
   * Prices for many products; a product without a buyer price maps to null. `opts.kept`: the products' current
   * 'prices' rows as the caller read them (every current row of these products, with the books' version of the
   * same read), so they are not read again.
   */
  async prices(
    ctx: PricingContext,
    products: Array<{ id: string; sellingModels: readonly ProductSellingModel[] }>,
    opts: { allSellingModels?: boolean; kept?: KeptPrices } = {},
  ): Promise<Map<string, ProductPrice | null>> {
    const out = new Map<string, ProductPrice | null>();
    if (!products.length) return out;
    const { entries, tiers: tiersByEntry } = await this.entries(
      ctx,
      products.map((p) => p.id),
      opts.kept,
    );
    // Each product's entries, its buyer entries by priority: a lookup per selling model then reads only its own.
    const byProduct = new Map<string, { buyer: BookEntry[]; list: BookEntry[] }>();
    for (const e of entries) {
      let mine = byProduct.get(e.product_id);
      if (!mine) {
        mine = { buyer: [], list: [] };
        byProduct.set(e.product_id, mine);
      }
      if (e.book_is_standard === 1) mine.list.push(e);
      if (e.buyer_priority !== null) mine.buyer.push(e);
    }
    for (const mine of byProduct.values()) mine.buyer.sort((a, b) => a.buyer_priority! - b.buyer_priority!);
    const negotiatedIds = new Set<string>();
    const pick = (productId: string, modelId: string | null, oneTimeModelId: string | null) => {
      const matches = (e: PriceBookEntryTable) =>
        e.selling_model_id === modelId ||
        (modelId !== null && modelId === oneTimeModelId && e.selling_model_id === null);
      const mine = byProduct.get(productId);
      const negotiated = mine?.buyer.find(matches);
      const list = mine?.list.find(matches);
      if (negotiated) negotiatedIds.add(negotiated.id);
      return { negotiated, list };
    };
    const picked = products.map((p) => {
      const oneTime = p.sellingModels.find((m) => m.sellingModelType === 'OneTime')?.id ?? null;
      const models: ReadonlyArray<ProductSellingModel | null> = p.sellingModels.length ? p.sellingModels : [null];
      return { p, oneTime, models: models.map((m) => ({ model: m, ...pick(p.id, m?.id ?? null, oneTime) })) };
    });
    // The tiers of the entries read the long way (kept entries came with theirs).
    const unread = [...negotiatedIds].filter((id) => !tiersByEntry.has(id));
    const tiers = unread.length ? await this.tiersOf.execute({ ids: unread }) : [];
    for (const t of tiers) {
      const list = tiersByEntry.get(t.price_book_entry_id) ?? [];
      list.push(t);
      tiersByEntry.set(t.price_book_entry_id, list);
    }

    for (const { p, models } of picked) {
      const def = defaultSellingModel(p.sellingModels);
      const entryFor = (m: (typeof models)[number]): ProductPriceEntry => {
        if (!m.negotiated) {
          return {
            productSellingModelId: m.model?.id ?? null,
            pricebookEntryId: null,
            listPrice: null,
            unitPrice: null,
            negotiatedPrice: null,
            priceAdjustment: null,
            subscriptionTermPrices: [],
            success: false,
            error: { errorCode: 'ITEM_NOT_FOUND', message: 'No price is available for this selling model.' },
          };
        }
        const unit = minorUnitsToDecimal(m.negotiated.unit_price_minor);
        const list = m.list ? minorUnitsToDecimal(m.list.unit_price_minor) : unit;
        const entryTiers = tiersByEntry.get(m.negotiated.id) ?? [];
        const adjustment: PriceAdjustment | null = entryTiers.length
          ? {
              id: `0pa${m.negotiated.id.slice(3)}`,
              adjustmentMethod: 'Range',
              scheduleType: 'Volume',
              priceAdjustmentTiers: entryTiers.map((t) => ({
                id: t.id,
                adjustmentType: t.adjustment_type as 'PercentageBasedAdjustment' | 'AmountBasedAdjustment',
                adjustmentValue: t.adjustment_value,
                lowerBound: String(t.lower_bound),
                upperBound: t.upper_bound == null ? null : String(t.upper_bound),
                tierUnitPrice: computeTierUnitPrice(
                  unit,
                  t.adjustment_type as 'PercentageBasedAdjustment',
                  t.adjustment_value,
                ),
              })),
            }
          : null;
        return {
          productSellingModelId: m.model?.id ?? null,
          pricebookEntryId: m.negotiated.id,
          listPrice: list,
          unitPrice: unit,
          negotiatedPrice: unit,
          priceAdjustment: adjustment,
          subscriptionTermPrices: termPrices(m.model, unit, list),
          success: true,
          error: null,
        };
      };
      const defaultEntry =
        models.find((m) => (m.model?.id ?? null) === (def?.productSellingModelId ?? null)) ?? models[0];
      const top = entryFor(defaultEntry);
      if (!top.success) {
        out.set(p.id, null);
        continue;
      }
      const tierPrices = top.priceAdjustment?.priceAdjustmentTiers ?? [];
      out.set(p.id, {
        productId: p.id,
        currencyIsoCode: ctx.currency,
        listPrice: top.listPrice,
        unitPrice: top.unitPrice,
        negotiatedPrice: top.negotiatedPrice,
        lowestUnitPrice: lowestUnitPrice(top.unitPrice!, tierPrices),
        pricebookEntryId: top.pricebookEntryId,
        priceAdjustment: top.priceAdjustment,
        productPriceEntries: opts.allSellingModels ? models.map(entryFor) : [top],
      });
    }
    return out;
  }
}

/** Rows read beforehand, of these products only (the caller may have read more). */
function ofProducts(read: KeptPrices, productIds: string[]): KeptPrices {
  const wanted = new Set(productIds);
  return { rows: read.rows.filter((r) => wanted.has(r.product_id)), booksVersion: read.booksVersion };
}

/** The entries query of PricingService.entries (its values may be placeholders: db/prepared.ts). */
function entriesQuery(db: Kysely<Database>, p: EntryValues) {
  const groups = p.groups;
  return (
    db
      .selectFrom('price_book_entry as e')
      .innerJoin('price_book as pb', 'pb.id', 'e.price_book_id')
      // No groups (a store without a guest group): no buyer book, only the list price.
      .leftJoin('buyer_group_price_book as bg', (j) =>
        j
          .onRef('bg.price_book_id', '=', 'pb.id')
          .on((eb) => (groups.length ? eb('bg.buyer_group_id', 'in', groups) : sql<boolean>`1 = 0`)),
      )
      .selectAll('e')
      .select(['pb.is_standard as book_is_standard', 'bg.priority as buyer_priority'])
      .where('e.product_id', 'in', p.ids)
      .where('e.is_active', '=', 1)
      .where('pb.is_active', '=', 1)
      .where((eb) =>
        eb.or([
          eb.and([eb('pb.webstore_id', '=', p.webstoreId), eb('pb.is_standard', '=', 1)]),
          eb.and([eb('bg.buyer_group_id', 'is not', null), eb('pb.currency', '=', p.currency)]),
        ]),
      )
  );
}

/** Price for each allowed term of a term-defined model: the per-term price times the number of terms. */
function termPrices(model: ProductSellingModel | null, unit: string, list: string): SubscriptionTermPrice[] {
  if (model?.sellingModelType !== 'TermDefined' || !model.subscriptionTermRule) return [];
  return subscriptionTermOptions(model.subscriptionTermRule).map((term) => ({
    term,
    negotiatedPrice: roundHalfUp(multiplyDecimal(unit, term), 2),
    listPrice: roundHalfUp(multiplyDecimal(list, term), 2),
  }));
}
