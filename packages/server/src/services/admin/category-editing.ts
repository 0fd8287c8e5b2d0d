// Categories changed in the workspace: create, rename, url name, description, move (with its subtree), the
// order of siblings, Draft/Live, delete. Each change goes through CatalogueChanges, so its audit entry and the
// catalogue version bump commit with it: every process re-reads its category tree (menu, category pages,
// search by category) and its entitlement sets on its next request. Tree changes take the store row's lock
// first (PostgreSQL), so two moves cannot each pass the cycle check and together make a loop.
import type { Kysely, Transaction } from 'kysely';
import {
  urlNameOf,
  urlNameProblem,
  type AdminCategory,
  type CategoryChange,
  type CategoryCreate,
  type CategoryOrder,
} from '@store/core';
import type { CategoryTable, Database } from '../../db/schema.ts';
import { allocateIds } from '../../db/ids.ts';
import { forUpdate } from '../../db/locks.ts';
import { ApiError, badInput, notFound } from '../../domain/errors.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import { adminCategories, bySortOrder } from './category-admin.ts';
import type { CatalogueChanges } from './catalogue-change.ts';
import type { Actor } from './workspace-access.ts';

type Db = Kysely<Database>;

const categoryUnknown = (id: string) => notFound(`The category ${id} doesn't exist.`);

async function lockStore(trx: Transaction<Database>, webstoreId: string): Promise<void> {
  await forUpdate(trx, trx.selectFrom('webstore').select('id').where('id', '=', webstoreId)).executeTakeFirst();
}

async function rowsOf(db: Db, webstoreId: string): Promise<Map<string, CategoryTable>> {
  const rows = await db.selectFrom('category').selectAll().where('webstore_id', '=', webstoreId).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

async function answer(db: Db, webstoreId: string, id: string): Promise<AdminCategory> {
  return (await adminCategories(db, webstoreId)).find((c) => c.id === id)!;
}

/** The url name to store: the one given, else one made from the name; checked against core's rule. */
function urlNameFor(given: string | undefined, name: string): string {
  const urlName = given === undefined ? urlNameOf(name) : given.trim();
  if (given === undefined && !urlName)
    throw badInput('The name has no letters or digits to make a url name from; give a url name.');
  const problem = urlNameProblem(urlName);
  if (problem) throw badInput(`urlName: ${problem}`);
  return urlName;
}

/** A url name another category of the store already has is a conflict (compared as the storefront routes: any case). */
function refuseTakenUrlName(rows: Map<string, CategoryTable>, urlName: string, self: string | null): void {
  const taken = [...rows.values()].find((r) => r.id !== self && r.url_name.toLowerCase() === urlName);
  if (taken)
    throw new ApiError(
      409,
      'DUPLICATE_VALUE',
      `The url name ${urlName} is already used by the category ${taken.name}.`,
    );
}

/** The parent a request names, as one of the store's categories; null for the top level. */
function parentOf(rows: Map<string, CategoryTable>, parentId: string | null | undefined): CategoryTable | null {
  if (parentId === null || parentId === undefined) return null;
  const parent = rows.get(checkedId(parentId, KEY_PREFIX.category));
  if (!parent) throw badInput(`parentId: the category ${parentId} doesn't exist.`);
  return parent;
}

/** After siblings' highest sort order: a new or moved category goes last. */
function lastSortOrder(rows: Map<string, CategoryTable>, parentId: string | null): number {
  const siblings = [...rows.values()].filter((r) => r.parent_id === parentId);
  return siblings.reduce((max, r) => Math.max(max, r.sort_order + 1), 0);
}

function subtreeIds(rows: Map<string, CategoryTable>, id: string): Set<string> {
  const out = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows.values())
      if (r.parent_id && out.has(r.parent_id) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
  }
  return out;
}

export class CategoryEditing {
  constructor(
    private db: Db,
    private changes: CatalogueChanges,
  ) {}

  async create(webstoreId: string, actor: Actor, input: CategoryCreate): Promise<AdminCategory> {
    const name = input.name.trim();
    const urlName = urlNameFor(input.urlName, name);
    const [id] = await allocateIds(this.db, KEY_PREFIX.category);
    return this.changes.run(webstoreId, actor, async (trx) => {
      await lockStore(trx, webstoreId);
      const rows = await rowsOf(trx, webstoreId);
      const parent = parentOf(rows, input.parentId);
      refuseTakenUrlName(rows, urlName, null);
      await trx
        .insertInto('category')
        .values({
          id: id!,
          webstore_id: webstoreId,
          parent_id: parent?.id ?? null,
          name,
          description: input.description?.trim() || null,
          url_name: urlName,
          sort_order: lastSortOrder(rows, parent?.id ?? null),
          depth: parent ? parent.depth + 1 : 0,
          publish_status: input.status ?? 'Draft',
          is_navigational: 1,
          image_url: null,
        })
        .execute();
      const after = await answer(trx, webstoreId, id!);
      return {
        result: after,
        change: { action: 'create', recordType: 'Category', recordId: id!, recordLabel: name, before: null, after },
        productIds: [],
      };
    });
  }

