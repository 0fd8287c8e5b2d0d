// The store's small reference tables, read once per import or export: categories (by url name), price
// books, selling models, locations and tax policies. Files name them by name (what a seller sees) or by
// record id; exports write names. Matching ignores case, as the category menu's url names do.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface NamedRef {
  id: string;
  name: string;
}

export interface CategoryRef {
  id: string;
  urlName: string;
  parentId: string | null;
}

/** Finds a record by its id or its name (case-insensitive); exports write the name. */
export class NamedRefs<R extends NamedRef = NamedRef> {
  private byKey = new Map<string, R>();
  readonly byId = new Map<string, R>();

  constructor(readonly rows: R[]) {
    for (const r of rows) {
      this.byId.set(r.id, r);
      this.byKey.set(r.name.toLowerCase(), r);
    }
    for (const r of rows) this.byKey.set(r.id.toLowerCase(), r);
  }

  find(text: string): R | undefined {
    return this.byKey.get(text.trim().toLowerCase());
  }

  nameOf(id: string | null): string | null {
    return id === null ? null : (this.byId.get(id)?.name ?? id);
  }

  /** A sentence listing the names, for a refusal. */
  choices(): string {
    return this.rows.map((r) => r.name).join(', ');
  }
}

export class StoreRefs {
  categories = new Map<string, CategoryRef>();
  categoryById = new Map<string, CategoryRef>();

  constructor(
    readonly webstoreId: string,
    readonly priceBooks: NamedRefs,
    readonly sellingModels: NamedRefs<NamedRef & { type: string }>,
    readonly locations: NamedRefs,
    readonly taxPolicies: NamedRefs,
  ) {}

  static async load(db: Kysely<Database>, webstoreId: string): Promise<StoreRefs> {
    const [books, models, locations, taxes] = await Promise.all([
      db.selectFrom('price_book').select(['id', 'name']).where('webstore_id', '=', webstoreId).orderBy('id').execute(),
      db
        .selectFrom('selling_model')
        .select(['id', 'name', 'selling_model_type as type'])
        .where('webstore_id', '=', webstoreId)
        .orderBy('id')
        .execute(),
      db.selectFrom('location').select(['id', 'name']).orderBy('id').execute(),
      db.selectFrom('tax_policy').select(['id', 'name']).orderBy('id').execute(),
    ]);
    const refs = new StoreRefs(
      webstoreId,
      new NamedRefs(books),
      new NamedRefs(models),
      new NamedRefs(locations),
      new NamedRefs(taxes),
    );
    await refs.reloadCategories(db);
    return refs;
  }

  async reloadCategories(db: Kysely<Database>): Promise<void> {
    const rows = await db
      .selectFrom('category')
      .select(['id', 'url_name', 'parent_id'])
      .where('webstore_id', '=', this.webstoreId)
      .execute();
    this.categories.clear();
    this.categoryById.clear();
    for (const r of rows) {
      const ref = { id: r.id, urlName: r.url_name, parentId: r.parent_id };
      this.categories.set(r.url_name.toLowerCase(), ref);
      this.categoryById.set(r.id, ref);
    }
  }

  category(urlName: string): CategoryRef | undefined {
    return this.categories.get(urlName.toLowerCase());
  }

  /** The store's one-time selling model: what a new product is sold by when the file names none. */
  oneTimeModel(): NamedRef | undefined {
    return this.sellingModels.rows.find((m) => m.type === 'OneTime');
  }
}
