// The product read model (issue 20): each product's detail and listing summary kept as JSON text in one row of
// product_read (migration 033), so a batch of products is one indexed read instead of six tables' random pages;
// and its active price entries in a third row (migration 035), which pricing reads (services/kept-prices.ts).
//
// The text is built by the ordinary assembly (ProductService.details and summaries) for a viewer who sees
// everything, without the category path. What depends on the viewer is decided per request: the category path
// is spliced in (or null) as ProductService would show it; a viewer who may not see a product the answer names
// (a related dataset, a variation) gets the answer built the ordinary way instead (the caller's fallback), as
// does any request with options that change the answer. The database marks rows stale (triggers bump `stamp`
// on every write to their sources); a stale row is never read, and the builder (sweep) writes it again.
import { parsedColumn } from './column-memo.ts';
import { sql, type Insertable, type Kysely } from 'kysely';
import { DATASET_FIELDS, type ProductDetail, type ProductSellingModel } from '@store/core';
import type { Database, ProductReadTable } from '../db/schema.ts';
import { PreparedQuery } from '../db/prepared.ts';
import type { JsonPieces } from '../domain/json-text.ts';
import { isPostgres } from '../db/locks.ts';
import type { CategoryTree } from './category-tree.ts';
import { showsCategory } from './category-reads.ts';
import { seesEverything } from './entitlements.ts';
import { type KeptPrices, keptPriceTexts } from './kept-prices.ts';
import { RELATED_DATASET_SLOTS, type ProductService, type Viewer } from './products.ts';

/** A valid row's detail as the fast path reads it. */
export interface KeptDetail {
  product_id: string;
  webstore_id: string;
  active: number;
  sku: string;
  name: string;
  category_id: string | null;
  guard_ids: string;
  models_json: string;
  /**
   * The detail, its category path `null` at path_at (a string offset). UTF-8 bytes on SQLite (read as a BLOB: no
   * decoding to a string and encoding again for the reply), text on PostgreSQL.
   */
  body: string | Buffer;
  path_at: number;
}

/** What pricing needs of a product, from a valid row (without its text). */
export interface KeptSellable {
  product_id: string;
  webstore_id: string;
  active: number;
  product_class: string;
  models_json: string;
}

/** A valid summary row's columns before its text: who shows the product, and which build of its text is current. */
export interface KeptSummaryStamp {
  product_id: string;
  webstore_id: string;
  active: number;
  /** Changes whenever the text is built again (a change to any of its sources). */
  body_stamp: number;
}

/** A valid row's summary as the fast path reads it. */
export interface KeptSummary extends KeptSummaryStamp {
  guard_ids: string;
  models_json: string;
  /** The summary (ProductSummary without prices and variation info), as bytes on SQLite like KeptDetail's. */
  body: string | Buffer;
}

export interface ReadModelProgress {
  /** Products whose stale rows were built. */
  built: number;
  /** Rows (texts) written: up to three per product, its detail, summary and prices. */
  rows: number;
  /** Products still to build: counted when the sweep starts and ends (counting is slow when most rows are stale). */
  left: number;
  seconds: number;
}

/** A row to (re)build: the very text of migration 033's partial index, so that index finds them. */
const KINDS = ['detail', 'summary', 'prices'] as const;
/** The kinds whose text is the product's answers (built together by the ordinary assembly). */
const ANSWER_KINDS: readonly string[] = ['detail', 'summary'];
const STALE = sql<boolean>`(body_stamp is null or body_stamp <> stamp)`;
const PATH_KEY = '"primaryProductCategoryPath":';
/** Products built per round of the builder: one set of batched reads and one transaction of writes. */
const BUILD_CHUNK = 250;
/** Rows written per statement (13 values each). */
const WRITE_CHUNK = 50;

/**
 * A kept summary row read with 'prices' rows (forCartLines): its kind, the books' version of the read, and
 * (summary rows) the product's categories, space-separated.
 */
type PricedRow = KeptSummary & { kind: string; books_version: number | null; category_ids: string | null };

export class ProductReadModel {
  private detailsOf: PreparedQuery<{ ids: string[] }, KeptDetail>;
  private summariesOf: PreparedQuery<{ ids: string[] }, KeptSummary>;
  private cartLinesOf: PreparedQuery<{ ids: string[]; webstoreId: string }, PricedRow>;
  private sellableOf: PreparedQuery<{ ids: string[] }, KeptSellable>;
  private summaryStampsOf: PreparedQuery<{ ids: string[] }, KeptSummaryStamp>;
  private sweeping: Promise<ReadModelProgress> | null = null;

