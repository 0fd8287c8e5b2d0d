// Categories in the workspace: every category of the store, Draft ones included, in menu order (each after
// its parent, siblings by sort order), with its path of names, so a product form can offer them all.
import type { Kysely } from 'kysely';
import type { AdminCategory } from '@store/core';
import type { CategoryTable, Database } from '../../db/schema.ts';

export class CategoryAdmin {
  constructor(private db: Kysely<Database>) {}

  async list(webstoreId: string): Promise<{ items: AdminCategory[]; total: number }> {
    const rows = await this.db.selectFrom('category').selectAll().where('webstore_id', '=', webstoreId).execute();
    const children = new Map<string | null, CategoryTable[]>();
    for (const r of rows) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
    const items: AdminCategory[] = [];
    const walk = (parentId: string | null, path: string[]) => {
      const level = (children.get(parentId) ?? []).sort(
        (a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name),
      );
      for (const c of level) {
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
        });
        walk(c.id, names);
      }
    };
    walk(null, []);
    return { items, total: items.length };
  }
}
