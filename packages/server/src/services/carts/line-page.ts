// The lines page of a large cart (issue 20: the 25-line page of a 200-line cart). A line's answer is made of its
// row, its product as a cart line shows it (line-products.ts) and the cart's id and currency; for one line it is
// the same from request to request until one of them changes. So:
//
// - The page's statement reads each line as one JSON array text, its product's current summary stamp joined
//   on (the line's row and the stamp, in one indexed statement). One text column per line is a third of the
//   cost of materialising seventeen columns as an object, and the text is the whole row: two equal texts are
//   the same line, unchanged.
// - A page (its lines' answers as one JSON array, and their item adjustments) is kept while neither the cart's
//   lines nor any product's kept answers have changed since: the cart row's `lines_stamp` and the read model's
//   clock (migration 037, both moved by triggers) are part of the key, and both are read before the lines. A
//   repeated page is then its cart row, the clock and a copy of bytes.
// - Each line's answer (`{ cartItem, message, status }`) is kept as JSON text under that text and the cart's
//   currency. A write to the line changes its text; a change to its product (any write, however it is made:
//   database triggers move the stamp) changes the stamp in it. So an entry is never stale, and a page whose
//   lines are all kept is its statement and a copy of bytes. Lines whose product has no current summary, or
//   one the store does not show, are built each time and not kept.
import { LRUCache } from 'lru-cache';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { CartAdjustment, CartItemCollection, CartItemResult } from '@store/core';
import type { CartItemTable, CartTable, Database } from '../../db/schema.ts';
import { isPostgres } from '../../db/locks.ts';
import { JsonText } from '../../domain/json-text.ts';
import { shownIn, type KeptSummaryStamp } from '../product-read-model.ts';

/** A line's columns, in the order of its JSON array (its product's summary stamp follows them). */
const LINE_COLUMNS = [
  'id',
  'delivery_group_id',
  'product_id',
  'selling_model_id',
  'subscription_term',
  'quantity',
  'list_price_minor',
  'sales_price_minor',
  'adjust_minor',
  'tax_minor',
  'adjustments_json',
  'created_at',
  'seq',
  'list_selection',
  'list_records',
  'list_file_version',
] as const satisfies ReadonlyArray<Exclude<keyof CartItemTable, 'cart_id'>>;
const STAMP_COLUMNS = ['body_stamp', 'webstore_id', 'active'] as const satisfies ReadonlyArray<keyof KeptSummaryStamp>;

/** A row of the page's statement: one line as JSON array text. */
export interface PageLineRow {
  line: string;
}

/**
 * The cart's lines with each one's current summary stamp, as PageLineRow (the caller orders and pages it).
 * `cart_item` keeps its name, so orderings may refer to it.
 */
export function pageLinesQuery(
  db: Kysely<Database>,
  cartId: string,
): SelectQueryBuilder<Database, 'cart_item', PageLineRow> {
  const values = [
    ...LINE_COLUMNS.map((c) => sql.ref(`cart_item.${c}`)),
    ...STAMP_COLUMNS.map((c) => sql.ref(`product_read.${c}`)),
  ];
  const line = isPostgres(db)
    ? sql<string>`json_build_array(${sql.join(values)})::text`
    : sql<string>`json_array(${sql.join(values)})`;
  return db
    .selectFrom('cart_item')
    .leftJoin('product_read', (j) =>
      j
        .onRef('product_read.product_id', '=', 'cart_item.product_id')
        .on('product_read.kind', '=', 'summary')
        .onRef('product_read.body_stamp', '=', 'product_read.stamp'),
    )
    .select(line.as('line'))
    .where('cart_item.cart_id', '=', cartId) as unknown as SelectQueryBuilder<Database, 'cart_item', PageLineRow>;
}

/** A page's line read back: its row, and its product's current summary stamp (null: none is current). */
export interface PageLine {
  text: string;
  row: CartItemTable;
  summary: KeptSummaryStamp | null;
}