  constructor(
    private db: Kysely<Database>,
    private products: ProductService,
  ) {
    // SQLite hands a BLOB over as a Buffer of the stored bytes; PostgreSQL's bytea would be hex text, so the text.
    const body = isPostgres(db) ? sql<string | Buffer>`body` : sql<string | Buffer>`cast(body as blob)`;
    this.detailsOf = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('product_read')
        .select([
          'product_id',
          'webstore_id',
          'active',
          'sku',
          'name',
          'category_id',
          'guard_ids',
          'models_json',
          body.as('body'),
          'path_at',
        ])
        .where('product_id', 'in', p.ids)
        .where('kind', '=', 'detail')
        .whereRef('body_stamp', '=', 'stamp')
        .$castTo<KeptDetail>(),
    );
    this.summariesOf = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('product_read')
        .select(['product_id', 'webstore_id', 'active', 'body_stamp', 'guard_ids', 'models_json', body.as('body')])
        .where('product_id', 'in', p.ids)
        .where('kind', '=', 'summary')
        .whereRef('body_stamp', '=', 'stamp')
        .$castTo<KeptSummary>(),
    );
    // A product's summary row and its 'prices' row in one statement, with the store's price books version of the
    // same read (what an add to cart needs of its product besides its row). The prices row's body stays text.
    const pricedBody = isPostgres(db)
      ? sql<string | Buffer>`body`
      : sql<string | Buffer>`case when kind = 'prices' then body else cast(body as blob) end`;
    // The product's categories beside its summary (a cart line's promotions and tax need them: line-facts.ts), in
    // one text: the same subquery on both databases, each with its own aggregate.
    const concat = sql.raw(isPostgres(db) ? 'string_agg' : 'group_concat');
    const categoryIds = sql<
      string | null
    >`case when kind = 'summary' then (select ${concat}(category_id, ' ') from product_category where product_id = product_read.product_id) end`;
    this.cartLinesOf = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('product_read')
        .select([
          'product_id',
          'kind',
          'webstore_id',
          'active',
          'body_stamp',
          'guard_ids',
          'models_json',
          pricedBody.as('body'),
          sql<number | null>`(select price_books_version from webstore where id = ${p.webstoreId})`.as('books_version'),
          categoryIds.as('category_ids'),
        ])
        .where('product_id', 'in', p.ids)
        .where('kind', 'in', ['summary', 'prices'])
        .whereRef('body_stamp', '=', 'stamp')
        .$castTo<PricedRow>(),
    );
    this.sellableOf = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('product_read')
        .select(['product_id', 'webstore_id', 'active', 'product_class', 'models_json'])
        .where('product_id', 'in', p.ids)
        .where('kind', '=', 'summary')
        .whereRef('body_stamp', '=', 'stamp')
        .$castTo<KeptSellable>(),
    );
    this.summaryStampsOf = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('product_read')
        .select(['product_id', 'webstore_id', 'active', 'body_stamp'])
        .where('product_id', 'in', p.ids)
        .where('kind', '=', 'summary')
        .whereRef('body_stamp', '=', 'stamp')
        .$castTo<KeptSummaryStamp>(),
    );
  }

  /**
   * The current summary rows of these products without their text (what decides whether a text derived from it
   * and kept elsewhere is still the product's, and whether the store shows it).
   */
  async summaryStamps(ids: readonly string[]): Promise<Map<string, KeptSummaryStamp>> {
    if (!ids.length) return new Map();
    const rows = await this.summaryStampsOf.execute({ ids: [...new Set(ids)] });
    return new Map(rows.map((r) => [r.product_id, r]));
  }

  /** What pricing needs of these products, where a current row has it (the summary's row: its columns before the text). */
  async sellable(ids: readonly string[]): Promise<Map<string, KeptSellable>> {
    if (!ids.length) return new Map();
    const rows = await this.sellableOf.execute({ ids: [...new Set(ids)] });
    return new Map(rows.map((r) => [r.product_id, r]));
  }

  /** The kept details of these products that are current (a stale or missing one is not there). */
  async details(ids: readonly string[]): Promise<Map<string, KeptDetail>> {
    if (!ids.length) return new Map();
    const rows = await this.detailsOf.execute({ ids: [...new Set(ids)] });
    return new Map(rows.map((r) => [r.product_id, r]));
  }

  /**
   * What a cart line needs of these products besides their rows (an add resolves them: carts/cart-lines.ts): their
   * current summaries, their categories and their current 'prices' rows, in one statement:
   * the prices as PricingService takes them read beforehand (`kept`), with the books' version of the same snapshot.
   * `categories` has the products with a current summary (their own categories, without ancestors).
   */
  async forCartLines(
    ids: readonly string[],
    webstoreId: string,
  ): Promise<{ summaries: Map<string, KeptSummary>; prices: KeptPrices; categories: Map<string, string[]> }> {
    const summaries = new Map<string, KeptSummary>();
    const categories = new Map<string, string[]>();
    const prices: KeptPrices = { rows: [], booksVersion: null };
    if (!ids.length) return { summaries, prices, categories };
    const rows = await this.cartLinesOf.execute({ ids: [...new Set(ids)], webstoreId });
    prices.booksVersion = rows[0]?.books_version ?? null;
    for (const r of rows) {
      if (r.kind === 'prices') prices.rows.push({ product_id: r.product_id, body: String(r.body) });
      else {
        summaries.set(r.product_id, r);
        categories.set(r.product_id, r.category_ids ? r.category_ids.split(' ') : []);
      }
    }
    return { summaries, prices, categories };
  }

  /** The kept summaries of these products that are current. */
  async summaries(ids: readonly string[]): Promise<Map<string, KeptSummary>> {
    if (!ids.length) return new Map();
    const rows = await this.summariesOf.execute({ ids: [...new Set(ids)] });
    return new Map(rows.map((r) => [r.product_id, r]));
  }

  /**
   * Of these products, those whose current summary this store shows, and the ids with no current row (to build
   * the ordinary way). A product whose current row the store does not show is in neither: it is left out, as the
   * ordinary assembly leaves it out.
   */
  async shownSummaries(
    webstoreId: string,
    ids: readonly string[],
  ): Promise<{ shown: Map<string, KeptSummary>; rest: string[] }> {
    const rows = await this.summaries(ids);
    const shown = new Map<string, KeptSummary>();
    for (const [id, row] of rows) if (shownIn(row, webstoreId)) shown.set(id, row);
    return { shown, rest: ids.filter((id) => !rows.has(id)) };
  }

  /**
   * Builds every missing or stale row, a chunk at a time, each chunk its own short transaction (requests go on
   * meanwhile). One sweep at a time per process; another process sweeping too only repeats some of the work.
   */
  sweep(onProgress?: (p: ReadModelProgress) => void): Promise<ReadModelProgress> {
    if (!this.sweeping) {
      this.sweeping = this.runSweep(onProgress).finally(() => {
        this.sweeping = null;
      });
    }
    return this.sweeping;
  }

  private async runSweep(onProgress?: (p: ReadModelProgress) => void): Promise<ReadModelProgress> {
    const started = performance.now();
    let built = 0;
    let rows = 0;
    const progress = (left: number) => ({ built, rows, left, seconds: (performance.now() - started) / 1000 });
    const atStart = onProgress ? await this.staleCount() : 0;
    let lastTold = started;
    for (;;) {
      const stale = await this.db
        .selectFrom('product_read')
        .select('product_id')
        .distinct()
        .where(STALE)
        .limit(BUILD_CHUNK)
        .execute();
      if (!stale.length) break;
      const wrote = await this.build(stale.map((r) => r.product_id));
      // A chunk whose every row changed again while it was built: the next round picks them up; none written at
      // all twice in a row would mean a writer faster than the builder, which a later sweep finishes.
      if (!wrote) break;
      rows += wrote;
      built += stale.length;
      if (onProgress && performance.now() - lastTold > 2000) {
        lastTold = performance.now();
        onProgress(progress(Math.max(0, atStart - built)));
      }
    }
    return progress(await this.staleCount());
  }

  /** How many products' rows are stale (or not built yet). */
  async staleCount(): Promise<number> {
    const { n } = await this.db
      .selectFrom('product_read')
      .select((eb) => eb.fn.count<number>('product_id').distinct().as('n'))
      .where(STALE)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * Builds these products' rows from their sources and writes each one whose stamp is still the one read before
   * the sources (a compare-and-set: a change during the build leaves the row stale, for the next round).
   * Returns how many rows were written (up to three per product).
   */
  async build(ids: readonly string[]): Promise<number> {
    if (!ids.length) return 0;
    const list = [...new Set(ids)];
    await this.db
      .insertInto('product_read')
      .values(list.flatMap((id) => KINDS.map((kind) => ({ product_id: id, kind }))))
      .onConflict((oc) => oc.columns(['product_id', 'kind']).doNothing())
      .execute();
    // Only the stale rows are built: a price change leaves the product's answers as they are (and the other way
    // round), and the answers are the costly part.
    const stale = new Map<string, number>();
    for (const r of await this.db
      .selectFrom('product_read')
      .select(['product_id', 'kind', 'stamp'])
      .where('product_id', 'in', list)
      .where(STALE)
      .execute())
      stale.set(`${r.product_id}|${r.kind}`, Number(r.stamp));
    const isStale = (id: string, kinds: readonly string[]) => kinds.some((k) => stale.has(`${id}|${k}`));
    const rows = await this.db.selectFrom('product').selectAll().where('id', 'in', list).execute();
    const answered = rows.filter((r) => isStale(r.id, ANSWER_KINDS));
    const active = answered.filter((r) => r.is_active === 1);
    const viewer: Viewer = { visibility: seesEverything() };
    const details = new Map(
      (await this.products.details(viewer, active, null, { excludePrimaryProductCategory: true })).map((d) => [
        d.id,
        d,
      ]),
    );
    const summaries = new Map<string, string>();
    for (const webstoreId of new Set(active.map((r) => r.webstore_id))) {
      const mine = active.filter((r) => r.webstore_id === webstoreId);
      // The rows and the details' selling models, already read: not read again.
      const known = {
        rows: mine,
        models: new Map(mine.map((r) => [r.id, details.get(r.id)?.productSellingModels ?? []])),
      };
      const out = await this.products.summariesWithModels(
        webstoreId,
        mine.map((r) => r.id),
        {},
        known,
      );
      for (const s of out.summaries) summaries.set(s.id, JSON.stringify(s));
    }
    const prices = await keptPriceTexts(
      this.db,
      rows.filter((r) => isStale(r.id, ['prices'])).map((r) => r.id),
    );
    const values = rows.flatMap((r): Insertable<ProductReadTable>[] => {
      const d = details.get(r.id);
      const summary = summaries.get(r.id);
      const shown = r.is_active === 1 && d !== undefined && summary !== undefined;
      const detail = shown ? JSON.stringify(d) : null;
      const at = detail === null ? -1 : detail.indexOf(PATH_KEY);
      if (detail !== null && at < 0) return [];
      const common = {
        webstore_id: r.webstore_id,
        sku: r.sku,
        name: r.name,
        product_class: r.product_class,
        active: shown ? 1 : 0,
        category_id: shown ? r.primary_category_id : null,
        guard_ids: shown ? guardIds(d).join(' ') : '',
        models_json: JSON.stringify(d?.productSellingModels ?? []),
      };
      return KINDS.flatMap((kind): Insertable<ProductReadTable>[] => {
        const stamp = stale.get(`${r.id}|${kind}`);
        if (stamp === undefined) return [];
        // (The row's other columns are the answers'; a statement writes rows of every kind, so all are named.)
        if (kind === 'prices')
          return [{ ...NO_COLUMNS, product_id: r.id, kind, stamp, body_stamp: stamp, body: prices.get(r.id) ?? '[]' }];
        const body = kind === 'detail' ? detail : (summary ?? null);
        const path_at = kind === 'detail' && detail !== null ? at + PATH_KEY.length : null;
        return [{ ...common, product_id: r.id, kind, stamp, body_stamp: stamp, body, path_at }];
      });
    });
    // SQLite: one transaction of a few statements (SQLite runs one writer at a time, so nothing can interleave).
    // PostgreSQL: a statement per row, each its own transaction, so the builder never holds two rows' locks at
    // once: a writer whose triggers bump several of these rows in another order could otherwise deadlock with it
    // (and the writer might be the one PostgreSQL aborts).
    let written = 0;
    if (isPostgres(this.db)) {
      for (const row of values) written += await upsert(this.db, [row]);
    } else {
      await this.db.transaction().execute(async (trx) => {
        for (let i = 0; i < values.length; i += WRITE_CHUNK)
          written += await upsert(trx, values.slice(i, i + WRITE_CHUNK));
      });
    }
    return written;
  }
}

