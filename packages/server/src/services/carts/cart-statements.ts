// The statements every cart change runs, built and compiled once (db/prepared.ts) and run on the change's
// transaction: building a Kysely query per statement was about a tenth of an add to cart's CPU.
import { sql, type Expression, type Kysely } from 'kysely';
import { CART_ITEM_SORTS, type CartItemSort } from '@store/core';
import type { CartCouponTable, CartItemTable, CartTable, Database } from '../../db/schema.ts';
import { PreparedQuery, type ValuesOf } from '../../db/prepared.ts';
import { pageLinesQuery, type PageLineRow } from './line-page.ts';

/** The cart row's columns a recalculation writes (cart-recalc.ts). */
export type CartTotals = Pick<
  CartTable,
  | 'total_list_minor'
  | 'total_product_minor'
  | 'total_item_adjust_minor'
  | 'total_cart_adjust_minor'
  | 'total_tax_minor'
  | 'total_charge_minor'
  | 'total_gift_wrap_minor'
  | 'printed_line_count'
  | 'total_quantity'
  | 'line_count'
  | 'recurring_quantity'
  | 'recurring_after_minor'
  | 'cart_adjustments_json'
  | 'item_promotions_json'
  | 'recalc_basis'
  | 'updated_at'
>;

export interface DeliveryGroupFee {
  id: string;
  is_default: number;
  address_json: string | null;
  fee_minor: number | null;
}

export class CartStatements {
  /** The owner's active cart. */
  readonly cartOfOwner: PreparedQuery<{ key: string }, CartTable>;
  /** A cart's lines of some products (what an add finds already in the cart). */
  readonly linesOfProducts: PreparedQuery<{ cartId: string; productIds: string[] }, CartItemTable>;
  /** Where new lines go: the cart's last seq and its default delivery group, in one statement. */
  readonly placing: PreparedQuery<{ cartId: string }, { seq: number | null; group_id: string | null }>;
  readonly insertLine: PreparedQuery<ValuesOf<CartItemTable>, never>;
  /** A line's promotions and tax as the recalculation priced them. */
  readonly linePricing: PreparedQuery<
    Pick<CartItemTable, 'id' | 'adjust_minor' | 'tax_minor' | 'adjustments_json'>,
    never
  >;
  /** The cart's delivery groups with their methods' fees. */
  readonly groups: PreparedQuery<{ cartId: string }, DeliveryGroupFee>;
  /** The totals of a cart the change has locked. */
  readonly writeTotals: PreparedQuery<CartTotals & { id: string }, never>;
  /**
   * The totals and the next version, if the cart is still at `version`, active and not taken by an operation
   * (`…OfOperation`: the operation's own change, which may be taken).
   */
  readonly writeTotalsAt: PreparedQuery<CartTotals & { id: string; version: number; next: number }, never>;
  readonly writeTotalsAtOfOperation: PreparedQuery<CartTotals & { id: string; version: number; next: number }, never>;
  /** A page of a cart's lines in each sort order (the lines page), each line as text (line-page.ts). */
  readonly linePage: Record<
    CartItemSort,
    PreparedQuery<{ cartId: string; limit: number; offset: number }, PageLineRow>
  >;
  /** A cart's coupons, oldest first. */
  readonly coupons: PreparedQuery<{ cartId: string }, CartCouponTable>;
  /** The read model's clock (migration 037): moves with every change to a product's kept answers. */
  readonly readModelTick: PreparedQuery<{ id: number }, { tick: number | string }>;