export function pageLineOf(cartId: string, text: string): PageLine {
  const values = JSON.parse(text) as unknown[];
  const row: Record<string, unknown> = { cart_id: cartId };
  for (const [i, c] of LINE_COLUMNS.entries()) row[c] = values[i];
  const at = LINE_COLUMNS.length;
  const summary =
    values[at] === null
      ? null
      : {
          product_id: row.product_id as string,
          body_stamp: values[at] as number,
          webstore_id: values[at + 1] as string,
          active: values[at + 2] as number,
        };
  return { text, row: row as unknown as CartItemTable, summary };
}

/** A line of the lines page's answer: built, or kept as text. */
export type LineAnswer = CartItemResult | JsonText;

/** The lines page as the API answers it (CartService.itemsAnswer): its lines as one JSON array. */
export type CartItemCollectionAnswer = Omit<CartItemCollection, 'cartItems'> & { cartItems: JsonText };

/** Bytes the kept line answers may hold (their JSON length and key): 8 MiB, some 4,000 lines. */
export const LINE_ANSWER_BYTES = 8 * 1024 * 1024;

/** Lines' answers by their page text (one per CartService, that is per database). */
export class KeptLineAnswers {
  private kept = new LRUCache<string, JsonText>({
    maxSize: LINE_ANSWER_BYTES,
    sizeCalculation: (v, k) => k.length + (v.pieces[0] as string).length,
  });

  /** The kept answer of a line as the page read it, if any. */
  get(cart: Pick<CartTable, 'id' | 'currency'>, text: string): JsonText | undefined {
    return this.kept.get(keyOf(cart, text));
  }

  /** Keeps a line's answer when its product has a current summary the store shows. */
  keep(cart: Pick<CartTable, 'id' | 'currency'>, line: PageLine, webstoreId: string, answer: CartItemResult): void {
    if (!line.summary || !shownIn(line.summary, webstoreId)) return;
    this.kept.set(keyOf(cart, line.text), new JsonText(JSON.stringify(answer)));
  }
}

// The cart's id is in the answer (cartItem.cartId); its currency in the amounts.
const keyOf = (cart: Pick<CartTable, 'id' | 'currency'>, text: string) => `${cart.id}|${cart.currency}|${text}`;

/** Bytes the kept pages may hold (their lines' JSON): 8 MiB, some 190 pages of 25 lines. */
export const KEPT_PAGE_BYTES = 8 * 1024 * 1024;

/** A page of lines as kept: its lines' answers as one JSON array, and their item adjustments. */
export interface KeptPage {
  items: JsonText;
  count: number;
  adjustments: readonly CartAdjustment[];
}

/** The answers as one JSON array, in UTF-8 bytes (what the reply copies as it is). */
export function jsonArray(answers: readonly LineAnswer[]): JsonText {
  const parts = answers.map((a) => (a instanceof JsonText ? a.text : JSON.stringify(a)));
  return new JsonText(Buffer.from(`[${parts.join(',')}]`));
}

/** Pages of lines by cart, its currency and lines' stamp, the read model's clock and the page asked for. */
export class KeptPages {
  private kept = new LRUCache<string, KeptPage>({
    maxSize: KEPT_PAGE_BYTES,
    sizeCalculation: (v, k) => k.length + (v.items.pieces[0]?.length ?? 0) + JSON.stringify(v.adjustments).length,
  });

  /**
   * The page, kept or made now by `make`. `tick`, the read model's clock, must have been read before (so was the
   * cart row): a page made after a mark moved is kept under the older mark, which is then never asked for again;
   * never the other way round.
   */
  async get(
    cart: Pick<CartTable, 'id' | 'currency' | 'lines_stamp'>,
    tick: number | string | undefined,
    page: string,
    make: () => Promise<KeptPage>,
  ): Promise<KeptPage> {
    // No clock, or a cart row without its stamp: nothing can be kept.
    if (tick === undefined || cart.lines_stamp === undefined || cart.lines_stamp === null) return make();
    const key = `${cart.id}|${cart.currency}|${cart.lines_stamp}|${tick}|${page}`;
    const kept = this.kept.get(key);
    if (kept) return kept;
    const made = await make();
    this.kept.set(key, made);
    return made;
  }
}
