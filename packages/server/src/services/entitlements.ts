// Which products and categories a set of buyer groups may see. Entitlement policies are linked to
// buyer groups and grant whole category subtrees; a product is visible when any of its categories is
// granted. A store without policies shows everything. The answer for each audience (set of buyer
// groups) is computed once per catalogue version and held in memory: policy or category changes bump
// the version, so every process recomputes.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CategoryNode, CategoryTree } from './category-tree.ts';
import { KeptPerVersion } from './kept-per-version.ts';

export interface Visibility {
  /** True when nothing is hidden from this audience. */
  readonly all: boolean;
  canSeeProduct(productId: string): boolean;
  canSeeCategory(node: CategoryNode): boolean;
  /** Categories whose products this audience sees (null = all). */
  readonly grantedCategoryIds: ReadonlySet<string> | null;
  /** How many policies the store has (application context `usesSingleEntitlementPolicy`). */
  readonly policyCount: number;
}

const EVERYTHING = (policyCount: number): Visibility => ({
  all: true,
  canSeeProduct: () => true,
  canSeeCategory: () => true,
  grantedCategoryIds: null,
  policyCount,
});

/** What a viewer who sees everything sees (the product read model builds its answers for one). */
export const seesEverything = (): Visibility => EVERYTHING(0);

interface Policies {
  count: number;
  grantsByGroup: Map<string, string[]>;
}

const CHUNK = 500;
function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

export class EntitlementService {
  private policies = new KeptPerVersion<Policies>();
  private audiences = new Map<string, Promise<Visibility>>();

  constructor(private db: Kysely<Database>) {}

  async policyCount(webstoreId: string, version: number): Promise<number> {
    return (await this.loadPolicies(webstoreId, version)).count;
  }

  visibility(
    webstoreId: string,
    version: number,
    tree: CategoryTree,
    buyerGroupIds: readonly string[],
  ): Promise<Visibility> {
    const key = `${webstoreId}|${version}|${[...buyerGroupIds].sort().join(',')}`;
    let hit = this.audiences.get(key);
    if (!hit) {
      // Old versions' entries are dropped wholesale; audiences per version are few.
      for (const k of this.audiences.keys())
        if (k.startsWith(`${webstoreId}|`) && !k.startsWith(`${webstoreId}|${version}|`)) this.audiences.delete(k);
      hit = this.compute(webstoreId, version, tree, buyerGroupIds);
      this.audiences.set(key, hit);
      hit.catch(() => this.audiences.delete(key));
    }
    return hit;
  }

  private loadPolicies(webstoreId: string, version: number): Promise<Policies> {
    return this.policies.get(webstoreId, version, async () => {
      const [policies, groups, grants] = await Promise.all([
        this.db.selectFrom('entitlement_policy').select('id').where('webstore_id', '=', webstoreId).execute(),
        this.db
          .selectFrom('entitlement_policy_buyer_group')
          .innerJoin('entitlement_policy', 'entitlement_policy.id', 'entitlement_policy_buyer_group.policy_id')
          .select(['policy_id', 'buyer_group_id'])
          .where('entitlement_policy.webstore_id', '=', webstoreId)
          .execute(),
        this.db
          .selectFrom('entitlement_policy_category')
          .innerJoin('entitlement_policy', 'entitlement_policy.id', 'entitlement_policy_category.policy_id')
          .select(['policy_id', 'category_id'])
          .where('entitlement_policy.webstore_id', '=', webstoreId)
          .execute(),
      ]);
      const grantsByGroup = new Map<string, string[]>();
      for (const g of groups) {
        const list = grantsByGroup.get(g.buyer_group_id) ?? [];
        list.push(...grants.filter((c) => c.policy_id === g.policy_id).map((c) => c.category_id));
        grantsByGroup.set(g.buyer_group_id, list);
      }
      return { count: policies.length, grantsByGroup };
    });
  }

  private async compute(
    webstoreId: string,
    version: number,
    tree: CategoryTree,
    buyerGroupIds: readonly string[],
  ): Promise<Visibility> {
    const policies = await this.loadPolicies(webstoreId, version);
    if (policies.count === 0) return EVERYTHING(0);
    const granted = new Set<string>();
    for (const group of buyerGroupIds)
      for (const root of policies.grantsByGroup.get(group) ?? [])
        for (const id of tree.subtreeIds(root)) granted.add(id);
    const allIds = [...tree.byId.keys()];
    const notGranted = allIds.filter((id) => !granted.has(id));
    if (notGranted.length === 0) return EVERYTHING(policies.count);

    // Categories on the way to a granted one stay navigable.
    const navigable = new Set(granted);
    for (const id of granted)
      for (let n = tree.byId.get(id)?.parent; n && !navigable.has(n.row.id); n = n.parent) navigable.add(n.row.id);

    // Hidden products: in some category that is not granted, and in none that is. Stores restrict a
    // small part of the catalogue far more often than they open one, so the hidden set is the one kept.
    const candidates = new Set<string>();
    for (const part of chunks(notGranted)) {
      const rows = await this.db
        .selectFrom('product_category')
        .select('product_id')
        .where('category_id', 'in', part)
        .execute();
      for (const r of rows) candidates.add(r.product_id);
    }
    const grantedList = [...granted];
    const alsoGranted = new Set<string>();
    for (const part of chunks([...candidates])) {
      if (!grantedList.length) break;
      for (const grantedPart of chunks(grantedList)) {
        const rows = await this.db
          .selectFrom('product_category')
          .select('product_id')
          .where('product_id', 'in', part)
          .where('category_id', 'in', grantedPart)
          .execute();
        for (const r of rows) alsoGranted.add(r.product_id);
      }
    }
    const hidden = new Set([...candidates].filter((id) => !alsoGranted.has(id)));
    return {
      all: false,
      canSeeProduct: (id) => !hidden.has(id),
      canSeeCategory: (node) => navigable.has(node.row.id),
      grantedCategoryIds: granted,
      policyCount: policies.count,
    };
  }
}
