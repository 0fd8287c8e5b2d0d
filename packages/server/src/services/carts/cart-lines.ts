// What may go into a cart line, and at what price. Every rule the storefront shows as a product
// action error (spec 02 §8: 100-107) is enforced here again, because the browser is never trusted:
// the product must exist and be entitled, be buyable (not a variation parent or a set), have a
// valid selling model and term, a price for this buyer, a quantity within its purchase rule, and
// stock when it is a physical item.
import {
  checkQuantity,
  decimalToMinorUnits,
  defaultSellingModelOf,
  multiplyDecimal,
  resolveQuantityRule,
  subscriptionTermOptions,
  unitPriceForQuantity,
  wholeQuantityValid,
  type ProductPrice,
  type ListSelection,
  type ProductSellingModel,
} from '@store/core';
import type { Kysely } from 'kysely';
import type { Database, ProductTable } from '../../db/schema.ts';
import { ApiError, badInput } from '../../domain/errors.ts';
import { checkedId } from '../../domain/record-ids.ts';
import type { CartOwner } from './cart-owner.ts';
import type { Services } from '../index.ts';
import { inputListSelection, type LineList } from './list-lines.ts';
import { freeStock, heldByCarts, lessHeldByCarts, type DefaultSourceStockReads } from '../stock.ts';
import { keptModels, type KeptSummary } from '../product-read-model.ts';

export interface LineInput {
  productId: string;
  quantity: string | number;
  productSellingModelId?: string;
  subscriptionTerm?: number;
  /** A selection of a dataset's records (canonical list query); absent or '' for the whole dataset. */
  listSelection?: string;
}

/** A product ready to be a cart line: its row, its models and the buyer's price. */
export interface LineProduct {
  row: ProductTable;
  models: readonly ProductSellingModel[];
  price: ProductPrice | null;
  /** Its current kept summary, when there is one (what the line shows of it: line-products.ts). */
  summary?: KeptSummary;
  /** Its categories, read with the summary (without their ancestors). */
  categoryIds?: string[];
}

export const cartValidation = (message: string) => new ApiError(400, 'CART_VALIDATION_ERROR', message);
export const maxLimitExceeded = (message: string) => new ApiError(409, 'MAX_LIMIT_EXCEEDED', message);
export const insufficientInventory = (message: string) => new ApiError(409, 'INSUFFICIENT_INVENTORY', message);
const productUnavailable = (productId: string) =>
  new ApiError(404, 'ITEM_NOT_FOUND', `The product ${productId} doesn't exist or isn't available to you.`);

/**
 * A requested quantity: a whole number above zero. The platform takes quantities as decimal
 * strings; our products are all counted in whole units, so "1.5" and "-1" are bad input.
 */
export function parseQuantity(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}(\.0+)?$/.test(text) || Number(text) < 1) {
    throw badInput(`The quantity must be a whole number greater than 0, not ${JSON.stringify(value ?? null)}.`);
  }
  return Number(text);
}

/** Loads the products of many inputs at once, checking each is a product this buyer may see. */
export async function loadLineProducts(
  s: Services,
  owner: CartOwner,
  productIds: string[],
): Promise<Map<string, LineProduct>> {
  const ids = [...new Set(productIds)];
  const rows = (await s.products.rowsByIds(owner.webstore.id, ids)).filter((r) => r.is_active === 1);
  // Their current summaries (the selling models, and the answer's product), categories and prices rows, in one
  // statement; a product whose summary is not current has its selling models read the long way.
  const {
    summaries,
    prices: kept,
    categories,
  } = await s.readModel.forCartLines(
    rows.map((r) => r.id),
    owner.webstore.id,
  );
  const models = new Map<string, readonly ProductSellingModel[]>();
  for (const [id, summary] of summaries) models.set(id, keptModels(summary));
  for (const [id, list] of await s.products.sellingModels(rows.filter((r) => !models.has(r.id)).map((r) => r.id)))
    models.set(id, list);
  const prices = await s.pricing.prices(
    { webstoreId: owner.webstore.id, buyerGroupIds: owner.ctx.buyerGroupIds, currency: owner.ctx.currency },
    rows.map((r) => ({ id: r.id, sellingModels: models.get(r.id) ?? [] })),
    { allSellingModels: true, kept },
  );
  const out = new Map<string, LineProduct>();
  for (const row of s.products.visibleWithParents(owner.ctx, rows))
    out.set(row.id, {
      row,
      models: models.get(row.id) ?? [],
      price: prices.get(row.id) ?? null,
      summary: summaries.get(row.id),
      categoryIds: categories.get(row.id),
    });
  return out;
}

