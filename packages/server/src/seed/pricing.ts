// Prices of the demo catalogue, all in integer cents. A dataset's list price grows with its record
// count on a log scale ($49 for ~1,200 records up to $4,999 for 2.5 million) and with how rich the
// list type is; prices are "shelf" prices ($149, $1,199.99). Entry and tier ids are derived from
// the product number so they are stable whatever the catalogue size.
import { KEY_PREFIX, formatId } from '../domain/record-ids.ts';
import type { PriceAdjustmentTierTable, PriceBookEntryTable } from '../db/schema.ts';
import type { Rng } from '../datasets/random.ts';
import { PRICE_BOOK_IDS, SELLING_MODEL_IDS, type SellingModelKey } from './store.ts';

const MIN_RECORDS = 1_200;
const MAX_RECORDS = 2_500_000;
export const MIN_PRICE = 49;
export const MAX_PRICE = 4_999;

/** Rounds dollars to a shelf price: 49, 59 ... 99, 149, 199 ... 999, 1,099 ... */
export function shelfDollars(x: number): number {
  const step = x < 100 ? 10 : x < 1_000 ? 50 : 100;
  return Math.max(9, Math.round((x + 1) / step) * step - 1);
}

/** Whole dollars or .99, chosen by the product's stream. */
export function shelfCents(dollars: number, rng: Rng): number {
  return dollars * 100 + (dollars < MAX_PRICE && rng() < 0.5 ? 99 : 0);
}

export function listPriceCents(recordCount: number, priceFactor: number, rng: Rng): number {
  const t = Math.min(1, Math.max(0, Math.log(recordCount / MIN_RECORDS) / Math.log(MAX_RECORDS / MIN_RECORDS)));
  // t^0.75 lifts the middle: ~5,000 records cost ~$200, ~100,000 about $1,000.
  const raw = MIN_PRICE * (MAX_PRICE / MIN_PRICE) ** (t ** 0.75) * priceFactor;
  return shelfCents(Math.min(MAX_PRICE, Math.max(MIN_PRICE, shelfDollars(raw))), rng);
}

/** A discounted price that still looks like a price: floor to the dollar, then .99. */
export function discounted(cents: number, fraction: number): number {
  if (fraction <= 0) return cents;
  return Math.max(99, Math.floor((cents * (1 - fraction)) / 100) * 100 - 1);
}

/** Price per pricing term of each subscription model, relative to the one-time price. */
export function subscriptionCents(model: SellingModelKey, oneTimeCents: number): number {
  const factor = model === 'monthlyRefresh' ? 0.12 : model === 'annual' ? 1.6 : model === 'monthlyTerm' ? 0.14 : 1;
  const dollars = Math.max(9, Math.round((oneTimeCents / 100) * factor));
  return model === 'annual' ? shelfDollars(dollars) * 100 : dollars * 100 - 1;
}

export interface PriceSpec {
  /** One-time list price; null for subscription-only products (their list is derived anyway). */
  baseCents: number;
  oneTime: boolean;
  subscriptions: SellingModelKey[];
  /** Store (guest) price book discount; 0 = negotiated equals list. */
  storeDiscount: number;
  wholesaleDiscount: number;
  tiers: 'percent' | 'amount' | null;
}

const SLOT: Record<SellingModelKey, number> = { oneTime: 0, monthlyRefresh: 1, annual: 2, monthlyTerm: 3 };
const BOOKS = [PRICE_BOOK_IDS.standard, PRICE_BOOK_IDS.store, PRICE_BOOK_IDS.wholesale] as const;

/** Entry id number: 16 slots per product (3 books x 4 selling models). */
export const entryNumber = (pid: number, book: number, slot: number) => pid * 16 + book * 4 + slot;
export const tierNumber = (entryNum: number, k: number) => entryNum * 4 + k;

export function priceRows(
  pid: number,
  productId: string,
  spec: PriceSpec,
): { entries: PriceBookEntryTable[]; tiers: PriceAdjustmentTierTable[] } {
  const entries: PriceBookEntryTable[] = [];
  const tiers: PriceAdjustmentTierTable[] = [];
  const models: SellingModelKey[] = [...(spec.oneTime ? (['oneTime'] as const) : []), ...spec.subscriptions];
  BOOKS.forEach((bookId, b) => {
    const discount = b === 0 ? 0 : b === 1 ? spec.storeDiscount : spec.wholesaleDiscount;
    for (const m of models) {
      const list = m === 'oneTime' ? spec.baseCents : subscriptionCents(m, spec.baseCents);
      const num = entryNumber(pid, b, SLOT[m]);
      const id = formatId(KEY_PREFIX.priceBookEntry, num);
      entries.push({
        id,
        price_book_id: bookId,
        product_id: productId,
        // The plain one-time price has no selling model id (schema note); subscriptions name theirs.
        selling_model_id: m === 'oneTime' ? null : SELLING_MODEL_IDS[m],
        unit_price_minor: discounted(list, discount),
        is_active: 1,
      });
      // Volume tiers live on the store book's one-time entry: 1-9 list, 10-49 and 50+ cheaper.
      if (b === 1 && m === 'oneTime' && spec.tiers) {
        const unit = discounted(list, discount);
        const amount = (pct: number) => Math.max(1, Math.round((unit * pct) / 100)).toFixed(2);
        const bands: [number, number | null, string][] =
          spec.tiers === 'percent'
            ? [
                [1, 9, '0'],
                [10, 49, '10'],
                [50, null, '20'],
              ]
            : [
                [1, 9, '0.00'],
                [10, 49, amount(0.1)],
                [50, null, amount(0.2)],
              ];
        for (const [k, [lower, upper, value]] of bands.entries()) {
          tiers.push({
            id: formatId(KEY_PREFIX.priceTier, tierNumber(num, k)),
            price_book_entry_id: id,
            lower_bound: lower,
            upper_bound: upper,
            adjustment_type: spec.tiers === 'percent' ? 'PercentageBasedAdjustment' : 'AmountBasedAdjustment',
            adjustment_value: value,
          });
        }
      }
    }
  });
  return { entries, tiers };
}

/** Largest entry / tier id numbers for a highest product number (for id_counter). */
export const maxEntryNumber = (maxPid: number) => entryNumber(maxPid, 2, 3);
export const maxTierNumber = (maxPid: number) => tierNumber(maxEntryNumber(maxPid), 3);