const NO_COLUMNS = {
  webstore_id: null,
  sku: null,
  name: null,
  product_class: null,
  active: null,
  category_id: null,
  guard_ids: null,
  models_json: null,
  path_at: null,
} as const;

/** Writes built rows, each only while its stamp is still the one read before its sources (a compare-and-set). */
async function upsert(db: Kysely<Database>, rows: Insertable<ProductReadTable>[]): Promise<number> {
  const done = await db
    .insertInto('product_read')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['product_id', 'kind'])
        .doUpdateSet((eb) => ({
          body_stamp: eb.ref('excluded.body_stamp'),
          webstore_id: eb.ref('excluded.webstore_id'),
          sku: eb.ref('excluded.sku'),
          name: eb.ref('excluded.name'),
          product_class: eb.ref('excluded.product_class'),
          active: eb.ref('excluded.active'),
          category_id: eb.ref('excluded.category_id'),
          guard_ids: eb.ref('excluded.guard_ids'),
          models_json: eb.ref('excluded.models_json'),
          body: eb.ref('excluded.body'),
          path_at: eb.ref('excluded.path_at'),
        }))
        .where((eb) => eb('product_read.stamp', '=', eb.ref('excluded.stamp'))),
    )
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0);
}

/** The products a detail names: a viewer must see every one of them for the kept text to be its answer. */
function guardIds(d: ProductDetail): string[] {
  const out: string[] = [];
  for (let n = 1; n <= RELATED_DATASET_SLOTS; n++) {
    const id = d.fields[DATASET_FIELDS.related(n)];
    if (id) out.push(id);
  }
  for (const m of d.variationInfo?.attributesToProductMappings ?? []) out.push(m.productId);
  return out;
}

