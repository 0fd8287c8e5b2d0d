// Categories in the workspace, read: every category of the store, Draft ones included, in menu order (each
// after its parent, siblings by sort order), with its path of names, its description and what is in it (the
// counts a delete needs to be zero), so the categories page and the product form can offer them all.
import type { Kysely } from 'kysely';
import type { AdminCategory } from '@store/core';
import type { CategoryTable, Database } from '../../db/schema.ts';

/** Menu order: sort order, then name (the storefront's category tree sorts alike). */
export const bySortOrder = (a: CategoryTable, b: CategoryTable) =>
  a.sort_order - b.sort_order || a.name.localeCompare(b.name);

/** The store's categories in menu order; `db` may be a transaction, so a change can answer what it wrote. */
export async function adminCategories(db: Kysely<Database>, webstoreId: string): Promise<AdminCategory[]> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('category').selectAll().where('webstore_id', '=', webstoreId).execute(),
    db
      .selectFrom('product_category')
      .innerJoin('category', 'category.id', 'product_category.category_id')
      .select(['product_category.category_id as id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('category.webstore_id', '=', webstoreId)
      .groupBy('product_category.category_id')
      .execute(),
  ]);
  const productCounts = new Map(counts.map((c) => [c.id, Number(c.n)]));
  const children = new Map<string | null, CategoryTable[]>();
  for (const r of rows) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
  const items: AdminCategory[] = [];
  const walk = (parentId: string | null, path: string[]) => {
    for (const c of (children.get(parentId) ?? []).sort(bySortOrder)) {
      const names = [...path, c.name];
      items.push({
        id: c.id,
        name: c.name,
        urlName: c.url_name,
        parentId: c.parent_id,
        path: names.join(' › '),
        depth: names.length - 1,
        publishStatus: c.publish_status,
        sortOrder: c.sort_order,
        description: c.description,
        productCount: productCounts.get(c.id) ?? 0,
        childCount: children.get(c.id)?.length ?? 0,
      });
      walk(c.id, names);
    }
  };
  walk(null, []);
  return items;
}

export class CategoryAdmin {
  constructor(private db: Kysely<Database>) {}

  async list(webstoreId: string): Promise<{ items: AdminCategory[]; total: number }> {
    const items = await adminCategories(this.db, webstoreId);
    return { items, total: items.length };
  }
}
