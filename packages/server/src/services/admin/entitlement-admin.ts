// Entitlement policies in the workspace: which buyer groups see which category subtrees (a policy names
// buyer groups and categories; each category grants itself and everything under it). Changes go through
// CatalogueChanges: the storefront's entitlement sets are computed per catalogue version
// (services/entitlements.ts), so the bump makes every process recompute them on its next request, and a
// buyer sees (or stops seeing) the subtree's products in search, the menu and product detail at once.
import type { Kysely } from 'kysely';
import type { EntitlementPolicy, EntitlementPolicyInput } from '@store/core';
import type { Database } from '../../db/schema.ts';
import { allocateIds } from '../../db/ids.ts';
import { badInput, notFound } from '../../domain/errors.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import { adminCategories } from './category-admin.ts';
import type { CatalogueChanges } from './catalogue-change.ts';
import type { Actor } from './workspace-access.ts';

type Db = Kysely<Database>;

const policyUnknown = (id: string) => notFound(`The entitlement policy ${id} doesn't exist.`);

async function policiesOf(db: Db, webstoreId: string, only?: string): Promise<EntitlementPolicy[]> {
  const [policies, groups, grants, categories] = await Promise.all([
    db
      .selectFrom('entitlement_policy')
      .select(['id', 'name'])
      .where('webstore_id', '=', webstoreId)
      .$if(!!only, (q) => q.where('id', '=', only!))
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('entitlement_policy_buyer_group as pg')
      .innerJoin('entitlement_policy as p', 'p.id', 'pg.policy_id')
      .innerJoin('buyer_group as g', 'g.id', 'pg.buyer_group_id')
      .select(['pg.policy_id', 'g.id', 'g.name'])
      .where('p.webstore_id', '=', webstoreId)
      .orderBy('g.name')
      .execute(),
    db
      .selectFrom('entitlement_policy_category as pc')
      .innerJoin('entitlement_policy as p', 'p.id', 'pc.policy_id')
      .select(['pc.policy_id', 'pc.category_id'])
      .where('p.webstore_id', '=', webstoreId)
      .execute(),
    adminCategories(db, webstoreId),
  ]);
  const menuOrder = new Map(categories.map((c, i) => [c.id, i]));
  const category = new Map(categories.map((c) => [c.id, c]));
  return policies.map((p) => ({
    id: p.id,
    name: p.name,
    buyerGroups: groups.filter((g) => g.policy_id === p.id).map((g) => ({ id: g.id, name: g.name })),
    categories: grants
      .filter((c) => c.policy_id === p.id && category.has(c.category_id))
      .sort((a, b) => menuOrder.get(a.category_id)! - menuOrder.get(b.category_id)!)
      .map((c) => {
        const { id, name, path } = category.get(c.category_id)!;
        return { id, name, path };
      }),
  }));
}

export class EntitlementAdmin {
  constructor(
    private db: Db,
    private changes: CatalogueChanges,
  ) {}

  async list(webstoreId: string): Promise<{ items: EntitlementPolicy[] }> {
    return { items: await policiesOf(this.db, webstoreId) };
  }

  async create(webstoreId: string, actor: Actor, input: EntitlementPolicyInput): Promise<EntitlementPolicy> {
    const refs = await this.checkedRefs(webstoreId, input);
    const [id] = await allocateIds(this.db, KEY_PREFIX.entitlementPolicy);
    return this.changes.run(webstoreId, actor, async (trx) => {
      await trx
        .insertInto('entitlement_policy')
        .values({ id: id!, webstore_id: webstoreId, name: input.name.trim() })
        .execute();
      await this.writeLinks(trx, id!, refs);
      const [after] = await policiesOf(trx, webstoreId, id!);
      return {
        result: after!,
        change: {
          action: 'create',
          recordType: 'EntitlementPolicy',
          recordId: id!,
          recordLabel: after!.name,
          before: null,
          after,
        },
        productIds: [],
      };
    });
  }