/** Whether a kept row is a product this store shows (active, of the store): otherwise it is told unavailable. */
export const shownIn = (row: { webstore_id: string; active: number }, webstoreId: string): boolean =>
  row.webstore_id === webstoreId && row.active === 1;

/** Whether the viewer may see every product the kept answer names. */
export function seesNamed(viewer: Viewer, guard: string): boolean {
  if (viewer.visibility.all || !guard) return true;
  for (const id of guard.split(' ')) if (!viewer.visibility.canSeeProduct(id)) return false;
  return true;
}

// The category path's JSON per tree (a tree is one catalogue version's) and category: the same text for every
// request that shows it.
const pathTexts = new WeakMap<CategoryTree, Map<string, string>>();

/** The kept detail as this viewer's answer: the category path spliced in; null when the viewer must not get it. */
export function detailText(row: KeptDetail, viewer: Viewer, tree: CategoryTree): JsonPieces | null {
  if (!seesNamed(viewer, row.guard_ids)) return null;
  const path = pathText(viewer, tree, row.category_id);
  const { body } = row;
  if (Buffer.isBuffer(body)) {
    const at = placeholderAt(body, row.path_at);
    if (at >= 0) return [body.subarray(0, at), path, body.subarray(at + 4)];
  }
  // Text (PostgreSQL), or bytes whose placeholder is not where the offset says: spliced as text.
  const text = typeof body === 'string' ? body : body.toString('utf8');
  return [text.slice(0, row.path_at) + path + text.slice(row.path_at + 4)];
}