  async update(webstoreId: string, actor: Actor, categoryId: string, input: CategoryChange): Promise<AdminCategory> {
    const id = checkedId(categoryId, KEY_PREFIX.category);
    return this.changes.run(webstoreId, actor, async (trx) => {
      await lockStore(trx, webstoreId);
      const rows = await rowsOf(trx, webstoreId);
      const row = rows.get(id);
      if (!row) throw categoryUnknown(categoryId);
      const before = await answer(trx, webstoreId, id);
      const set: Partial<CategoryTable> = {};
      if (input.name !== undefined) set.name = input.name.trim();
      if (input.urlName !== undefined) {
        set.url_name = urlNameFor(input.urlName, '');
        refuseTakenUrlName(rows, set.url_name, id);
      }
      if (input.description !== undefined) set.description = input.description?.trim() || null;
      if (input.status !== undefined) set.publish_status = input.status;
      if (input.parentId !== undefined) {
        const parent = parentOf(rows, input.parentId);
        const parentId = parent?.id ?? null;
        if (parentId !== row.parent_id) {
          const moved = subtreeIds(rows, id);
          if (parentId && moved.has(parentId))
            throw new ApiError(
              409,
              'CATEGORY_CYCLE',
              `${row.name} can't move under ${parent!.name}: that category is inside it.`,
            );
          set.parent_id = parentId;
          set.sort_order = lastSortOrder(rows, parentId);
          // The subtree keeps its shape one level deeper or shallower.
          const shift = (parent ? parent.depth + 1 : 0) - row.depth;
          if (shift)
            for (const m of moved)
              if (m !== id)
                await trx
                  .updateTable('category')
                  .set({ depth: rows.get(m)!.depth + shift })
                  .where('id', '=', m)
                  .execute();
          set.depth = row.depth + shift;
        }
      }
      if (Object.keys(set).length) await trx.updateTable('category').set(set).where('id', '=', id).execute();
      const after = await answer(trx, webstoreId, id);
      return {
        result: after,
        change: { action: 'update', recordType: 'Category', recordId: id, recordLabel: after.name, before, after },
        productIds: [],
      };
    });
  }

  /** Puts one parent's children in the order given (every child once, nothing else). */
  async reorder(webstoreId: string, actor: Actor, order: CategoryOrder): Promise<AdminCategory[]> {
    const ids = order.categoryIds.map((c) => checkedId(c, KEY_PREFIX.category));
    return this.changes.run(webstoreId, actor, async (trx) => {
      await lockStore(trx, webstoreId);
      const rows = await rowsOf(trx, webstoreId);
      const parent = parentOf(rows, order.parentId);
      const parentId = parent?.id ?? null;
      const children = [...rows.values()].filter((r) => r.parent_id === parentId).sort(bySortOrder);
      const same =
        ids.length === children.length && new Set(ids).size === ids.length && children.every((c) => ids.includes(c.id));
      if (!same)
        throw badInput(
          `categoryIds must name every category directly under ${parent ? parent.name : 'the top level'} once, and nothing else.`,
        );
      for (const [i, c] of ids.entries())
        if (rows.get(c)!.sort_order !== i)
          await trx.updateTable('category').set({ sort_order: i }).where('id', '=', c).execute();
      const after = (await adminCategories(trx, webstoreId)).filter((c) => c.parentId === parentId);
      return {
        result: after,
        change: {
          action: 'reorder',
          recordType: 'Category',
          recordId: parentId ?? webstoreId,
          recordLabel: parent ? `Under ${parent.name}` : 'Top level',
          before: children.map((c) => ({ id: c.id, name: c.name })),
          after: after.map((c) => ({ id: c.id, name: c.name })),
        },
        productIds: [],
      };
    });
  }

  /**
   * Deletes an empty category (no products, no subcategories); anything else is a 409 saying what is in it.
   * Entitlement policies that granted it lose that grant (it grants nothing once empty).
   */
  async remove(webstoreId: string, actor: Actor, categoryId: string): Promise<void> {
    const id = checkedId(categoryId, KEY_PREFIX.category);
    await this.changes.run(webstoreId, actor, async (trx) => {
      await lockStore(trx, webstoreId);
      const before = (await adminCategories(trx, webstoreId)).find((c) => c.id === id);
      if (!before) throw categoryUnknown(categoryId);
      const primaryOf = await trx
        .selectFrom('product')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('primary_category_id', '=', id)
        .executeTakeFirstOrThrow();
      const products = Math.max(before.productCount ?? 0, Number(primaryOf.n));
      const children = before.childCount ?? 0;
      if (products || children) {
        const what = [
          products ? `${products} ${products === 1 ? 'product' : 'products'}` : '',
          children ? `${children} ${children === 1 ? 'subcategory' : 'subcategories'}` : '',
        ].filter(Boolean);
        throw new ApiError(
          409,
          'CATEGORY_NOT_EMPTY',
          `${before.name} can't be deleted: it holds ${what.join(' and ')}. Move or remove them first.`,
        );
      }
      await trx.deleteFrom('entitlement_policy_category').where('category_id', '=', id).execute();
      await trx.deleteFrom('category').where('id', '=', id).execute();
      return {
        result: undefined,
        change: {
          action: 'delete',
          recordType: 'Category',
          recordId: id,
          recordLabel: before.name,
          before,
          after: null,
        },
        productIds: [],
      };
    });
  }
}
