// One accepted activity as a shopper_activity row: the columns recommenders and seller insights filter and group
// by, and the rest of the payload (lists of products, suggested terms) as JSON in detail_json.
import { randomUUID } from 'node:crypto';
import {
  normalizeSearchTerm,
  type ActivityProduct,
  type ShopperActivity,
  type ShopperActivityPayloads,
} from '@store/core';
import type { ShopperActivityTable } from '../../db/schema.ts';

/** Who and where, decided by the server: the store, the analytics cookie, the session's user and account. */
export interface ActivityOrigin {
  webstoreId: string;
  visitorId: string;
  userId: string | null;
  accountId: string | null;
}

type Columns = Partial<Omit<ShopperActivityTable, 'id' | 'webstore_id' | 'activity' | 'occurred_at' | 'visitor_id'>>;

const aboutProduct = (p: ActivityProduct): Columns => ({
  product_id: p.id,
  unit_price: p.unitPrice,
  list_price: p.listPrice,
});
const detail = (value: object): Columns => ({ detail_json: JSON.stringify(value) });
const term = (t: string) => normalizeSearchTerm(t);

/** The columns of each activity; the product's sku is kept in detail_json (the id is what joins). */
const COLUMNS: { [A in ShopperActivity]: (p: ShopperActivityPayloads[A]) => Columns } = {
  viewProduct: (p) => ({ ...aboutProduct(p.product), ...detail({ sku: p.product.sku }) }),
  addToCart: (p) => ({ ...aboutProduct(p.product), quantity: p.quantity, ...detail({ sku: p.product.sku }) }),
  viewReco: (p) => ({
    recommender: p.recommender,
    ...detail({ recommendationId: p.recommendationId, anchorValues: p.anchorValues, products: p.products }),
  }),
  clickReco: (p) => ({
    ...aboutProduct(p.product),
    recommender: p.recommender,
    position: p.position,
    ...detail({ recommendationId: p.recommendationId, anchorValues: p.anchorValues, sku: p.product.sku }),
  }),
  viewSearch: (p) => ({
    search_term: term(p.searchTerm),
    category_id: p.categoryId,
    result_count: p.resultCount,
    ...detail({ products: p.products }),
  }),
  clickSearch: (p) => ({
    ...aboutProduct(p.product),
    search_term: term(p.searchTerm),
    category_id: p.categoryId,
    position: p.position,
    ...detail({ sku: p.product.sku }),
  }),
  viewCategory: (p) => ({ category_id: p.categoryId, ...detail({ products: p.products }) }),
  clickCategory: (p) => ({
    ...aboutProduct(p.product),
    category_id: p.categoryId,
    position: p.position,
    ...detail({ sku: p.product.sku }),
  }),
  viewSearchSuggestion: (p) => ({
    search_term: term(p.searchTerm),
    ...detail({ suggestedTerms: p.suggestedTerms, suggestedProductIds: p.suggestedProductIds }),
  }),
  clickSearchSuggestion: (p) => ({
    search_term: term(p.searchTerm),
    product_id: p.productId,
    ...detail({ suggestedTerm: p.suggestedTerm }),
  }),
};

/** Every column an activity may leave empty, empty: a row starts from these (tests and benches write rows too). */
export const EMPTY_ACTIVITY_COLUMNS: Required<Columns> = {
  user_id: null,
  account_id: null,
  product_id: null,
  category_id: null,
  search_term: null,
  result_count: null,
  recommender: null,
  position: null,
  quantity: null,
  unit_price: null,
  list_price: null,
  detail_json: null,
};

export function activityRow<A extends ShopperActivity>(
  activity: A,
  payload: ShopperActivityPayloads[A],
  origin: ActivityOrigin,
  at: Date,
): ShopperActivityTable {
  return {
    ...EMPTY_ACTIVITY_COLUMNS,
    ...COLUMNS[activity](payload),
    id: randomUUID(),
    webstore_id: origin.webstoreId,
    activity,
    occurred_at: at.toISOString(),
    visitor_id: origin.visitorId,
    user_id: origin.userId,
    account_id: origin.accountId,
  };
}