const KEY = Buffer.from(PATH_KEY);
const PLACEHOLDER = Buffer.from(`${PATH_KEY}null`);

/**
 * The byte offset in a kept detail's bytes of its category path's `null`, from its string offset (path_at): the
 * same when every character before it is ASCII; else after the key's first occurrence in the bytes, which is the
 * first in the text (the builder took path_at from the text's first: UTF-8 never matches an ASCII key part-way
 * through a character). -1 if the bytes there are not the key and `null` (the caller then splices the decoded
 * text).
 */
export function placeholderAt(bytes: Buffer, units: number): number {
  const holds = (at: number) =>
    at >= PATH_KEY.length && bytes.compare(PLACEHOLDER, 0, PLACEHOLDER.length, at - PATH_KEY.length, at + 4) === 0;
  if (holds(units)) return units;
  // Found by the native search: counting the UTF-8 up to the offset in JavaScript was a seventh of a 20-product
  // batch's CPU.
  // (A character is at least one byte, so the key starts no earlier in the bytes than in the text.)
  const key = bytes.indexOf(KEY, Math.max(0, units - PATH_KEY.length));
  return key >= 0 && holds(key + PATH_KEY.length) ? key + PATH_KEY.length : -1;
}

/** What ProductService shows as a product's primaryProductCategoryPath, as JSON. */
function pathText(viewer: Viewer, tree: CategoryTree, categoryId: string | null): string {
  const node = categoryId ? tree.byId.get(categoryId) : undefined;
  if (!node || !showsCategory(viewer.visibility, node, !!viewer.isPreview)) return 'null';
  let texts = pathTexts.get(tree);
  if (!texts) {
    texts = new Map();
    pathTexts.set(tree, texts);
  }
  let text = texts.get(node.row.id);
  if (text === undefined) {
    text = JSON.stringify({ path: tree.path(node.row.id) });
    texts.set(node.row.id, text);
  }
  return text;
}

/**
 * A kept row's selling models (what pricing needs), parsed once per distinct text (column-memo.ts): a store sells
 * on a handful of model sets shared by many products, and parsing them for each of a batch's products showed in
 * its profile. Shared between reads: callers only read them.
 */
export const keptModels = (row: { models_json: string }): readonly ProductSellingModel[] =>
  parsedColumn<ProductSellingModel[]>(row.models_json);
