// What the cart recalculation needs to know about a line's product besides the line itself: its categories
// (with their ancestors, for category-targeted promotions), its tax policy and its fulfilment, and the type of
// the line's selling model. Read for every line of the cart on every change, they were most of a change's
// statements; here they are kept per process and read from the database only for products not seen yet.
//
// Never stale: product facts are kept per category tree, and the tree is built per catalogue version (every
// write to a product, its categories or the category tree bumps the version, in the write's transaction), so a
// new version starts a new map. A selling model's type never changes once the model exists (the admin API
// changes names and terms only), so model types are kept for the life of the process.
import type { Kysely } from 'kysely';
import { PreparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import type { CategoryTree } from '../category-tree.ts';
import { addCategoryAndAncestors } from '../promotions.ts';

export interface LineProductFacts {
  /** The product's categories and every ancestor of each. */
  categoryIds: string[];
  taxPolicyId: string | null;
  fulfilment: string;
}

/** More distinct products than this in one catalogue version and the map starts again (a bound on memory). */
const MAX_PRODUCTS = 50_000;

interface FactsRow {
  id: string;
  tax_policy_id: string | null;
  fulfilment: string;
  category_id: string | null;
}

export class LineFactsCache {
  private byTree = new WeakMap<CategoryTree, Map<string, LineProductFacts>>();
  private typeOfModel = new Map<string, string>();
  /** Each product with its categories (a row per category; one row with none when it has none). */
  private factsOf: PreparedQuery<{ ids: string[] }, FactsRow>;
  private typesOf: PreparedQuery<{ ids: string[] }, { id: string; selling_model_type: string }>;

  /** `db`: the store's database; the reads run on it or on the transaction each call is given. */
  constructor(db: Kysely<Database>) {
    this.factsOf = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('product')
        .leftJoin('product_category', 'product_category.product_id', 'product.id')
        .select(['product.id', 'product.tax_policy_id', 'product.fulfilment', 'product_category.category_id'])
        .where('product.id', 'in', p.ids),
    );
    this.typesOf = new PreparedQuery(db, (d, p) =>
      d.selectFrom('selling_model').select(['id', 'selling_model_type']).where('id', 'in', p.ids),
    );
  }

  /**
   * Keeps the facts of products the caller has read under `tree`'s catalogue version (an add resolves its product's
   * row and categories before its change: the recalculation then reads nothing more of it).
   */
  keep(
    tree: CategoryTree,
    products: Iterable<{ id: string; taxPolicyId: string | null; fulfilment: string; categoryIds: readonly string[] }>,
  ): void {
    const known = this.knownFor(tree);
    for (const p of products) {
      if (known.has(p.id)) continue;
      const facts: LineProductFacts = { categoryIds: [], taxPolicyId: p.taxPolicyId, fulfilment: p.fulfilment };
      for (const id of p.categoryIds) addCategoryAndAncestors(facts.categoryIds, id, tree);
      known.set(p.id, facts);
    }
  }

  /** The facts of these products (active or not: a line keeps its product), reading only the ones not known. */
  async products(
    db: Kysely<Database>,
    tree: CategoryTree,
    productIds: string[],
  ): Promise<Map<string, LineProductFacts>> {
    const known = this.knownFor(tree);
    const missing = [...new Set(productIds)].filter((id) => !known.has(id));
    if (missing.length) {
      for (const r of await this.factsOf.execute({ ids: missing }, db)) {
        let facts = known.get(r.id);
        if (!facts) {
          facts = { categoryIds: [], taxPolicyId: r.tax_policy_id, fulfilment: r.fulfilment };
          known.set(r.id, facts);
        }
        if (r.category_id) addCategoryAndAncestors(facts.categoryIds, r.category_id, tree);
      }
    }
    const out = new Map<string, LineProductFacts>();
    for (const id of productIds) {
      const facts = known.get(id);
      if (facts) out.set(id, facts);
    }
    return out;
  }

  /** The facts kept under a tree (a new catalogue version, or too many products, starts a new map). */
  private knownFor(tree: CategoryTree): Map<string, LineProductFacts> {
    let known = this.byTree.get(tree);
    if (!known || known.size > MAX_PRODUCTS) {
      known = new Map();
      this.byTree.set(tree, known);
    }
    return known;
  }

  /** The selling model type of each id ('' ids, lines without a model, are left out). */
  async modelTypes(db: Kysely<Database>, modelIds: string[]): Promise<Map<string, string>> {
    const missing = [...new Set(modelIds)].filter((id) => id && !this.typeOfModel.has(id));
    if (missing.length) {
      for (const r of await this.typesOf.execute({ ids: missing }, db))
        this.typeOfModel.set(r.id, r.selling_model_type);
    }
    const out = new Map<string, string>();
    for (const id of modelIds) {
      const type = this.typeOfModel.get(id);
      if (type) out.set(id, type);
    }
    return out;
  }
}
