// Reads the catalogue into search documents, in batches of ids so a million products never sit in
// one result set; prices and categories come with each batch.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SearchDoc } from './segment.ts';

const BATCH = 2000;
const list = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);

export interface LoadedDocs { docs: SearchDoc[]; /** Products that are gone or inactive (only when reading changes). */ removed: string[] }

/** Every active product, or (with `since`) every product changed after that catalogue version. */
export async function loadDocs(db: Kysely<Database>, webstoreId: string, since?: number): Promise<LoadedDocs> {
  const docs: SearchDoc[] = [];
  const removed: string[] = [];
  let after = '';
  for (;;) {
    let q = db.selectFrom('product')
      .select(['id', 'sku', 'parent_id', 'product_class', 'name', 'description', 'category_lines_json', 'countries_json', 'included_fields_json',
        'sic_code', 'sic_division', 'list_status', 'record_count', 'created_at', 'is_active'])
      .where('webstore_id', '=', webstoreId).where('id', '>', after).orderBy('id').limit(BATCH);
    q = since === undefined ? q.where('is_active', '=', 1) : q.where('changed_version', '>', since);
    const rows = await q.execute();
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    const active = rows.filter((r) => r.is_active);
    for (const r of rows) if (!r.is_active) removed.push(r.id);
    if (!active.length) continue;
    const ids = active.map((r) => r.id);
    const [cats, prices] = await Promise.all([
      db.selectFrom('product_category').select(['product_id', 'category_id']).where('product_id', 'in', ids).execute(),
      db.selectFrom('price_book_entry').select(['product_id', 'price_book_id', 'selling_model_id', 'unit_price_minor'])
        .where('product_id', 'in', ids).where('is_active', '=', 1).execute(),
    ]);
    const catsOf = new Map<string, string[]>();
    for (const c of cats) (catsOf.get(c.product_id) ?? catsOf.set(c.product_id, []).get(c.product_id)!).push(c.category_id);
    // The price a listing shows: the one-time price, else the lowest of the product's selling models.
    const pricesOf = new Map<string, Map<string, { minor: number; oneTime: boolean }>>();
    for (const p of prices) {
      const byBook = pricesOf.get(p.product_id) ?? pricesOf.set(p.product_id, new Map()).get(p.product_id)!;
      const oneTime = p.selling_model_id === null;
      const cur = byBook.get(p.price_book_id);
      const minor = Number(p.unit_price_minor);
      if (!cur || (oneTime && !cur.oneTime) || (oneTime === cur.oneTime && minor < cur.minor)) byBook.set(p.price_book_id, { minor, oneTime });
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
        prices: new Map([...(pricesOf.get(r.id) ?? new Map<string, { minor: number }>())].map(([book, v]) => [book, v.minor])),
      });
    }
  }
  return { docs, removed };
}
