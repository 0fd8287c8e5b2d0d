// Categories: one row per category, matched by url name; the tree is given by each row's parent url name
// (empty: a top-level category). A parent may be a category of the store or any row of the file, in any
// order; a row that would make a category its own ancestor is refused. Categories are few, so a file is
// checked and written whole (one transaction), parents first, and every depth is recomputed after it.
import type { Kysely, Transaction } from 'kysely';
import { allocateIds } from '../../db/ids.ts';
import type { CategoryTable, Database } from '../../db/schema.ts';
import { KEY_PREFIX } from '../../domain/record-ids.ts';
import { booleanColumn, choiceColumn, type Column, integerColumn, textColumn, urlColumn } from './fields.ts';
import { type CellReader, type ImportKind, insertAll, type WriteResult } from './kind.ts';
import { URL_NAME_RULE } from './products.ts';
import type { StoreRefs } from './store-refs.ts';

export const categoryColumns = {
  urlName: textColumn('urlName', { max: 255, required: true, pattern: URL_NAME_RULE }),
  name: textColumn('name', { max: 255, required: true }),
  parent: textColumn('parent', { max: 255, pattern: URL_NAME_RULE }),
  description: textColumn('description', { max: 32_000, multiline: true }),
  sortOrder: integerColumn('sortOrder', 0, 1_000_000),
  status: choiceColumn('status', ['Live', 'Draft'] as const),
  navigational: booleanColumn('navigational'),
  imageUrl: urlColumn('imageUrl'),
};

type CategoryFields = Partial<
  Pick<CategoryTable, 'name' | 'description' | 'sort_order' | 'publish_status' | 'is_navigational' | 'image_url'>
>;

export interface CategoryRow {
  urlName: string;
  fields: CategoryFields;
  /** Parent url name; null: top level; undefined: keep. */
  parent?: string | null;
}

function readRow(r: CellReader): CategoryRow | null {
  const c = categoryColumns;
  const urlName = r.need(c.urlName) ?? '';
  const f: CategoryFields = {};
  const name = r.get(c.name);
  if (name) f.name = name;
  const description = r.get(c.description);
  if (description !== undefined) f.description = description;
  const sort = r.get(c.sortOrder);
  if (sort !== undefined) f.sort_order = sort ?? 0;
  const status = r.get(c.status);
  if (status !== undefined) f.publish_status = status ?? 'Live';
  const nav = r.get(c.navigational);
  if (nav !== undefined) f.is_navigational = nav === false ? 0 : 1;
  const image = r.get(c.imageUrl);
  if (image !== undefined) f.image_url = image;
  const row: CategoryRow = { urlName, fields: f };
  const parent = r.get(c.parent);
  if (parent !== undefined) row.parent = parent;
  if (parent && parent.toLowerCase() === urlName.toLowerCase()) r.fail('parent', 'is the category itself');
  return r.bad ? null : row;
}

const lower = (s: string) => s.toLowerCase();

/** Each category's parent url name after the file (the store's tree, with the file's parents over it). */
function parentsAfter(rows: CategoryRow[], refs: StoreRefs): Map<string, string | null> {
  const parents = new Map<string, string | null>();
  for (const c of refs.categories.values())
    parents.set(lower(c.urlName), c.parentId ? lower(refs.categoryById.get(c.parentId)!.urlName) : null);
  for (const r of rows) {
    if (r.parent !== undefined) parents.set(lower(r.urlName), r.parent ? lower(r.parent) : null);
    else if (!parents.has(lower(r.urlName))) parents.set(lower(r.urlName), null);
  }
  return parents;
}

/** Depth in the tree after the file (0 = top level); null when the category is in a cycle. */
function depthIn(parents: Map<string, string | null>, key: string): number | null {
  let depth = 0;
  const seen = new Set([key]);
  for (let p = parents.get(key); p; p = parents.get(p)) {
    if (seen.has(p)) return null;
    seen.add(p);
    depth++;
  }
  return depth;
}

export function categoriesKind(): ImportKind<CategoryRow> {
  return {
    kind: 'categories',
    columns: Object.values(categoryColumns) as Column<unknown>[],
    keyColumns: ['urlName'],
    chunkSize: Number.POSITIVE_INFINITY,
    key: (r) => lower(r.urlName),
    read: (cells) => readRow(cells),

    async checkChunk(_db, rows, refs, fail) {
      const inFile = new Set(rows.map((r) => lower(r.value.urlName)));
      const parents = parentsAfter(
        rows.map((r) => r.value),
        refs,
      );
      for (const { row, value } of rows) {
        const isNew = !refs.category(value.urlName);
        if (isNew && value.fields.name === undefined) fail(row, 'name', 'is required for a new category');
        if (value.parent && !inFile.has(lower(value.parent)) && !refs.category(value.parent))
          fail(row, 'parent', `${value.parent} is not a category of the store or of this file`);
        else if (depthIn(parents, lower(value.urlName)) === null)
          fail(row, 'parent', 'would make the category its own ancestor');
      }
    },

    write: (trx, rows, refs) => writeCategories(trx, rows, refs),
    exportRows: (db, refs) => exportCategories(db, refs),
  };
}

