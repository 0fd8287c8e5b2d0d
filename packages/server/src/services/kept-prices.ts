// What pricing reads of the read model (issue 20, migration 035): each product's active price entries with their
// volume tiers, kept as JSON in its 'prices' row, and the price books with their buyer-group links, kept per
// process per the store's `price_books_version`. PricingService picks a buyer's entries from these exactly as its
// SQL join picks them (product-read-model.test.ts compares the answers for every product, guest and partner).
import type { Kysely } from 'kysely';
import type { Database, PriceAdjustmentTierTable, PriceBookEntryTable, PriceBookTable } from '../db/schema.ts';

/** A tier as kept: id, lower bound, upper bound, adjustment type and value. */
type KeptTier = [string, number, number | null, string, string];
/** An entry as kept (short keys: the row is read for every priced product): its tiers by lower bound. */
interface KeptEntry {
  id: string;
  b: string;
  m: string | null;
  u: number;
  t?: KeptTier[];
}

/** An entry that prices for the buyer, with its book's standing (PricingService's BookEntry). */
export interface BookEntry extends PriceBookEntryTable {
  /** 1 when the entry's book is a standard (list) book. */
  book_is_standard: number;
  /** The book's priority for the buyer (lowest first); null when it is not one of the buyer's books. */
  buyer_priority: number | null;
}

/** The price books and their buyer-group links as one version of the store had them. */
export interface PriceBooks {
  version: number;
  books: Map<string, PriceBookTable>;
  /** Each book's links: the group and its priority. */
  links: Map<string, Array<{ group: string; priority: number }>>;
}

/**
 * Products' current 'prices' rows read beforehand (with their summaries: ProductReadModel.forCartLines), and
 * the store's price books version as of the same read (null when no row was found).
 */
export interface KeptPrices {
  rows: Array<{ product_id: string; body: string }>;
  booksVersion: number | null;
}

/** Entries read from kept rows, and their tiers (every entry picked has its list, maybe empty). */
export interface PickedEntries {
  entries: BookEntry[];
  tiers: Map<string, PriceAdjustmentTierTable[]>;
}

/** The 'prices' row text of each of these products (an empty list when it has no active entry). */
export async function keptPriceTexts(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, KeptEntry[]>(ids.map((id) => [id, []]));
  if (!ids.length) return new Map();
  const entries = await db
    .selectFrom('price_book_entry')
    .selectAll()
    .where('product_id', 'in', ids)
    .where('is_active', '=', 1)
    .orderBy('price_book_id')
    .orderBy('id')
    .execute();
  const byId = new Map<string, KeptEntry>();
  for (const e of entries) {
    const kept: KeptEntry = { id: e.id, b: e.price_book_id, m: e.selling_model_id, u: e.unit_price_minor };
    byId.set(e.id, kept);
    out.get(e.product_id)?.push(kept);
  }
  if (byId.size) {
    const tiers = await db
      .selectFrom('price_adjustment_tier')
      .selectAll()
      .where('price_book_entry_id', 'in', [...byId.keys()])
      .orderBy('lower_bound')
      .orderBy('id')
      .execute();
    for (const t of tiers) {
      const entry = byId.get(t.price_book_entry_id)!;
      entry.t ??= [];
      entry.t.push([t.id, t.lower_bound, t.upper_bound, t.adjustment_type, t.adjustment_value]);
    }
  }
  return new Map([...out].map(([id, list]) => [id, JSON.stringify(list)]));
}

/** Every price book and buyer-group link, at (or after) `version`. */
export async function readPriceBooks(db: Kysely<Database>, version: number): Promise<PriceBooks> {
  const [books, links] = await Promise.all([
    db.selectFrom('price_book').selectAll().execute(),
    db.selectFrom('buyer_group_price_book').selectAll().execute(),
  ]);
  const out: PriceBooks = { version, books: new Map(books.map((b) => [b.id, b])), links: new Map() };
  for (const l of links) {
    const list = out.links.get(l.price_book_id) ?? [];
    list.push({ group: l.buyer_group_id, priority: l.priority });
    out.links.set(l.price_book_id, list);
  }
  return out;
}

/**
 * The entries of kept rows that price for the buyer, as PricingService's SQL join gives them: an active entry of an
 * active book that is the store's standard book, or one of the buyer's groups' books in the currency (once per
 * link, with that link's priority).
 */
export function pickKeptEntries(
  rows: ReadonlyArray<{ product_id: string; body: string }>,
  books: PriceBooks,
  ctx: { webstoreId: string; buyerGroupIds: readonly string[]; currency: string },
): PickedEntries {
  const out: PickedEntries = { entries: [], tiers: new Map() };
  // Each book's standing for this buyer, worked out once per call (a book prices many of the rows).
  const standing = new Map<string, BookStanding | null>();
  for (const row of rows) {
    for (const e of JSON.parse(row.body) as KeptEntry[]) {
      let book = standing.get(e.b);
      if (book === undefined) {
        book = standingOf(books, e.b, ctx);
        standing.set(e.b, book);
      }
      // A book that prices nothing for this buyer: its entries (and their tiers) are not wanted.
      if (book === null) continue;
      for (const priority of book.priorities) {
        out.entries.push({
          id: e.id,
          price_book_id: e.b,
          product_id: row.product_id,
          selling_model_id: e.m,
          unit_price_minor: e.u,
          is_active: 1,
          book_is_standard: book.standard,
          buyer_priority: priority,
        });
      }
      const tiers: PriceAdjustmentTierTable[] = [];
      if (e.t)
        for (const t of e.t)
          tiers.push({
            id: t[0],
            price_book_entry_id: e.id,
            lower_bound: t[1],
            upper_bound: t[2],
            adjustment_type: t[3],
            adjustment_value: t[4],
          });
      out.tiers.set(e.id, tiers);
    }
  }
  return out;
}

/** What a book is to a buyer: null when it prices nothing for them (unknown, inactive, or neither kind of book). */
interface BookStanding {
  standard: number;
  /**
   * One per row the SQL join gives and keeps: a priority per link to the buyer's groups ([null] when it has
   * none), kept when the book is the store's standard book or the link is in the buyer's currency.
   */
  priorities: Array<number | null>;
}

function standingOf(
  books: PriceBooks,
  bookId: string,
  ctx: { webstoreId: string; buyerGroupIds: readonly string[]; currency: string },
): BookStanding | null {
  const book = books.books.get(bookId);
  if (book?.is_active !== 1) return null;
  const listed = book.webstore_id === ctx.webstoreId && book.is_standard === 1;
  const sold = book.currency === ctx.currency;
  const mine = (books.links.get(bookId) ?? []).filter((l) => ctx.buyerGroupIds.includes(l.group));
  const priorities = (mine.length ? mine.map((l) => l.priority) : [null]).filter(
    (priority) => listed || (priority !== null && sold),
  );
  return priorities.length ? { standard: book.is_standard, priorities } : null;
}
