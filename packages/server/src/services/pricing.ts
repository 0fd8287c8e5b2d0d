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

export interface PricingContext {
  webstoreId: string;
  buyerGroupIds: string[];
  currency: string;
}

/** An active entry of an active book that prices for the buyer: the store's standard book (list price) or one of the buyer's. */
interface BookEntry extends PriceBookEntryTable {
  /** 1 when the entry's book is the store's standard (list) book. */
  book_is_standard: number;
  /** The book's priority for the buyer (lowest first); null when it is not one of the buyer's books. */
  buyer_priority: number | null;
}

type EntryValues = { ids: string[]; groups: string[]; webstoreId: string; currency: string };

export class PricingService {
  // Compiled once per shape (db/prepared.ts): every priced read runs these two.
  private entriesOf: PreparedQuery<EntryValues, BookEntry>;
  private tiersOf: PreparedQuery<{ ids: string[] }, PriceAdjustmentTierTable>;

  constructor(db: Kysely<Database>) {
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
   * The entries of these products in the books that price them for the buyer, in one statement: the store's
   * standard book gives the list price; the buyer's groups' active books in the currency (lowest priority
   * first) the unit price. A book linked to several of the buyer's groups comes once per link: the lowest
   * priority counts.
   */
  private entries(ctx: PricingContext, productIds: string[]): Promise<BookEntry[]> {
    return this.entriesOf.execute({
      ids: productIds,
      groups: ctx.buyerGroupIds,
      webstoreId: ctx.webstoreId,
      currency: ctx.currency,
    });
  }

  /** Prices for many products; a product without a buyer price maps to null. */
  async prices(
    ctx: PricingContext,
    products: Array<{ id: string; sellingModels: ProductSellingModel[] }>,
    opts: { allSellingModels?: boolean } = {},
  ): Promise<Map<string, ProductPrice | null>> {
    const out = new Map<string, ProductPrice | null>();
    if (!products.length) return out;
    const entries = await this.entries(
      ctx,
      products.map((p) => p.id),
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
      const models: Array<ProductSellingModel | null> = p.sellingModels.length ? p.sellingModels : [null];
      return { p, oneTime, models: models.map((m) => ({ model: m, ...pick(p.id, m?.id ?? null, oneTime) })) };
    });
    const tiers = negotiatedIds.size ? await this.tiersOf.execute({ ids: [...negotiatedIds] }) : [];

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
        const entryTiers = tiers.filter((t) => t.price_book_entry_id === m.negotiated!.id);
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
