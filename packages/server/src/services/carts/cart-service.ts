// The cart: finding the shopper's cart, reading it (summary, lines, coupons, promotions) and changing
// it. Every change runs in one transaction that first locks the cart row (bumping its version), so
// concurrent changes to one cart, from any process, apply one after the other; the recalculation
// (promotions, estimated tax, totals) happens in the same transaction.
import { sql, type Kysely } from 'kysely';
import {
  CART_ITEM_SORTS,
  isRecordId,
  KEY_PREFIXES,
  MAX_CART_COUPONS,
  isAudienceEligible,
  isPromotionActive,
  type CartBatchResults,
  type CartItem,
  type CartItemCollection,
  type CartItemResult,
  type CartAdjustment,
  type CartItemSort,
  type CartSummary,
  type PromotionRule,
  type SellingModelType,
} from '@store/core';
import type { CartItemTable, CartTable, Database } from '../../db/schema.ts';
import { ApiError, badInput } from '../../domain/errors.ts';
import { toId18, checkedId, randomRecordId } from '../../domain/record-ids.ts';
import type { Services } from '../index.ts';
import { ownsCart, type CartOwner } from './cart-owner.ts';
import {
  availableQuantities,
  checkLineQuantity,
  checkStock,
  linePrices,
  loadLineProducts,
  maxLimitExceeded,
  parseQuantity,
  resolveLine,
  type LineInput,
  type ResolvedLine,
} from './cart-lines.ts';
import { checkWholeOrSelection, lineKey, priceListLines } from './list-lines.ts';
import { CartStatements } from './cart-statements.ts';
import {
  addedLines,
  recalculate,
  StaleCart,
  type LineChange,
  type LineOutcome,
  type RecalcContext,
  type Recalculated,
} from './cart-recalc.ts';
import { KeptCartCoupons } from './kept-cart-coupons.ts';
import { isPostgres } from '../../db/locks.ts';
import { cartItemProducts, unavailableItemProducts } from './cart-item-products.ts';
import { LINE_FIELDS } from './line-products.ts';
import {
  KeptLineAnswers,
  KeptPages,
  jsonArray,
  pageLineOf,
  type CartItemCollectionAnswer,
  type LineAnswer,
} from './line-page.ts';
import type { KnownProducts } from '../products.ts';
import { ASYNC_BATCH_THRESHOLD } from './cart-operations.ts';
import {
  couponsView,
  emptySummary,
  itemPromotionsOf,
  itemView,
  lineAdjustments,
  promotionsView,
  type PromotionTerms,
  summaryView,
} from './cart-views.ts';
import { LineFactsCache } from './line-facts.ts';
import { KeptTaxRates } from './kept-tax-rates.ts';
import { KeptPerVersion } from '../kept-per-version.ts';
import type { Webstore } from '../webstores.ts';

export const cartNotFound = (id: string) =>
  new ApiError(404, 'ITEM_NOT_FOUND', `The cart ${id} doesn't exist or isn't yours.`);
const cartBusy = () =>
  new ApiError(409, 'CART_PROCESSING', 'The cart is still being updated. Try again when it is done.');
const readOnly = () => new ApiError(409, 'CART_READ_ONLY', "This cart is a read-only copy and can't be changed.");

export type CartRef = 'current' | 'active' | string;

export interface ItemsQuery {
  pageSize: number;
  pageNumber: number;
  sort: CartItemSort;
  /** The product fields each line shows (see itemViews); LINE_FIELDS when none are named. */
  productFields?: string[] | 'all';
}

/** How a change runs (CartService.change). */
interface ChangeOptions<T> {
  /** The change is the cart operation's own (it may change a cart the operation holds). */
  operation?: boolean;
  rc?: RecalcContext;
  /** The change writes the cart's coupons: read them after it. */
  coupons?: boolean;
  /** The change wrote only these lines (every one of them): the recalculation may work from them. */
  lines?: (result: T) => LineChange[];
}

/** The item adjustments of a page's lines, from the texts its statement read (line-page.ts). */
const pageAdjustments = (cart: CartTable, texts: readonly string[]): CartAdjustment[] =>
  lineAdjustments(texts.map((t) => pageLineOf(cart.id, t).row));

/** The key of a guest session's active cart. */
export const guestOwnerKey = (guestSessionId: string): string => `g:${guestSessionId}`;
const ownerKey = (o: CartOwner): string | null =>
  o.userId ? `u:${o.userId}:${o.accountId ?? ''}` : o.guestSessionId ? guestOwnerKey(o.guestSessionId) : null;

/** The products of resolved lines as the answer's summaries take them (ProductService.summariesWithModels). */
function knownProducts(lines: Array<ResolvedLine | ApiError>): KnownProducts {
  const known: KnownProducts = { rows: [], models: new Map(), summaries: new Map() };
  for (const l of lines) {
    if (l instanceof ApiError || known.models.has(l.product.row.id)) continue;
    known.rows.push(l.product.row);
    known.models.set(l.product.row.id, l.product.models);
    if (l.product.summary) known.summaries!.set(l.product.row.id, l.product.summary);
  }
  return known;
}