  constructor(db: Kysely<Database>) {
    this.cartOfOwner = new PreparedQuery(db, (d, p) => d.selectFrom('cart').selectAll().where('owner_key', '=', p.key));
    this.linesOfProducts = new PreparedQuery(db, (d, p) =>
      d.selectFrom('cart_item').selectAll().where('cart_id', '=', p.cartId).where('product_id', 'in', p.productIds),
    );
    this.placing = new PreparedQuery(db, (d, p) =>
      d.selectNoFrom((eb) => [
        eb
          .selectFrom('cart_item')
          .select((e) => e.fn.max('seq').as('seq'))
          .where('cart_id', '=', p.cartId)
          .as('seq'),
        eb
          .selectFrom('cart_delivery_group')
          .select('id')
          .where('cart_id', '=', p.cartId)
          .where('is_default', '=', 1)
          .limit(1)
          .as('group_id'),
      ]),
    );
    this.insertLine = new PreparedQuery(db, (d, p) => d.insertInto('cart_item').values(p) as never);
    this.linePricing = new PreparedQuery(db, (d, p) => {
      const { id, ...pricing } = p;
      return d.updateTable('cart_item').set(pricing).where('id', '=', id) as never;
    });
    this.groups = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('cart_delivery_group')
        .leftJoin('delivery_method', 'delivery_method.id', 'cart_delivery_group.delivery_method_id')
        .select([
          'cart_delivery_group.id',
          'cart_delivery_group.is_default',
          'cart_delivery_group.address_json',
          'delivery_method.fee_minor',
        ])
        .where('cart_delivery_group.cart_id', '=', p.cartId),
    );
    const totalsUpdate = (d: Kysely<Database>, p: CartTotals & { id: string; version: number; next: number }) => {
      const { id, version, next, ...totals } = p;
      return d
        .updateTable('cart')
        .set({ ...totals, version: next })
        .where('id', '=', id)
        .where('version', '=', version)
        .where('status', '=', 'Active');
    };
    this.writeTotals = new PreparedQuery(db, (d, p) => {
      const { id, ...totals } = p;
      return d.updateTable('cart').set(totals).where('id', '=', id) as never;
    });
    this.writeTotalsAt = new PreparedQuery(
      db,
      (d, p) => totalsUpdate(d, p).where('async_status', '!=', 'Processing') as never,
    );
    this.writeTotalsAtOfOperation = new PreparedQuery(db, (d, p) => totalsUpdate(d, p) as never);
    this.linePage = Object.fromEntries(
      CART_ITEM_SORTS.map((sort) => [
        sort,
        new PreparedQuery(db, (d, p: { cartId: string; limit: number; offset: number }) => {
          const [key, direction] = LINE_ORDER[sort];
          const query = pageLinesQuery(d, p.cartId).orderBy(key, direction);
          // Ties by newest first; a sort by seq has none, and a second seq term would make the database sort the
          // whole cart instead of walking its (cart_id, seq) index to the page.
          const bySeq = sort === 'CreatedDateDesc' || sort === 'CreatedDateAsc';
          return (bySeq ? query : query.orderBy('cart_item.seq', 'desc')).limit(p.limit).offset(p.offset);
        }),
      ]),
    ) as CartStatements['linePage'];
    this.coupons = new PreparedQuery(db, (d, p) =>
      d.selectFrom('cart_coupon').selectAll().where('cart_id', '=', p.cartId).orderBy('created_at'),
    );
    this.readModelTick = new PreparedQuery(db, (d, p) =>
      d.selectFrom('read_model_clock').select('tick').where('id', '=', p.id),
    );
  }
}

// The product's name is looked up only to sort by it.
const productName = sql<string>`(select ${sql.ref('product.name')} from ${sql.table('product')} where ${sql.ref('product.id')} = ${sql.ref('cart_item.product_id')})`;
const LINE_ORDER: Record<CartItemSort, [Expression<unknown>, 'asc' | 'desc']> = {
  CreatedDateDesc: [sql.ref('cart_item.seq'), 'desc'],
  CreatedDateAsc: [sql.ref('cart_item.seq'), 'asc'],
  NameAsc: [productName, 'asc'],
  NameDesc: [productName, 'desc'],
  SalesPriceAsc: [sql.ref('cart_item.sales_price_minor'), 'asc'],
  SalesPriceDesc: [sql.ref('cart_item.sales_price_minor'), 'desc'],
};