/** The product id of an input as stored, or the error for it (400 malformed). */
export function inputProductId(productId: unknown): string {
  return checkedId(productId);
}

export interface ResolvedLine {
  product: LineProduct;
  quantity: number;
  /** '' when the product has no selling models. */
  sellingModelId: string;
  model: ProductSellingModel | null;
  subscriptionTerm: number | null;
  /** The selection of a dataset's records the line buys (null: the whole product). */
  listSelection: ListSelection | null;
  /** Set once the selection is counted and priced on the live file (list-lines.ts). */
  list?: LineList | null;
}

/** Checks everything about an input that does not depend on what the cart already holds. */
export function resolveLine(products: Map<string, LineProduct>, input: LineInput): ResolvedLine {
  const id = inputProductId(input.productId);
  const quantity = parseQuantity(input.quantity);
  const product = products.get(id);
  if (!product) throw productUnavailable(input.productId);
  const cls = product.row.product_class;
  if (cls === 'VariationParent')
    throw badInput(`${product.row.name} is a variation parent; add one of its variations instead.`);
  if (cls === 'Set') throw badInput(`${product.row.name} is a set and can't be bought on its own.`);

  let model: ProductSellingModel | null = null;
  let term: number | null = null;
  if (product.models.length) {
    if (input.productSellingModelId) {
      const modelId = checkedId(input.productSellingModelId);
      model = product.models.find((m) => m.id === modelId) ?? null;
      if (!model)
        throw badInput(`${product.row.name} isn't sold with the selling model ${input.productSellingModelId}.`);
    } else {
      model = defaultSellingModelOf(product.models)!;
    }
    if (model.sellingModelType === 'TermDefined') {
      const options = subscriptionTermOptions(model.subscriptionTermRule);
      term = input.subscriptionTerm ?? options[0] ?? 1;
      if (!options.includes(term))
        throw badInput(
          `A subscription term of ${term} isn't offered for ${product.row.name}; choose one of ${options.join(', ')}.`,
        );
    } else if (input.subscriptionTerm !== undefined) {
      throw badInput(`${product.row.name} with this selling model takes no subscription term.`);
    }
  } else if (input.productSellingModelId) {
    throw badInput(`${product.row.name} has no selling models.`);
  }
  if (!priceEntry(product, model))
    throw badInput(`${product.row.name} has no price for you, so it can't be added to the cart.`);
  const listSelection = inputListSelection(input.listSelection, product.row.name);
  if (listSelection) {
    if (product.row.fulfilment !== 'Dataset')
      throw badInput(`${product.row.name} isn't a dataset, so a selection of records can't be bought.`);
    if (quantity !== 1) throw badInput(`A selection of ${product.row.name} is bought once: its quantity is 1.`);
  }
  return { product, quantity, sellingModelId: model?.id ?? '', model, subscriptionTerm: term, listSelection };
}

function priceEntry(product: LineProduct, model: ProductSellingModel | null) {
  const entries = product.price?.productPriceEntries ?? [];
  const oneTimeId = product.models.find((m) => m.sellingModelType === 'OneTime')?.id ?? null;
  const entry =
    entries.find((e) => e.productSellingModelId === (model?.id ?? null)) ??
    (model?.id === oneTimeId ? entries.find((e) => e.productSellingModelId === null) : undefined);
  return entry?.success && entry.unitPrice ? entry : null;
}

/**
 * Unit prices of a line at a quantity, in minor units: list, and sales after volume tiers. A
 * term-defined subscription is priced for its whole term (per-term price x terms); an evergreen
 * one for its first billing period.
 */