/** The cart row, as a change found it, is one a change may work on (else the refusal). */
function checkChangeable(row: CartTable | undefined, id: string, operation: boolean): CartTable {
  if (!row) throw cartNotFound(id);
  if (row.async_status === 'Processing' && !operation) throw cartBusy();
  if (row.type === 'PayNowReadOnly') throw readOnly();
  return row;
}

export class CartService {
  /** The lines' product facts for recalculations, kept per process and per catalogue version. */
  private keptFacts?: LineFactsCache;
  /** The tax rates recalculations charge, kept per process and per the store's tax version. */
  private keptRates = new KeptTaxRates();
  /** Each cart's coupon codes at its last change in this process. */
  private keptCoupons = new KeptCartCoupons();
  private compiled?: CartStatements;
  /** The store's promotions' terms (what a cart's promotions show), per the store's promotions version. */
  private keptTerms = new KeptPerVersion<PromotionTerms>();
  /** The lines page's answers per line, kept as JSON text, and its pages' lines as read (line-page.ts). */
  private keptLines = new KeptLineAnswers();
  private keptPages = new KeptPages();

  constructor(private s: Services) {}

  private get db(): Kysely<Database> {
    return this.s.db;
  }

  private get facts(): LineFactsCache {
    if (!this.keptFacts) this.keptFacts = new LineFactsCache(this.db);
    return this.keptFacts;
  }

  /** The statements every change runs, compiled on first use. */
  private get statements(): CartStatements {
    if (!this.compiled) this.compiled = new CartStatements(this.db);
    return this.compiled;
  }

  // ---- finding the cart ----

  /** The owner's active cart, or null. */
  async findCurrent(owner: CartOwner): Promise<CartTable | null> {
    const key = ownerKey(owner);
    if (!key) return null;
    return (await this.statements.cartOfOwner.execute({ key }))[0] ?? null;
  }

  /** A cart by alias or id, checked to be the caller's. `current` without a cart is null; `active` without one is a 404. */
  async find(owner: CartOwner, ref: CartRef): Promise<CartTable | null> {
    if (ref === 'current') return this.findCurrent(owner);
    if (ref === 'active') {
      const cart = await this.findCurrent(owner);
      if (!cart) throw new ApiError(404, 'ITEM_NOT_FOUND', 'There is no active cart.');
      return cart;
    }
    const cart = await this.db
      .selectFrom('cart')
      .selectAll()
      .where('id', '=', checkedId(ref, KEY_PREFIXES.cart))
      .executeTakeFirst();
    if (!cart || !this.owns(owner, cart)) throw cartNotFound(ref);
    return cart;
  }

  async require(owner: CartOwner, ref: CartRef): Promise<CartTable> {
    const cart = await this.find(owner, ref);
    if (!cart) throw new ApiError(404, 'ITEM_NOT_FOUND', 'There is no cart yet.');
    return cart;
  }

  /** `current` and `active` make the cart when there is none (PUT carts, the first add). */
  async findOrCreate(owner: CartOwner, ref: CartRef): Promise<{ cart: CartTable; created: boolean }> {
    const found = await this.find(owner, ref === 'active' ? 'current' : ref);
    if (found) return { cart: found, created: false };
    return this.create(owner);
  }

  /** The cart a write goes to: `current` and `active` are made when missing (the first add makes the cart). */
  async forWrite(owner: CartOwner, ref: CartRef): Promise<CartTable> {
    return ref === 'current' || ref === 'active'
      ? (await this.findOrCreate(owner, ref)).cart
      : this.require(owner, ref);
  }

  owns(owner: CartOwner, cart: CartTable): boolean {
    return cart.status === 'Active' && ownsCart(owner, cart);
  }

