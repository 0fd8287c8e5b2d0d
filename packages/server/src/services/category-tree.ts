// The category tree of a store, held per catalogue version. Categories number in the hundreds, so one
// query per catalogue version replaces a recursive query per request; a catalogue change bumps the
// version (in the database) and every process reloads.
import type { Kysely } from 'kysely';
import { normaliseRecordId, type CategoryPathItem } from '@store/core';
import type { Database, CategoryTable } from '../db/schema.ts';
import { KeptPerVersion } from './kept-per-version.ts';

export interface CategoryNode {
  row: CategoryTable;
  children: CategoryNode[];
  parent: CategoryNode | null;
  /** Products directly in this category. */
  productCount: number;
}

export class CategoryTree {
  readonly byId = new Map<string, CategoryNode>();
  readonly byUrlName = new Map<string, CategoryNode>();
  readonly roots: CategoryNode[] = [];

  constructor(rows: CategoryTable[], counts: Map<string, number>) {
    for (const row of rows) {
      const node: CategoryNode = { row, children: [], parent: null, productCount: counts.get(row.id) ?? 0 };
      this.byId.set(row.id, node);
      this.byUrlName.set(row.url_name.toLowerCase(), node);
    }
    for (const node of this.byId.values()) {
      const parent = node.row.parent_id ? this.byId.get(node.row.parent_id) : undefined;
      if (parent) {
        node.parent = parent;
        parent.children.push(node);
      } else this.roots.push(node);
    }
    const order = (a: CategoryNode, b: CategoryNode) =>
      a.row.sort_order - b.row.sort_order || a.row.name.localeCompare(b.row.name);
    this.roots.sort(order);
    for (const node of this.byId.values()) node.children.sort(order);
  }

  /** A record id, or (our storefront's routes use them) a url name. */
  find(idOrUrlName: string): CategoryNode | undefined {
    const id = normaliseRecordId(idOrUrlName);
    return (id ? this.byId.get(id) : undefined) ?? this.byUrlName.get(idOrUrlName.toLowerCase());
  }

  /** Root → leaf. */
  path(id: string): CategoryPathItem[] {
    const out: CategoryPathItem[] = [];
    for (let n = this.byId.get(id); n; n = n.parent ?? undefined) {
      out.unshift({ id: n.row.id, name: n.row.name, description: n.row.description, urlName: n.row.url_name });
    }
    return out;
  }

  /** The category and every category above it, leaf → root; an id not in the tree stands for itself. */
  ancestorIds(id: string): string[] {
    const out: string[] = [];
    for (let n = this.byId.get(id); n; n = n.parent ?? undefined) out.push(n.row.id);
    return out.length ? out : [id];
  }

  /** The category and all its descendants. */
  subtreeIds(id: string): string[] {
    const start = this.byId.get(id);
    if (!start) return [];
    const out: string[] = [];
    const walk = (n: CategoryNode) => {
      out.push(n.row.id);
      n.children.forEach(walk);
    };
    walk(start);
    return out;
  }
}

export class CategoryTreeCache {
  private trees = new KeptPerVersion<CategoryTree>();
  constructor(private db: Kysely<Database>) {}

  get(webstoreId: string, version: number): Promise<CategoryTree> {
    return this.trees.get(webstoreId, version, () => this.load(webstoreId));
  }

  private async load(webstoreId: string): Promise<CategoryTree> {
    const rows = await this.db.selectFrom('category').selectAll().where('webstore_id', '=', webstoreId).execute();
    const counts = await this.db
      .selectFrom('product_category')
      .innerJoin('category', 'category.id', 'product_category.category_id')
      .select(['product_category.category_id as id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('category.webstore_id', '=', webstoreId)
      .groupBy('product_category.category_id')
      .execute();
    return new CategoryTree(rows, new Map(counts.map((c) => [c.id, Number(c.n)])));
  }
}