export function linePrices(
  line: Pick<ResolvedLine, 'product' | 'model' | 'subscriptionTerm'> & { list?: LineList | null },
  quantity: number,
): { list: number; sales: number } {
  // A selection is priced per record when it is added (list-lines.ts) and keeps that price.
  if (line.list) return { list: line.list.priceMinor, sales: line.list.priceMinor };
  const entry = priceEntry(line.product, line.model)!;
  const tiers = entry.priceAdjustment?.priceAdjustmentTiers ?? [];
  let sales = unitPriceForQuantity(entry.unitPrice, tiers, quantity)!;
  let list = entry.listPrice ?? entry.unitPrice!;
  if (line.model?.sellingModelType === 'TermDefined' && line.subscriptionTerm) {
    sales = multiplyDecimal(sales, line.subscriptionTerm);
    list = multiplyDecimal(list, line.subscriptionTerm);
  }
  return { list: Number(decimalToMinorUnits(list)), sales: Number(decimalToMinorUnits(sales)) };
}

/**
 * The quantity a line may have in total. Adding to a line already at its maximum (a dataset bought
 * once, say) is MAX_LIMIT_EXCEEDED, the code the add-to-cart control turns into "The item you
 * selected is already in your cart."; other rule breaks are CART_VALIDATION_ERROR with a message.
 */
export function checkLineQuantity(row: ProductTable, total: number, alreadyInCart: number): void {
  const stored = { minimum: row.qty_min, maximum: row.qty_max, increment: row.qty_increment };
  // Whole-number rules (every rule a store keeps) are judged in integers; the decimal check below says what is wrong.
  if (wholeQuantityValid(total, stored) === true) return;
  const rule = resolveQuantityRule(stored);
  const check = checkQuantity(total, rule);
  if (check.valid) return;
  if (check.problem === 'rangeOverflow' && alreadyInCart > 0) {
    throw maxLimitExceeded(
      `${row.name} is already in your cart${rule.maximum === '1' ? '; it can be bought once' : ` (at most ${rule.maximum})`}.`,
    );
  }
  if (check.problem === 'rangeOverflow') throw cartValidation(`You can buy at most ${rule.maximum} of ${row.name}.`);
  if (check.problem === 'rangeUnderflow') throw cartValidation(`You must buy at least ${rule.minimum} of ${row.name}.`);
  throw cartValidation(`${row.name} is sold in steps of ${rule.increment} from ${rule.minimum}.`);
}

/**
 * Units of a physical product others may still buy: on hand minus what orders hold, in the store's
 * location group, minus what other carts have reserved and not let lapse. null when the product's
 * stock is not tracked (datasets).
 */
export async function availableQuantities(
  stock: DefaultSourceStockReads,
  db: Kysely<Database>,
  owner: CartOwner,
  productIds: string[],
  exceptCartId: string | null,
  now: string,
): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>(productIds.map((id) => [id, null]));
  if (!productIds.length || !owner.webstore.settings.inventoryConfiguration?.isInventoryEnabled) return out;
  const rows = await stock.rows(db, owner.webstore, productIds);
  // What other carts hold counts only against tracked stock: products without stock rows (datasets) skip the read.
  const tracked = [...new Set(rows.map((r) => r.product_id))];
  if (!tracked.length) return out;
  const held = await heldByCarts(db, tracked, now, exceptCartId);
  for (const r of rows) out.set(r.product_id, (out.get(r.product_id) ?? 0) + freeStock(r));
  for (const [productId, quantity] of held) {
    const current = out.get(productId);
    if (current !== null && current !== undefined) out.set(productId, lessHeldByCarts(current, quantity));
  }
  return out;
}

export function checkStock(row: ProductTable, total: number, available: number | null | undefined): void {
  if (available === null || available === undefined) return;
  if (available <= 0) throw insufficientInventory(`${row.name} is out of stock.`);
  if (total > available)
    throw insufficientInventory(`Only ${available} of ${row.name} ${available === 1 ? 'is' : 'are'} available.`);
}
