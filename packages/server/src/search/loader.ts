// Reads the catalogue into search documents, in batches of ids so a million products never sit in
// one result set; prices and categories come with each batch.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SearchDoc } from './segment.ts';

const BATCH = 2000;
const list = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);

export interface LoadedDocs {
  docs: SearchDoc[] /** Products that are gone or inactive (only when reading changes). */;
  removed: string[];
}

/** Every active product, or (with `since`) every product changed after that catalogue version. */
export async function loadDocs(db: Kysely<Database>, webstoreId: string, since?: number): Promise<LoadedDocs> {
  const docs: SearchDoc[] = [];
  const removed: string[] = [];
  let after = '';
  for (;;) {
    let q = db
      .selectFrom('product')
      .select([
        'id',
        'webstore_id',
        'sku',
        'parent_id',
        'product_class',
        'name',
        'description',
        'category_lines_json',
        'countries_json',
        'included_fields_json',
        'sic_code',
        'sic_division',
        'list_status',
        'record_count',
        'created_at',
        'is_active',
      ])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH);
    // The full read walks the primary key and filters the store here: with a webstore_id condition
    // SQLite picks the (webstore_id, changed_version) index and sorts every batch — quadratic at a million rows.
    // The change read is the other way round: that index finds the few changed rows.
    q = since === undefined ? q : q.where('webstore_id', '=', webstoreId).where('changed_version', '>', since);
    // better-sqlite3 answers synchronously: give waiting requests a turn between batches.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const batch = await q.execute();
    if (!batch.length) break;
    after = batch[batch.length - 1]!.id;
    const rows = batch.filter((r) => r.webstore_id === webstoreId);
    const active = rows.filter((r) => r.is_active);
    if (since !== undefined) for (const r of rows) if (!r.is_active) removed.push(r.id);
    if (!active.length) continue;
    const ids = active.map((r) => r.id);
    const [cats, prices, models] = await Promise.all([
      db.selectFrom('product_category').select(['product_id', 'category_id']).where('product_id', 'in', ids).execute(),
      db
        .selectFrom('price_book_entry')
        .select(['product_id', 'price_book_id', 'selling_model_id', 'unit_price_minor'])
        .where('product_id', 'in', ids)
        .where('is_active', '=', 1)
        .execute(),
      db
        .selectFrom('product_selling_model')
        .innerJoin('selling_model', 'selling_model.id', 'product_selling_model.selling_model_id')
        .select(['product_selling_model.product_id', 'selling_model.id', 'selling_model.selling_model_type'])
        .where('product_selling_model.product_id', 'in', ids)
        .orderBy('product_selling_model.sort_order')
        .execute(),
    ]);
    // The price a listing shows and sorts by is the default selling model's (spec 02 §4): the one-time
    // model if the product has one, else its first subscription model.
    const defaultModel = new Map<string, { id: string; oneTime: boolean }>();
    for (const m of models) {
      const cur = defaultModel.get(m.product_id);
      const oneTime = m.selling_model_type === 'OneTime';
      if (!cur || (oneTime && !cur.oneTime)) defaultModel.set(m.product_id, { id: m.id, oneTime });
    }
    const catsOf = new Map<string, string[]>();
    for (const c of cats)
      (catsOf.get(c.product_id) ?? catsOf.set(c.product_id, []).get(c.product_id)!).push(c.category_id);
    const pricesOf = new Map<string, Map<string, { minor: number; rank: number }>>();
    for (const p of prices) {
      const byBook = pricesOf.get(p.product_id) ?? pricesOf.set(p.product_id, new Map()).get(p.product_id)!;
      const model = defaultModel.get(p.product_id);
      // 0: the default model's entry (or the plain entry of a one-time product); 1: the plain entry; 2: any other.
      const rank =
        model && (p.selling_model_id === model.id || (model.oneTime && p.selling_model_id === null))
          ? 0
          : p.selling_model_id === null
            ? 1
            : 2;
      const minor = Number(p.unit_price_minor);
      const cur = byBook.get(p.price_book_id);
      if (!cur || rank < cur.rank || (rank === cur.rank && minor < cur.minor))
        byBook.set(p.price_book_id, { minor, rank });
    }
    for (const r of active) {
      const lines = list(r.category_lines_json);
      docs.push({
        productId: r.id,
        sku: r.sku,
        parentId: r.parent_id,
        productClass: r.product_class,
        name: r.name,
        description: r.description,
        categoryLines: lines,
        countries: list(r.countries_json),
        includedFields: list(r.included_fields_json),
        sicCode: r.sic_code,
        // The industry's name is the leaf of the dataset's first category line ("Health Services > Dentists").
        sicLabel: r.sic_code && lines[0] ? `${r.sic_code} ${lines[0].split('>').pop()!.trim()}` : r.sic_code,
        sicDivision: r.sic_division,
        listStatus: r.list_status,
        recordCount: r.record_count === null ? null : Number(r.record_count),
        createdAt: Date.parse(r.created_at) || 0,
        categoryIds: catsOf.get(r.id) ?? [],
        prices: new Map(
          [...(pricesOf.get(r.id) ?? new Map<string, { minor: number }>())].map(([book, v]) => [book, v.minor]),
        ),
      });
    }
  }
  return { docs, removed };
}