  async create(
    owner: CartOwner,
    type: 'Cart' | 'PayNowReadOnly' = 'Cart',
  ): Promise<{ cart: CartTable; created: boolean }> {
    const now = new Date().toISOString();
    const cart: CartTable = {
      id: randomRecordId(KEY_PREFIXES.cart),
      webstore_id: owner.webstore.id,
      owner_user_id: owner.userId,
      guest_session_id: owner.userId ? null : owner.guestSessionId,
      account_id: owner.accountId,
      owner_key: type === 'Cart' ? ownerKey(owner) : null,
      name: 'Cart',
      status: 'Active',
      type,
      currency: owner.ctx.currency,
      async_status: 'Completed',
      version: 1,
      total_list_minor: 0,
      total_product_minor: 0,
      total_item_adjust_minor: 0,
      total_cart_adjust_minor: 0,
      total_tax_minor: 0,
      total_charge_minor: 0,
      gift_wrap: 0,
      gift_message: null,
      gift_to_name: null,
      total_gift_wrap_minor: 0,
      printed_line_count: 0,
      total_quantity: 0,
      line_count: 0,
      cart_adjustments_json: '[]',
      item_promotions_json: '[]',
      recalc_basis: null,
      recurring_quantity: 0,
      recurring_after_minor: 0,
      lines_stamp: 0,
      merged_json: null,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('cart').values(cart).execute();
        await trx
          .insertInto('cart_delivery_group')
          .values({
            id: randomRecordId(KEY_PREFIXES.deliveryGroup),
            cart_id: cart.id,
            name: 'Default Delivery',
            is_default: 1,
            address_json: null,
            delivery_method_id: null,
            desired_delivery_date: null,
            shipping_instructions: null,
            created_at: now,
          })
          .execute();
      });
      // A new cart has no coupons: its first change need not read them.
      if (type === 'Cart') this.keptCoupons.keep(cart, []);
      return { cart, created: true };
    } catch (err) {
      // Another request made the owner's cart first (the owner key is unique): use that one.
      const other = type === 'Cart' ? await this.findCurrent(owner) : null;
      if (other) return { cart: other, created: false };
      throw err;
    }
  }

  // ---- reading ----

  summary(owner: CartOwner, cart: CartTable | null): CartSummary {
    const taxType = owner.webstore.settings.taxType;
    return cart ? summaryView(cart, taxType) : emptySummary(owner.webstore.id, owner.ctx.currency, taxType, owner);
  }

  /** A page of the cart's lines, every line an object (what the agent's tools read). */
  async items(owner: CartOwner, cart: CartTable, q: ItemsQuery): Promise<CartItemCollection> {
    const texts = await this.pageTexts(cart, q);
    const cartItems = (await this.lineAnswers(owner, cart, texts, q.productFields, false)) as CartItemResult[];
    return this.pageAnswer(owner, cart, q, cartItems, cartItems.length, () => pageAdjustments(cart, texts));
  }

  /**
   * A page of the cart's lines as the API answers it: the page's lines kept as JSON bytes while the cart's lines
   * and the products' kept answers are unchanged, and each line's answer kept (line-page.ts).
   */
  async itemsAnswer(owner: CartOwner, cart: CartTable, q: ItemsQuery): Promise<CartItemCollectionAnswer> {
    // The clock before the lines (KeptPages.get).
    const tick = (await this.statements.readModelTick.execute({ id: 1 }))[0]?.tick;
    const fields = q.productFields === 'all' ? '*' : (q.productFields?.join(',') ?? '');
    const page = await this.keptPages.get(cart, tick, `${q.sort}|${q.pageSize}|${q.pageNumber}|${fields}`, async () => {
      const texts = await this.pageTexts(cart, q);
      const answers = await this.lineAnswers(owner, cart, texts, q.productFields, true);
      return { items: jsonArray(answers), count: answers.length, adjustments: pageAdjustments(cart, texts) };
    });
    return this.pageAnswer(owner, cart, q, page.items, page.count, () => page.adjustments);
  }

  /** The page's lines as its statement reads them (line-page.ts). */
  private async pageTexts(cart: CartTable, q: ItemsQuery): Promise<string[]> {
    const rows = await this.statements.linePage[q.sort].execute({
      cartId: cart.id,
      limit: q.pageSize,
      offset: (q.pageNumber - 1) * q.pageSize,
    });
    return rows.map((r) => r.line);
  }

  /**
   * Each line's answer, in order (a line whose product is gone from the database is left out). `keep`: with the
   * default product fields, answers are taken from and kept in the kept line answers.
   */
  private async lineAnswers(
    owner: CartOwner,
    cart: CartTable,
    texts: readonly string[],
    productFields: ItemsQuery['productFields'],
    keep: boolean,
  ): Promise<LineAnswer[]> {
    const keepable = keep && !productFields;
    const answers: Array<LineAnswer | undefined> = texts.map((t) =>
      keepable ? this.keptLines.get(cart, t) : undefined,
    );
    const missing = texts.flatMap((t, i) => (answers[i] ? [] : [{ i, line: pageLineOf(cart.id, t) }]));
    if (missing.length) {
      const views = await this.itemViews(
        owner,
        cart,
        missing.map((m) => m.line.row),
        productFields,
      );
      const byId = new Map(views.map((v) => [v.cartItemId, v]));
      for (const { i, line } of missing) {
        const cartItem = byId.get(line.row.id);
        if (!cartItem) continue;
        const answer = { cartItem, message: null, status: 'Success' as const };
        answers[i] = answer;
        if (keepable) this.keptLines.keep(cart, line, owner.webstore.id, answer);
      }
    }
    return answers.filter((a) => a !== undefined);
  }

  /**
   * The page's answer around its lines: the cart's summary, coupons and promotions, and the page tokens.
   * `adjustments`: the page's lines' item adjustments (the promotions of a page holding every line).
   */
  private async pageAnswer<T>(
    owner: CartOwner,
    cart: CartTable,
    q: ItemsQuery,
    cartItems: T,
    count: number,
    adjustments: () => readonly CartAdjustment[],
  ): Promise<Omit<CartItemCollection, 'cartItems'> & { cartItems: T }> {
    const [coupons, promotionTerms] = await Promise.all([
      this.statements.coupons.execute({ cartId: cart.id }),
      this.promotionTerms(owner.webstore),
    ]);
    // A page holding every line sums its own; otherwise the totals kept on the cart row (not every line).
    const itemAdjustments =
      cart.line_count > q.pageSize ? await itemPromotionsOf(cart, () => this.lineAdjustmentRows(cart)) : null;
    const pages = Math.max(1, Math.ceil(cart.line_count / q.pageSize));
    return {
      cartItems,
      cartSummary: this.summary(owner, cart),
      hasErrors: false,
      currentPage: q.pageNumber,
      totalNumberOfPages: pages,
      totalItemCount: cart.line_count,
      count,
      currentPageToken: String(q.pageNumber),
      nextPageToken: q.pageNumber < pages ? String(q.pageNumber + 1) : null,
      previousPageToken: q.pageNumber > 1 ? String(q.pageNumber - 1) : null,
      cartCoupons: couponsView(cart, coupons),
      cartPromotions: promotionsView(cart, itemAdjustments ?? adjustments(), promotionTerms),
    };
  }

  async itemViews(
    owner: CartOwner,
    cart: Pick<CartTable, 'id' | 'currency'>,
    rows: CartItemTable[],
    /** The product fields each line shows: LINE_FIELDS unless the request names some, or 'all' (`*`). */
    productFields: readonly string[] | 'all' = LINE_FIELDS,
    known?: KnownProducts,
  ): Promise<CartItem[]> {
    if (!rows.length) return [];
    const [products, types] = await Promise.all([
      cartItemProducts(
        this.s,
        owner.webstore.id,
        rows.map((r) => r.product_id),
        productFields === 'all' ? undefined : productFields,
        known,
      ),
      this.facts.modelTypes(
        this.db,
        rows.map((r) => r.selling_model_id),
      ),
    ]);
    const modelType = new Map([...types].map(([id, type]) => [id, { sellingModelType: type as SellingModelType }]));
    const gone = rows.filter((r) => !products.has(r.product_id)).map((r) => r.product_id);
    for (const [id, p] of await unavailableItemProducts(this.db, gone)) products.set(id, p);
    return rows.flatMap((r) => {
      const product = products.get(r.product_id);
      return product ? [itemView(r, cart, product, modelType.get(r.selling_model_id) ?? null)] : [];
    });
  }

  async item(owner: CartOwner, cart: CartTable, row: CartItemTable, known?: KnownProducts): Promise<CartItem> {
    return (await this.itemViews(owner, cart, [row], undefined, known))[0]!;
  }

  async coupons(cart: CartTable) {
    return couponsView(
      cart,
      await this.db
        .selectFrom('cart_coupon')
        .selectAll()
        .where('cart_id', '=', cart.id)
        .orderBy('created_at')
        .execute(),
    );
  }

  async promotions(owner: CartOwner, cart: CartTable) {
    const [itemAdjustments, terms] = await Promise.all([
      itemPromotionsOf(cart, () => this.lineAdjustmentRows(cart)),
      this.promotionTerms(owner.webstore),
    ]);
    return promotionsView(cart, itemAdjustments, terms);
  }

  private lineAdjustmentRows(cart: CartTable) {
    return this.db.selectFrom('cart_item').select('adjustments_json').where('cart_id', '=', cart.id).execute();
  }

  /** Every change to a promotion bumps the store's promotions version (migration 034), terms included. */
  private promotionTerms(store: Webstore): Promise<PromotionTerms> {
    return this.keptTerms.get(store.id, store.promotionsVersion, async () => {
      const rows = await this.db
        .selectFrom('promotion')
        .select(['id', 'terms', 'priority'])
        .where('webstore_id', '=', store.id)
        .execute();
      // Priority, then id by code unit (the engine's order; a database collation may order ids otherwise).
      rows.sort((a, b) => a.priority - b.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return new Map(rows.map((r, rank) => [r.id, { terms: r.terms, rank }]));
    });
  }

  // ---- changing ----

  /** The recalculation's inputs that do not live in the cart. */
  async recalcContext(owner: CartOwner): Promise<RecalcContext> {
    return {
      rules: await this.s.promotions.rules(owner.webstore.id, owner.webstore.promotionsVersion),
      audience: { buyerGroupIds: owner.ctx.buyerGroupIds, accountId: owner.accountId },
      taxType: owner.webstore.settings.taxType,
      country: owner.webstore.settings.country ?? 'US',
      tree: owner.ctx.tree,
      now: new Date().toISOString(),
      taxes: this.s.policies.taxCalculation,
      store: owner.webstore,
      keptRates: this.keptRates,
      facts: this.facts,
      statements: this.statements,
    };
  }

  /**
   * Runs a change on a locked cart and recalculates it. Refused while a background operation works
   * on the cart (409, which the client does not retry) and on read-only copies.
   *
   * PostgreSQL: the cart row is locked first (its version bumped), so concurrent changes wait for each other
   * and every writer takes the cart row before its lines (no deadlock with place-order).
   * SQLite: a write transaction (`begin immediate`) already excludes every other writer, in every process. The
   * cart is taken as the caller read it and written once, at the end, with the totals and the version bump,
   * on the condition that it is still that version, active and not taken by an operation. If it is not (another
   * change came between the caller's read and this transaction) nothing is kept and the change runs once more
   * on the row read inside the transaction, which then cannot change under it. One update of the cart row per
   * change instead of two.
   *
   * The cart's coupon codes are kept per process by cart version (every change bumps it, in any process), so a
   * change reads them only when this process did not make the cart's last change. A change whose `fn` writes
   * the cart's coupons must say so (`opts.coupons`): then they are read after it. A change that writes only
   * cart lines can name them (`opts.lines`), so the recalculation can work in proportion to them.
   */
  async change<T>(
    owner: CartOwner,
    cart: CartTable,
    fn: (trx: Kysely<Database>, cart: CartTable) => Promise<T>,
    opts: ChangeOptions<T> = {},
  ): Promise<{ result: T; cart: CartTable; items: CartItemTable[] }> {
    const changed = await this.changeOnce(owner, cart, fn, opts);
    this.keptCoupons.keep(changed.cart, changed.couponCodes);
    return changed;
  }

  private async changeOnce<T>(
    owner: CartOwner,
    cart: CartTable,
    fn: (trx: Kysely<Database>, cart: CartTable) => Promise<T>,
    opts: ChangeOptions<T>,
  ): Promise<{ result: T } & Recalculated> {
    const rc = opts.rc ?? (await this.recalcContext(owner));
    const operation = !!opts.operation;
    /** The coupons as kept at the version the change starts from, unless the change writes them. */
    const coupons = (from: CartTable) => (opts.coupons ? undefined : this.keptCoupons.at(from));
    if (isPostgres(this.db))
      return this.db.transaction().execute(async (trx) => {
        const locked = await trx
          .updateTable('cart')
          .set({ version: sql<number>`version + 1` })
          .where('id', '=', cart.id)
          .where('status', '=', 'Active')
          .returningAll()
          .executeTakeFirst();
        const checked = checkChangeable(locked, cart.id, operation);
        const result = await fn(trx, checked);
        const before = coupons({ ...checked, version: checked.version - 1 });
        return { result, ...(await recalculate(trx, checked, rc, undefined, before, opts.lines?.(result))) };
      });
    // SQLite: the change on the row taken at `taken.version`, written only if the cart is still at that version.
    const onRow = async (trx: Kysely<Database>, taken: CartTable) => {
      const locked = { ...taken, version: taken.version + 1 };
      const result = await fn(trx, locked);
      const expect = { version: taken.version, operation };
      return { result, ...(await recalculate(trx, locked, rc, expect, coupons(taken), opts.lines?.(result))) };
    };
    try {
      return await this.db.transaction().execute(async (trx) => {
        // The caller's row: if it already looks unchangeable, judge the row as it is now instead.
        if (cart.status !== 'Active' || (cart.async_status === 'Processing' && !operation)) throw new StaleCart();
        return onRow(trx, checkChangeable(cart, cart.id, operation));
      });
    } catch (err) {
      // A refusal judged on a row that has moved on is judged again on the row as it is.
      if (!(err instanceof StaleCart) && !(await this.movedOn(cart))) throw err;
    }
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('cart').selectAll().where('id', '=', cart.id).executeTakeFirst();
      return onRow(trx, checkChangeable(row?.status === 'Active' ? row : undefined, cart.id, operation));
    });
  }

  /** True when the cart row is no longer the one the caller read (another change, an operation, closed). */
  private async movedOn(cart: CartTable): Promise<boolean> {
    const now = await this.db
      .selectFrom('cart')
      .select(['version', 'status', 'async_status'])
      .where('id', '=', cart.id)
      .executeTakeFirst();
    return now?.version !== cart.version || now.status !== cart.status || now.async_status !== cart.async_status;
  }

  /** Inputs resolved against the catalogue, each a line or the error that refuses it. */
  async resolveInputs(owner: CartOwner, inputs: LineInput[]): Promise<Array<ResolvedLine | ApiError>> {
    const products = await loadLineProducts(
      this.s,
      owner,
      inputs
        .map((i) => (typeof i.productId === 'string' && isRecordId(i.productId) ? toId18(i.productId) : ''))
        .filter(Boolean),
    );
    // What the recalculation needs of them, read with them: kept for this catalogue version (line-facts.ts).
    this.facts.keep(
      owner.ctx.tree,
      [...products.values()].flatMap((p) =>
        p.categoryIds
          ? [
              {
                id: p.row.id,
                taxPolicyId: p.row.tax_policy_id,
                fulfilment: p.row.fulfilment,
                categoryIds: p.categoryIds,
              },
            ]
          : [],
      ),
    );
    const resolved = inputs.map((input) => {
      try {
        return resolveLine(products, input);
      } catch (err) {
        if (err instanceof ApiError) return err;
        throw err;
      }
    });
    return this.priceSelections(resolved);
  }

  /** Selection lines counted and priced on their dataset's live file (list-lines.ts); others as they are. */
  private async priceSelections(lines: Array<ResolvedLine | ApiError>): Promise<Array<ResolvedLine | ApiError>> {
    const selectionLines = lines.filter((l): l is ResolvedLine => !(l instanceof ApiError) && !!l.listSelection);
    const priced = await priceListLines(
      this.s,
      selectionLines.map((l) => ({
        productId: l.product.row.id,
        productName: l.product.row.name,
        selection: l.listSelection!,
        wholeUnitPrice: l.product.price?.unitPrice ?? null,
        wholeLineMinor: linePrices(l, 1).sales,
        terms: l.model?.sellingModelType === 'TermDefined' ? (l.subscriptionTerm ?? 1) : 1,
      })),
    );
    const byLine = new Map(selectionLines.map((l, i) => [l, priced[i]!]));
    return lines.map((l) => {
      const list = l instanceof ApiError ? undefined : byLine.get(l);
      if (!list) return l;
      return list instanceof ApiError ? list : { ...(l as ResolvedLine), list };
    });
  }

  /**
   * Adds resolved lines inside a locked cart's transaction: a product already in the cart with the
   * same selling model gains quantity; the purchase rule and stock are checked on the line's total.
   */
  async addLines(
    trx: Kysely<Database>,
    owner: CartOwner,
    cart: CartTable,
    lines: Array<ResolvedLine | ApiError>,
  ): Promise<LineOutcome[]> {
    const now = new Date().toISOString();
    const valid = lines.filter((l): l is ResolvedLine => !(l instanceof ApiError));
    const productIds = [...new Set(valid.map((l) => l.product.row.id))];
    const [existing, available, placing] = await Promise.all([
      productIds.length ? this.statements.linesOfProducts.execute({ cartId: cart.id, productIds }, trx) : [],
      availableQuantities(this.s.stockReads, trx, owner, productIds, cart.id, now),
      // Where new lines go: after the last line, into the default delivery group (one statement for both).
      this.statements.placing.execute({ cartId: cart.id }, trx).then((rows) => rows[0]),
    ]);
    const byKey = new Map(existing.map((e) => [lineKey(e.product_id, e.selling_model_id, e.list_selection), e]));
    let seq = Number(placing?.seq ?? 0);
    const group = placing?.group_id ? { id: placing.group_id } : undefined;
    const outcomes: LineOutcome[] = [];
    for (const line of lines) {
      if (line instanceof ApiError) {
        outcomes.push({ ok: false, error: line });
        continue;
      }
      try {
        const row = line.product.row;
        const key = lineKey(row.id, line.sellingModelId, line.list?.selection);
        const before = byKey.get(key);
        checkWholeOrSelection(row, line, before, [...byKey.values()]);
        const total = (before?.quantity ?? 0) + line.quantity;
        checkLineQuantity(row, total, before?.quantity ?? 0);
        checkStock(row, total, available.get(row.id));
        const prices = linePrices(line, total);
        let item: CartItemTable;
        if (before) {
          item = {
            ...before,
            quantity: total,
            list_price_minor: prices.list,
            sales_price_minor: prices.sales,
            subscription_term: line.subscriptionTerm,
          };
          await trx
            .updateTable('cart_item')
            .set({
              quantity: total,
              list_price_minor: prices.list,
              sales_price_minor: prices.sales,
              subscription_term: line.subscriptionTerm,
            })
            .where('id', '=', before.id)
            .execute();
        } else {
          item = {
            id: randomRecordId(KEY_PREFIXES.cartItem),
            cart_id: cart.id,
            delivery_group_id: group?.id ?? null,
            product_id: row.id,
            selling_model_id: line.sellingModelId,
            subscription_term: line.subscriptionTerm,
            quantity: total,
            list_price_minor: prices.list,
            sales_price_minor: prices.sales,
            adjust_minor: 0,
            tax_minor: 0,
            adjustments_json: '[]',
            created_at: now,
            seq: ++seq,
            list_selection: line.list?.selection ?? null,
            list_records: line.list?.records ?? null,
            list_file_version: line.list?.fileVersion ?? null,
          };
          await this.statements.insertLine.execute(item, trx);
        }
        byKey.set(key, item);
        outcomes.push({ ok: true, item, before: before ?? null });
      } catch (err) {
        if (err instanceof ApiError) outcomes.push({ ok: false, error: err });
        else throw err;
      }
    }
    return outcomes;
  }

  /**
   * POST cart-items/batch: each line added or refused on its own. Above ASYNC_BATCH_THRESHOLD lines the
   * work is started in the background and the answer only says it is Processing.
   */
  async addBatch(owner: CartOwner, cart: CartTable, inputs: LineInput[]): Promise<CartBatchResults> {
    if (inputs.length > ASYNC_BATCH_THRESHOLD) {
      await this.s.cartOperations.start(owner, cart, 'batch-add', inputs);
      return { hasErrors: false, results: [], asyncOperationStatus: 'Processing' };
    }
    const resolved = await this.resolveInputs(owner, inputs);
    const { result, items } = await this.change(
      owner,
      cart,
      (trx, locked) => this.addLines(trx, owner, locked, resolved),
      { lines: addedLines },
    );
    // The lines as the recalculation wrote them and their products as resolved: neither is read again.
    const ids = new Set(result.flatMap((o) => (o.ok ? [o.item.id] : [])));
    const rows = items.filter((i) => ids.has(i.id));
    const views = new Map(
      (await this.itemViews(owner, cart, rows, undefined, knownProducts(resolved))).map((v) => [v.cartItemId, v]),
    );
    return {
      hasErrors: result.some((o) => !o.ok),
      results: result.map((o) =>
        o.ok
          ? { statusCode: 201, result: views.get(o.item.id) as CartItem }
          : { statusCode: o.error.status, result: [{ errorCode: o.error.errorCode, message: o.error.message }] },
      ),
    };
  }

  /** POST cart-items: one line; its error is the answer. */
  async addItem(owner: CartOwner, cart: CartTable, input: LineInput): Promise<CartItem> {
    const [line] = await this.resolveInputs(owner, [input]);
    if (line instanceof ApiError) throw line;
    const { result, items } = await this.change(
      owner,
      cart,
      (trx, locked) => this.addLines(trx, owner, locked, [line!]),
      { lines: addedLines },
    );
    const outcome = result[0]!;
    if (!outcome.ok) throw outcome.error;
    // The line as the recalculation wrote it (its promotions and tax), not read again; its product as resolved
    // above (the row and selling models this request read), not read again either.
    return this.item(owner, cart, items.find((i) => i.id === outcome.item.id)!, knownProducts([line!]));
  }

  /** The cart's line `itemId` (404 when the cart has none), read on `db` or a change's transaction. */
  async findItem(cart: CartTable, itemId: string, db: Kysely<Database> = this.db): Promise<CartItemTable> {
    const id = checkedId(itemId, KEY_PREFIXES.cartItem);
    const row = await db
      .selectFrom('cart_item')
      .selectAll()
      .where('id', '=', id)
      .where('cart_id', '=', cart.id)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'ITEM_NOT_FOUND', `The cart item ${itemId} isn't in this cart.`);
    return row;
  }

  /** PATCH cart-items/{id}: a new quantity, checked like an add (rule, stock), repriced for its tier. */
  async updateItem(owner: CartOwner, cart: CartTable, itemId: string, quantityInput: unknown): Promise<CartItem> {
    const quantity = parseQuantity(quantityInput);
    const current = await this.findItem(cart, itemId);
    const products = await loadLineProducts(this.s, owner, [current.product_id]);
    const product = products.get(current.product_id);
    if (!product)
      throw new ApiError(404, 'ITEM_NOT_FOUND', `The product of cart item ${itemId} is no longer available to you.`);
    const model = product.models.find((m) => m.id === current.selling_model_id) ?? null;
    if (current.list_selection) {
      // A selection is bought once and keeps the price it was counted at.
      if (quantity !== 1) throw badInput(`A selection of ${product.row.name} is bought once: its quantity is 1.`);
      return this.item(owner, cart, current);
    }
    const { items } = await this.change(
      owner,
      cart,
      async (trx): Promise<LineChange[]> => {
        checkLineQuantity(product.row, quantity, 0);
        const available = await availableQuantities(
          this.s.stockReads,
          trx,
          owner,
          [product.row.id],
          cart.id,
          new Date().toISOString(),
        );
        checkStock(product.row, quantity, available.get(product.row.id));
        const prices = linePrices({ product, model, subscriptionTerm: current.subscription_term }, quantity);
        // The row as stored inside the change (another change may have come since `current` was read).
        const before = await this.findItem(cart, itemId, trx);
        const set = { quantity, list_price_minor: prices.list, sales_price_minor: prices.sales };
        await trx.updateTable('cart_item').set(set).where('id', '=', current.id).execute();
        return [{ before, after: { ...before, ...set } }];
      },
      { lines: (changes) => changes },
    );
    // The line as the recalculation wrote it, not read again.
    return this.item(owner, cart, items.find((i) => i.id === current.id)!);
  }

  async deleteItem(owner: CartOwner, cart: CartTable, itemId: string): Promise<void> {
    const current = await this.findItem(cart, itemId);
    await this.change(
      owner,
      cart,
      async (trx): Promise<LineChange[]> => {
        await trx
          .deleteFrom('inventory_reservation')
          .where('cart_id', '=', cart.id)
          .where('product_id', '=', current.product_id)
          .execute();
        // The row as it was stored when removed (another change may have come since `current` was read).
        const before = await trx.deleteFrom('cart_item').where('id', '=', current.id).returningAll().executeTakeFirst();
        return before ? [{ before, after: null }] : [];
      },
      { lines: (changes) => changes },
    );
  }

  /**
   * POST cart-coupons. The code must name a live coupon whose promotion is running and meant for this
   * buyer; a cart takes at most two. Applying a code already applied changes nothing.
   */
  async addCoupon(owner: CartOwner, cart: CartTable, code: string) {
    const typed = code.trim();
    const coupon = typed ? await this.s.promotions.coupon(owner.webstore.id, typed) : null;
    if (!coupon) throw new ApiError(400, 'INVALID_COUPON', `The coupon code ${typed} isn't valid.`);
    // Checked again when the order is placed (checkout/coupon-usage.ts): the last use may go meanwhile.
    if (coupon.isUsedUp) throw new ApiError(400, 'INVALID_COUPON', `The coupon code ${typed} has been used up.`);
    const rc = await this.recalcContext(owner);
    const rule = rc.rules.find((r: PromotionRule) => r.id === coupon.promotionId);
    const now = rc.now;
    if (!rule || !isPromotionActive(rule, now))
      throw new ApiError(400, 'INVALID_COUPON', `The coupon code ${typed} isn't valid now.`);
    if (!isAudienceEligible(rule, { buyerGroupIds: owner.ctx.buyerGroupIds, accountId: owner.accountId })) {
      throw new ApiError(400, 'INVALID_COUPON', `The coupon code ${typed} isn't available for your account.`);
    }
    const { cart: after } = await this.change(
      owner,
      cart,
      async (trx) => {
        const applied = await trx
          .selectFrom('cart_coupon')
          .select(['id', 'coupon_id'])
          .where('cart_id', '=', cart.id)
          .execute();
        if (applied.some((a) => a.coupon_id === coupon.id)) return;
        if (applied.length >= MAX_CART_COUPONS)
          throw maxLimitExceeded(`A cart takes at most ${MAX_CART_COUPONS} coupons. Remove one to apply ${typed}.`);
        await trx
          .insertInto('cart_coupon')
          .values({
            id: randomRecordId('0cc'),
            cart_id: cart.id,
            coupon_id: coupon.id,
            code: typed.toUpperCase(),
            created_at: now,
          })
          .execute();
      },
      { rc, coupons: true },
    );
    return this.coupons(after);
  }

  async deleteCoupon(owner: CartOwner, cart: CartTable, cartCouponId: string): Promise<void> {
    const id = checkedId(cartCouponId);
    const row = await this.db
      .selectFrom('cart_coupon')
      .select('id')
      .where('id', '=', id)
      .where('cart_id', '=', cart.id)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'ITEM_NOT_FOUND', `The coupon ${cartCouponId} isn't applied to this cart.`);
    await this.change(
      owner,
      cart,
      async (trx) => {
        await trx.deleteFrom('cart_coupon').where('id', '=', row.id).execute();
      },
      { coupons: true },
    );
  }

  /** DELETE carts/{id}: the cart and everything hanging off it. */
  async deleteCart(cart: CartTable): Promise<void> {
    await this.db.transaction().execute((trx) => deleteCartRows(trx, cart.id));
  }
}

export async function deleteCartRows(trx: Kysely<Database>, cartId: string): Promise<void> {
  // A live checkout of the cart ends with it (its payment, if any, is voided when next touched).
  await trx
    .updateTable('checkout')
    .set({ status: 'Deleted', active_key: null, updated_at: new Date().toISOString() })
    .where('cart_id', '=', cartId)
    .where('status', '=', 'Active')
    .execute();
  for (const table of [
    'cart_item',
    'cart_coupon',
    'inventory_reservation',
    'cart_operation',
    'cart_delivery_group',
  ] as const) {
    await trx.deleteFrom(table).where('cart_id', '=', cartId).execute();
  }
  await trx.deleteFrom('cart').where('id', '=', cartId).execute();
}

export const isCartItemSort = (v: string): v is CartItemSort => (CART_ITEM_SORTS as readonly string[]).includes(v);
