// The demo store's promotions and coupons: one of each kind the engine knows (core promotions.ts), so
// the storefront shows real adjustments. Fixed ids; idempotent (a store with promotions keeps them, the
// seller may have changed them). Dates are wide windows around the demo's present, plus one that ended.
import type { Kysely } from 'kysely';
import type { Database, PromotionTable } from '../db/schema.ts';
import { KEY_PREFIX, formatId } from '../domain/record-ids.ts';
import { buildCategoryTree, ROOTS } from './categories.ts';
import { BUYER_GROUP_IDS, WEBSTORE_ID } from './store.ts';

export const PROMOTION_IDS = {
  welcome: formatId(KEY_PREFIX.promotion, 1),
  services: formatId(KEY_PREFIX.promotion, 2),
  bundle: formatId(KEY_PREFIX.promotion, 3),
  partners: formatId(KEY_PREFIX.promotion, 4),
  printed: formatId(KEY_PREFIX.promotion, 5),
  data25: formatId(KEY_PREFIX.promotion, 6),
  spring: formatId(KEY_PREFIX.promotion, 7),
  thanks: formatId(KEY_PREFIX.promotion, 8),
} as const;

/** Codes shoppers type; stored upper-cased. */
export const DEMO_COUPONS = {
  welcome: 'WELCOME10',
  data25: 'DATA25',
  spring: 'SPRING30',
  thanks: 'THANKYOU5',
} as const;

type Row = Omit<
  PromotionTable,
  | 'webstore_id'
  | 'is_active'
  | 'one_time_only'
  | 'product_ids_json'
  | 'account_ids_json'
  | 'starts_at'
  | 'ends_at'
  | 'buyer_group_ids_json'
  | 'category_ids_json'
> &
  Partial<Pick<PromotionTable, 'starts_at' | 'ends_at' | 'buyer_group_ids_json' | 'category_ids_json'>>;

export function demoPromotions(): {
  promotions: PromotionTable[];
  coupons: Array<{ id: string; promotion_id: string; code: string }>;
} {
  const tree = buildCategoryTree();
  const services = tree.get('division:I').id;
  const printed = tree.get(ROOTS.printed).id;
  const rows: Row[] = [
    {
      id: PROMOTION_IDS.partners,
      name: 'Partner pricing: 20% off everything',
      terms: 'For Wholesale Partners. Not combined with other offers.',
      priority: 5,
      stacking: 'Exclusive',
      target: 'Item',
      discount_json: JSON.stringify({ type: 'PercentOff', percent: '20' }),
      buyer_group_ids_json: JSON.stringify([BUYER_GROUP_IDS.wholesale]),
    },
    {
      id: PROMOTION_IDS.welcome,
      name: 'Welcome: 10% off',
      terms: 'With code WELCOME10. One-time purchases only.',
      priority: 10,
      stacking: 'Stackable',
      target: 'Item',
      discount_json: JSON.stringify({ type: 'PercentOff', percent: '10' }),
    },
    {
      id: PROMOTION_IDS.services,
      name: 'Services lists: 15% off',
      terms: 'Datasets in the Services division, through 2027.',
      priority: 20,
      stacking: 'Stackable',
      target: 'Item',
      discount_json: JSON.stringify({ type: 'PercentOff', percent: '15' }),
      category_ids_json: JSON.stringify([services]),
      starts_at: '2026-01-01T00:00:00.000Z',
      ends_at: '2028-01-01T00:00:00.000Z',
    },
    {
      id: PROMOTION_IDS.printed,
      name: 'Printed directories: $10 off each',
      terms: 'Every printed directory, per copy.',
      priority: 25,
      stacking: 'Stackable',
      target: 'Item',
      discount_json: JSON.stringify({ type: 'AmountOff', amount: '10.00' }),
      category_ids_json: JSON.stringify([printed]),
    },
    {
      id: PROMOTION_IDS.bundle,
      name: 'Buy more, save more',
      terms: '5% off 3 or more datasets, 10% off 5 or more.',
      priority: 30,
      stacking: 'Stackable',
      target: 'Cart',
      discount_json: JSON.stringify({
        type: 'TieredPercentOff',
        tiers: [
          { minQuantity: 3, percent: '5' },
          { minQuantity: 5, percent: '10' },
        ],
      }),
    },
    {
      id: PROMOTION_IDS.data25,
      name: '$25 off your order',
      terms: 'With code DATA25.',
      priority: 40,
      stacking: 'Stackable',
      target: 'Cart',
      discount_json: JSON.stringify({ type: 'AmountOff', amount: '25.00' }),
    },
    {
      id: PROMOTION_IDS.spring,
      name: 'Spring sale: 30% off',
      terms: 'Ended 30 April 2026.',
      priority: 15,
      stacking: 'Stackable',
      target: 'Item',
      discount_json: JSON.stringify({ type: 'PercentOff', percent: '30' }),
      starts_at: '2026-03-01T00:00:00.000Z',
      ends_at: '2026-05-01T00:00:00.000Z',
    },
    {
      id: PROMOTION_IDS.thanks,
      name: 'Thank you: 5% off',
      terms: 'With code THANKYOU5, for returning customers.',
      priority: 35,
      stacking: 'Stackable',
      target: 'Item',
      discount_json: JSON.stringify({ type: 'PercentOff', percent: '5' }),
    },
  ];
  const promotions = rows.map(
    (r): PromotionTable => ({
      webstore_id: WEBSTORE_ID,
      is_active: 1,
      one_time_only: 1,
      product_ids_json: null,
      account_ids_json: null,
      starts_at: null,
      ends_at: null,
      buyer_group_ids_json: null,
      category_ids_json: null,
      ...r,
    }),
  );
  const coupons = [
    { id: formatId('0Qc', 1), promotion_id: PROMOTION_IDS.welcome, code: DEMO_COUPONS.welcome },
    { id: formatId('0Qc', 2), promotion_id: PROMOTION_IDS.data25, code: DEMO_COUPONS.data25 },
    { id: formatId('0Qc', 3), promotion_id: PROMOTION_IDS.spring, code: DEMO_COUPONS.spring },
    { id: formatId('0Qc', 4), promotion_id: PROMOTION_IDS.thanks, code: DEMO_COUPONS.thanks },
  ];
  return { promotions, coupons };
}

export async function seedPromotions(db: Kysely<Database>, webstoreId = WEBSTORE_ID): Promise<void> {
  const store = await db.selectFrom('webstore').select('id').where('id', '=', webstoreId).executeTakeFirst();
  if (!store) return;
  if (await db.selectFrom('promotion').select('id').where('webstore_id', '=', webstoreId).limit(1).executeTakeFirst())
    return;
  const { promotions, coupons } = demoPromotions();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('promotion').values(promotions).execute();
    await trx
      .insertInto('coupon')
      .values(coupons.map((c) => ({ ...c, webstore_id: webstoreId, is_active: 1 })))
      .execute();
  });
}