  async update(
    webstoreId: string,
    actor: Actor,
    policyId: string,
    input: Partial<EntitlementPolicyInput>,
  ): Promise<EntitlementPolicy> {
    const id = checkedId(policyId, KEY_PREFIX.entitlementPolicy);
    const refs = await this.checkedRefs(webstoreId, input);
    return this.changes.run(webstoreId, actor, async (trx) => {
      const [before] = await policiesOf(trx, webstoreId, id);
      if (!before) throw policyUnknown(policyId);
      if (input.name !== undefined)
        await trx.updateTable('entitlement_policy').set({ name: input.name.trim() }).where('id', '=', id).execute();
      await this.writeLinks(trx, id, refs);
      const [after] = await policiesOf(trx, webstoreId, id);
      return {
        result: after!,
        change: {
          action: 'update',
          recordType: 'EntitlementPolicy',
          recordId: id,
          recordLabel: after!.name,
          before,
          after,
        },
        productIds: [],
      };
    });
  }

  async remove(webstoreId: string, actor: Actor, policyId: string): Promise<void> {
    const id = checkedId(policyId, KEY_PREFIX.entitlementPolicy);
    await this.changes.run(webstoreId, actor, async (trx) => {
      const [before] = await policiesOf(trx, webstoreId, id);
      if (!before) throw policyUnknown(policyId);
      await trx.deleteFrom('entitlement_policy_buyer_group').where('policy_id', '=', id).execute();
      await trx.deleteFrom('entitlement_policy_category').where('policy_id', '=', id).execute();
      await trx.deleteFrom('entitlement_policy').where('id', '=', id).execute();
      return {
        result: undefined,
        change: {
          action: 'delete',
          recordType: 'EntitlementPolicy',
          recordId: id,
          recordLabel: before.name,
          before,
          after: null,
        },
        productIds: [],
      };
    });
  }

  /** Replaces the lists the input names (a list not sent is kept). */
  private async writeLinks(db: Db, policyId: string, refs: { buyerGroupIds?: string[]; categoryIds?: string[] }) {
    if (refs.buyerGroupIds) {
      await db.deleteFrom('entitlement_policy_buyer_group').where('policy_id', '=', policyId).execute();
      if (refs.buyerGroupIds.length)
        await db
          .insertInto('entitlement_policy_buyer_group')
          .values(refs.buyerGroupIds.map((g) => ({ policy_id: policyId, buyer_group_id: g })))
          .execute();
    }
    if (refs.categoryIds) {
      await db.deleteFrom('entitlement_policy_category').where('policy_id', '=', policyId).execute();
      if (refs.categoryIds.length)
        await db
          .insertInto('entitlement_policy_category')
          .values(refs.categoryIds.map((c) => ({ policy_id: policyId, category_id: c })))
          .execute();
    }
  }

  /** The store's own buyer groups and categories, each once; an unknown one is bad input. */
  private async checkedRefs(webstoreId: string, input: Partial<EntitlementPolicyInput>) {
    const groups = input.buyerGroupIds && [
      ...new Set(input.buyerGroupIds.map((g) => checkedId(g, KEY_PREFIX.buyerGroup))),
    ];
    const cats = input.categoryIds && [...new Set(input.categoryIds.map((c) => checkedId(c, KEY_PREFIX.category)))];
    if (groups?.length) {
      const found = new Set(
        (
          await this.db
            .selectFrom('buyer_group')
            .select('id')
            .where('webstore_id', '=', webstoreId)
            .where('id', 'in', groups)
            .execute()
        ).map((r) => r.id),
      );
      const unknown = groups.filter((g) => !found.has(g));
      if (unknown.length) throw badInput(`buyerGroupIds: unknown buyer groups ${unknown.join(', ')}.`);
    }
    if (cats?.length) {
      const found = new Set(
        (
          await this.db
            .selectFrom('category')
            .select('id')
            .where('webstore_id', '=', webstoreId)
            .where('id', 'in', cats)
            .execute()
        ).map((r) => r.id),
      );
      const unknown = cats.filter((c) => !found.has(c));
      if (unknown.length) throw badInput(`categoryIds: unknown categories ${unknown.join(', ')}.`);
    }
    return { buyerGroupIds: groups, categoryIds: cats };
  }
}