async function writeCategories(trx: Transaction<Database>, rows: CategoryRow[], refs: StoreRefs): Promise<WriteResult> {
  const result: WriteResult = { created: 0, updated: 0, unchanged: 0, changedProducts: [] };
  await refs.reloadCategories(trx);
  const parents = parentsAfter(rows, refs);
  const ordered = [...rows].sort((a, b) => depthIn(parents, lower(a.urlName))! - depthIn(parents, lower(b.urlName))!);
  const existing = new Map(
    (await trx.selectFrom('category').selectAll().where('webstore_id', '=', refs.webstoreId).execute()).map((c) => [
      lower(c.url_name),
      c,
    ]),
  );
  const fresh = ordered.filter((r) => !existing.has(lower(r.urlName)));
  const ids = fresh.length ? await allocateIds(trx, KEY_PREFIX.category, fresh.length) : [];
  const idOf = new Map([...existing].map(([k, c]) => [k, c.id]));
  for (const [i, r] of fresh.entries()) idOf.set(lower(r.urlName), ids[i]!);
  for (const row of ordered) {
    const key = lower(row.urlName);
    const parentId = row.parent === undefined ? undefined : row.parent ? idOf.get(lower(row.parent))! : null;
    const old = existing.get(key);
    if (!old) {
      const c: CategoryTable = {
        id: idOf.get(key)!,
        webstore_id: refs.webstoreId,
        parent_id: parentId ?? null,
        name: row.fields.name!,
        description: row.fields.description ?? null,
        url_name: row.urlName,
        sort_order: row.fields.sort_order ?? 0,
        depth: depthIn(parents, key)!,
        publish_status: row.fields.publish_status ?? 'Live',
        is_navigational: row.fields.is_navigational ?? 1,
        image_url: row.fields.image_url ?? null,
      };
      await insertAll(trx, 'category', [c]);
      result.created++;
      continue;
    }
    const next: Partial<CategoryTable> = { ...row.fields };
    if (parentId !== undefined) next.parent_id = parentId;
    const changes = Object.fromEntries(Object.entries(next).filter(([k, v]) => old[k as keyof CategoryTable] !== v));
    if (!Object.keys(changes).length) {
      result.unchanged++;
      continue;
    }
    await trx.updateTable('category').set(changes).where('id', '=', old.id).execute();
    result.updated++;
  }
  await fixDepths(trx, refs.webstoreId);
  await refs.reloadCategories(trx);
  return result;
}

/** Recomputes every category's depth from its parents (a moved category moves its subtree). */
async function fixDepths(trx: Transaction<Database>, webstoreId: string): Promise<void> {
  const all = await trx
    .selectFrom('category')
    .select(['id', 'parent_id', 'depth'])
    .where('webstore_id', '=', webstoreId)
    .execute();
  const parent = new Map(all.map((c) => [c.id, c.parent_id]));
  for (const c of all) {
    let depth = 0;
    for (let p = c.parent_id; p && depth <= all.length; p = parent.get(p) ?? null) depth++;
    if (depth !== c.depth) await trx.updateTable('category').set({ depth }).where('id', '=', c.id).execute();
  }
}

async function* exportCategories(
  db: Kysely<Database>,
  refs: StoreRefs,
): AsyncIterable<Record<keyof typeof categoryColumns, unknown>> {
  const all = await db.selectFrom('category').selectAll().where('webstore_id', '=', refs.webstoreId).execute();
  const urlOf = new Map(all.map((c) => [c.id, c.url_name]));
  all.sort((a, b) => a.depth - b.depth || (a.url_name < b.url_name ? -1 : a.url_name > b.url_name ? 1 : 0));
  for (const c of all)
    yield {
      urlName: c.url_name,
      name: c.name,
      parent: c.parent_id ? (urlOf.get(c.parent_id) ?? null) : null,
      description: c.description,
      sortOrder: c.sort_order,
      status: c.publish_status,
      navigational: c.is_navigational === 1,
      imageUrl: c.image_url,
    };
}
