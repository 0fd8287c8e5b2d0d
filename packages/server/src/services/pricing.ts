// Prices for a buyer: the list price comes from the standard price book, the negotiated (unit) price from
// the first price book, by priority, of the buyer's groups. A product with no buyer price is not priced:
// the platform answers ITEM_NOT_FOUND rather than guessing from the list price.
import type { Kysely } from 'kysely';
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
import type { Database, PriceBookEntryTable } from '../db/schema.ts';

export interface PricingContext {
  webstoreId: string;
  buyerGroupIds: string[];
  currency: string;
}

interface Books {
  standard: string | null;
  buyer: string[];
}

export class PricingService {
  constructor(private db: Kysely<Database>) {}

  private async books(ctx: PricingContext): Promise<Books> {
    const [standard, buyer] = await Promise.all([
      this.db
        .selectFrom('price_book')
        .select('id')
        .where('webstore_id', '=', ctx.webstoreId)
        .where('is_standard', '=', 1)
        .where('is_active', '=', 1)
        .executeTakeFirst(),
      ctx.buyerGroupIds.length
        ? this.db
            .selectFrom('buyer_group_price_book')
            .innerJoin('price_book', 'price_book.id', 'buyer_group_price_book.price_book_id')
            .select('price_book.id')
            .where('buyer_group_price_book.buyer_group_id', 'in', ctx.buyerGroupIds)
            .where('price_book.is_active', '=', 1)
            .where('price_book.currency', '=', ctx.currency)
            .orderBy('buyer_group_price_book.priority')
            .execute()
        : [],
    ]);
    return { standard: standard?.id ?? null, buyer: buyer.map((b) => b.id) };
  }

  /** Prices for many products; a product without a buyer price maps to null. */
  async prices(
    ctx: PricingContext,
    products: Array<{ id: string; sellingModels: ProductSellingModel[] }>,
    opts: { allSellingModels?: boolean } = {},
  ): Promise<Map<string, ProductPrice | null>> {
    const out = new Map<string, ProductPrice | null>();
    if (!products.length) return out;
    const books = await this.books(ctx);
    const bookIds = [...books.buyer, ...(books.standard ? [books.standard] : [])];
    const entries = bookIds.length
      ? await this.db
          .selectFrom('price_book_entry')
          .selectAll()
          .where(
            'product_id',
            'in',
            products.map((p) => p.id),
          )
          .where('price_book_id', 'in', bookIds)
          .where('is_active', '=', 1)
          .execute()
      : [];
    const buyerRank = new Map(books.buyer.map((id, i) => [id, i]));
    const negotiatedIds = new Set<string>();
    const pick = (productId: string, modelId: string | null, oneTimeModelId: string | null) => {
      const matches = (e: PriceBookEntryTable) =>
        e.product_id === productId &&
        (e.selling_model_id === modelId ||
          (modelId !== null && modelId === oneTimeModelId && e.selling_model_id === null));
      const negotiated = entries
        .filter((e) => matches(e) && buyerRank.has(e.price_book_id))
        .sort((a, b) => buyerRank.get(a.price_book_id)! - buyerRank.get(b.price_book_id)!)[0];
      const list = entries.find((e) => matches(e) && e.price_book_id === books.standard);
      if (negotiated) negotiatedIds.add(negotiated.id);
      return { negotiated, list };
    };
    const picked = products.map((p) => {
      const oneTime = p.sellingModels.find((m) => m.sellingModelType === 'OneTime')?.id ?? null;
      const models: Array<ProductSellingModel | null> = p.sellingModels.length ? p.sellingModels : [null];
      return { p, oneTime, models: models.map((m) => ({ model: m, ...pick(p.id, m?.id ?? null, oneTime) })) };
    });
    const tiers = negotiatedIds.size
      ? await this.db
          .selectFrom('price_adjustment_tier')
          .selectAll()
          .where('price_book_entry_id', 'in', [...negotiatedIds])
          .orderBy('lower_bound')
          .execute()
      : [];

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

/** Price for each allowed term of a term-defined model: the per-term price times the number of terms. */
function termPrices(model: ProductSellingModel | null, unit: string, list: string): SubscriptionTermPrice[] {
  if (model?.sellingModelType !== 'TermDefined' || !model.subscriptionTermRule) return [];
  return subscriptionTermOptions(model.subscriptionTermRule).map((term) => ({
    term,
    negotiatedPrice: roundHalfUp(multiplyDecimal(unit, term), 2),
    listPrice: roundHalfUp(multiplyDecimal(list, term), 2),
  }));
}
