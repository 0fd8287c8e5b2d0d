// SimilarProducts: datasets like the anchors. Score, compared in this order (the first difference decides):
//   1. SIC closeness to the nearest anchor: the same 4-digit code (3) > the same 2-digit major group, the "SIC family"
//      (2) > the same SIC division (1) > none (0);
//   2. countries shared with the anchors (count);
//   3. included fields shared with the anchors (count);
//   4. product id (stable).
// A few bounded queries, no per-product round trip: the anchors' SIC codes, then their SIC families, then their
// divisions (indexes product_sic_code_idx and product_sic_division_idx, migration 026), until POOL candidates are
// found; only when those are too few for an answer, datasets listing one of the anchors' countries (a scan, bounded
// by its limit). The pool is scored here, since countries and fields are JSON lists (the same on SQLite and
// PostgreSQL). Which POOL datasets of a very large division are scored is the index's order, not the score's. Variations are left out:
// their parent stands for them, as in search results.
import type { ProductTable } from '../../db/schema.ts';
import type { RankInput } from './candidates.ts';

/** Candidates scored per answer, from each of the two queries. */
const POOL = 500;
/** Anchor countries looked up when the SIC pool is too small. */
const MAX_COUNTRY_LOOKUPS = 5;

type Traits = Pick<ProductTable, 'id' | 'sic_code' | 'sic_division' | 'countries_json' | 'included_fields_json'>;
const TRAITS = ['id', 'sic_code', 'sic_division', 'countries_json', 'included_fields_json'] as const;

const list = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);
const family = (code: string | null) => (code && code.length >= 2 ? code.slice(0, 2) : null);
/**
 * The 4-digit codes of a major group ('80' → '8000' … '8099'): an IN list the code index answers, where a text
 * range would depend on the database's collation. Codes of other lengths still score as family by their prefix.
 */
const familyCodes = (f: string) => Array.from({ length: 100 }, (_, i) => `${f}${String(i).padStart(2, '0')}`);

interface Profile {
  codes: Set<string>;
  families: Set<string>;
  divisions: Set<string>;
  countries: Set<string>;
  fields: Set<string>;
}

function profileOf(anchors: Traits[]): Profile {
  const p: Profile = {
    codes: new Set(),
    families: new Set(),
    divisions: new Set(),
    countries: new Set(),
    fields: new Set(),
  };
  for (const a of anchors) {
    if (a.sic_code) p.codes.add(a.sic_code);
    const f = family(a.sic_code);
    if (f) p.families.add(f);
    if (a.sic_division) p.divisions.add(a.sic_division);
    for (const c of list(a.countries_json)) p.countries.add(c);
    for (const f of list(a.included_fields_json)) p.fields.add(f);
  }
  return p;
}

/** The score as a tuple, compared element by element (higher first). */
export function similarityOf(p: Profile, t: Traits): [number, number, number] {
  const fam = family(t.sic_code);
  const sic =
    t.sic_code && p.codes.has(t.sic_code)
      ? 3
      : fam && p.families.has(fam)
        ? 2
        : t.sic_division && p.divisions.has(t.sic_division)
          ? 1
          : 0;
  const countries = list(t.countries_json).filter((c) => p.countries.has(c)).length;
  const fields = list(t.included_fields_json).filter((f) => p.fields.has(f)).length;
  return [sic, countries, fields];
}

export async function rankSimilar(q: RankInput): Promise<string[]> {
  if (!q.anchors.length) return [];
  const anchors = await q.db
    .selectFrom('product')
    .select(TRAITS)
    .where('webstore_id', '=', q.webstoreId)
    .where('id', 'in', q.anchors)
    .execute();
  const p = profileOf(anchors);
  const base = () => {
    let b = q.db
      .selectFrom('product')
      .select(TRAITS)
      .where('webstore_id', '=', q.webstoreId)
      .where('is_active', '=', 1)
      .where('fulfilment', '=', 'Dataset')
      .where('parent_id', 'is', null);
    if (q.exclude.length) b = b.where('id', 'not in', q.exclude);
    return b;
  };
  // Nearest first, each step bounded and only while the pool has room: the same codes, the same families, the same
  // divisions, then shared countries.
  const pool: Traits[] = [];
  const families = [...p.families];
  const countries = [...p.countries].slice(0, MAX_COUNTRY_LOOKUPS);
  type Step = { when: boolean; scan?: true; where: (b: ReturnType<typeof base>) => ReturnType<typeof base> };
  const steps: Step[] = [
    { when: p.codes.size > 0, where: (b) => b.where('sic_code', 'in', [...p.codes]) },
    { when: families.length > 0, where: (b) => b.where('sic_code', 'in', families.flatMap(familyCodes)) },
    { when: p.divisions.size > 0, where: (b) => b.where('sic_division', 'in', [...p.divisions]) },
    {
      when: countries.length > 0,
      scan: true,
      where: (b) =>
        b.where((eb) => eb.or(countries.map((c) => eb('countries_json', 'like', `%${JSON.stringify(c)}%`)))),
    },
  ];
  for (const step of steps) {
    // The country step is a scan: taken only when the SIC steps left the answer short.
    const room = step.scan ? (pool.length < q.limit ? POOL : 0) : POOL - pool.length;
    if (!step.when || room <= 0) continue;
    const seen = pool.map((r) => r.id);
    let b = step.where(base());
    if (seen.length) b = b.where('id', 'not in', seen);
    pool.push(...(await b.limit(room).execute()));
  }
  const scored = pool.map((t) => ({ id: t.id, score: similarityOf(p, t) }));
  scored.sort((a, b) => {
    for (let i = 0; i < 3; i++) if (a.score[i] !== b.score[i]) return b.score[i]! - a.score[i]!;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return scored
    .filter((s) => s.score.some((n) => n > 0))
    .slice(0, q.limit)
    .map((s) => s.id);
}
