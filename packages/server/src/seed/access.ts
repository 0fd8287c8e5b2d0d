// The demo's people and who may see and buy what: accounts, users (a consumer, a B2B buyer managing
// three accounts, the administrator with userId '1'), buyer groups, entitlement policies, and a few
// partner-only datasets that only Wholesale Partners are entitled to. Runs after the catalogue (it
// allocates ids from the counters the catalogue leaves) and on an already-seeded database that predates
// accounts; it does nothing when the administrator already exists.
import type { Kysely } from 'kysely';
import { markProductsChanged } from '../db/catalog-version.ts';
import { allocateIds } from '../db/ids.ts';
import { KEY_PREFIX, formatId } from '../domain/record-ids.ts';
import type { Database, PriceBookEntryTable, ProductTable } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ADMIN_USER_ID } from '../services/accounts.ts';
import { BUYER_GROUP_IDS, PRICE_BOOK_IDS, WEBSTORE_ID } from './store.ts';
import { isoDaysBefore } from '../datasets/random.ts';

/** Every demo user's password (README, "Demo logins"). */
export const DEMO_PASSWORD = 'Datasets2026!';

export const DEMO_USERS = {
  consumer: { email: 'casey@example.com', firstName: 'Casey', lastName: 'Jordan' },
  buyer: { email: 'morgan@northwind.example', firstName: 'Morgan', lastName: 'Lee' },
  admin: { email: 'admin@datadepot.example', firstName: 'Alex', lastName: 'Rivera' },
} as const;

export const ACCESS_GROUP_IDS = {
  shoppers: formatId(KEY_PREFIX.buyerGroup, 3),
  business: formatId(KEY_PREFIX.buyerGroup, 4),
} as const;

export const PARTNER_CATEGORY_URL = 'partner-exclusives';
/** Partner-only datasets: copies of the first datasets, sold only to Wholesale Partners. */
export const PARTNER_SKUS = ['PX-00001', 'PX-00002', 'PX-00003'];

interface AccountSpec {
  key: string;
  name: string;
  group: string;
  address: Record<string, string>;
}
const ACCOUNTS: AccountSpec[] = [
  {
    key: 'northwind',
    name: 'Northwind Traders',
    group: BUYER_GROUP_IDS.wholesale,
    address: { street: '1200 Harbor Blvd', city: 'Seattle', state: 'WA', zip: '98101', country: 'US' },
  },
  {
    key: 'contoso',
    name: 'Contoso Dental Group',
    group: ACCESS_GROUP_IDS.business,
    address: { street: '48 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
  },
  {
    key: 'fabrikam',
    name: 'Fabrikam Research',
    group: ACCESS_GROUP_IDS.business,
    address: { street: '9 Kendall Sq', city: 'Cambridge', state: 'MA', zip: '02142', country: 'US' },
  },
  {
    key: 'tailspin',
    name: 'Tailspin Analytics',
    group: ACCESS_GROUP_IDS.business,
    address: { street: '310 Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', country: 'US' },
  },
  {
    key: 'casey',
    name: 'Casey Jordan',
    group: ACCESS_GROUP_IDS.shoppers,
    address: { street: '22 Elm St', city: 'Portland', state: 'OR', zip: '97204', country: 'US' },
  },
  {
    key: 'datadepot',
    name: 'Data Depot',
    group: BUYER_GROUP_IDS.wholesale,
    address: { street: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US' },
  },
];

export async function hasDemoAccess(db: Kysely<Database>): Promise<boolean> {
  return !!(await db.selectFrom('app_user').select('id').where('id', '=', ADMIN_USER_ID).executeTakeFirst());
}

export async function seedAccess(db: Kysely<Database>, webstoreId = WEBSTORE_ID): Promise<void> {
  if (await hasDemoAccess(db)) return;
  const store = await db.selectFrom('webstore').select('id').where('id', '=', webstoreId).executeTakeFirst();
  if (!store) return;
  const created = isoDaysBefore(400);
  // Hashing is the slow part (memory-hard by design): do it before the transaction, in parallel.
  const [consumerHash, buyerHash, adminHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
  ]);
  const accountIds = await allocateIds(db, KEY_PREFIX.account, ACCOUNTS.length);
  const account = Object.fromEntries(ACCOUNTS.map((a, i) => [a.key, accountIds[i]!]));
  const [buyerId, consumerId] = await allocateIds(db, KEY_PREFIX.user, 2);
  const [publicPolicy, partnerPolicy] = await allocateIds(db, KEY_PREFIX.entitlementPolicy, 2);
  const [partnerCategory] = await allocateIds(db, KEY_PREFIX.category, 1);
  const partner = await partnerProducts(db, webstoreId);

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('buyer_group')
      .values([
        { id: ACCESS_GROUP_IDS.shoppers, webstore_id: webstoreId, name: 'Shoppers' },
        { id: ACCESS_GROUP_IDS.business, webstore_id: webstoreId, name: 'Business Accounts' },
      ])
      .execute();
    await trx
      .insertInto('buyer_group_price_book')
      .values([
        { buyer_group_id: ACCESS_GROUP_IDS.shoppers, price_book_id: PRICE_BOOK_IDS.store, priority: 1 },
        { buyer_group_id: ACCESS_GROUP_IDS.business, price_book_id: PRICE_BOOK_IDS.store, priority: 1 },
      ])
      .execute();
    await trx
      .updateTable('webstore')
      .set({ shopper_buyer_group_id: ACCESS_GROUP_IDS.shoppers })
      .where('id', '=', webstoreId)
      .execute();

    await trx
      .insertInto('account')
      .values(
        ACCOUNTS.map((a) => ({
          id: account[a.key]!,
          name: a.name,
          parent_id: null,
          billing_json: JSON.stringify(a.address),
          created_at: created,
        })),
      )
      .execute();
    await trx
      .insertInto('account_buyer_group')
      .values(ACCOUNTS.map((a) => ({ account_id: account[a.key]!, buyer_group_id: a.group })))
      .execute();
    const user = (
      id: string,
      u: { email: string; firstName: string; lastName: string },
      hash: string,
      accountId: string,
      role: string,
    ) => ({
      id,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      password_hash: hash,
      account_id: accountId,
      role,
      created_at: created,
    });
    await trx
      .insertInto('app_user')
      .values([
        user(ADMIN_USER_ID, DEMO_USERS.admin, adminHash, account.datadepot!, 'admin'),
        user(buyerId!, DEMO_USERS.buyer, buyerHash, account.northwind!, 'buyer'),
        user(consumerId!, DEMO_USERS.consumer, consumerHash, account.casey!, 'shopper'),
      ])
      .execute();
    await trx
      .insertInto('user_managed_account')
      .values([
        { user_id: buyerId!, account_id: account.contoso! },
        { user_id: buyerId!, account_id: account.fabrikam! },
      ])
      .execute();

    // Partner exclusives: a Live root category holding the partner-only datasets.
    const roots = await trx
      .selectFrom('category')
      .select('id')
      .where('webstore_id', '=', webstoreId)
      .where('parent_id', 'is', null)
      .execute();
    await trx
      .insertInto('category')
      .values({
        id: partnerCategory!,
        webstore_id: webstoreId,
        parent_id: null,
        name: 'Partner Exclusives',
        url_name: PARTNER_CATEGORY_URL,
        sort_order: 90,
        depth: 0,
        description: 'Enriched editions of our most-bought datasets, available to wholesale partners only.',
        publish_status: 'Live',
        is_navigational: 1,
        image_url: null,
      })
      .execute();
    for (const p of partner) {
      await trx
        .insertInto('product')
        .values({ ...p.product, primary_category_id: partnerCategory! })
        .execute();
      await trx
        .insertInto('product_category')
        .values({ product_id: p.product.id, category_id: partnerCategory!, is_primary: 1 })
        .execute();
      if (p.models.length) await trx.insertInto('product_selling_model').values(p.models).execute();
      await trx.insertInto('price_book_entry').values(p.entries).execute();
    }

    // One policy opens the public catalogue (every root that existed before) to every buyer group;
    // the other adds the partner exclusives for Wholesale Partners.
    await trx
      .insertInto('entitlement_policy')
      .values([
        { id: publicPolicy!, webstore_id: webstoreId, name: 'Public Catalogue' },
        { id: partnerPolicy!, webstore_id: webstoreId, name: 'Partner Exclusives' },
      ])
      .execute();
    const everyone = [
      BUYER_GROUP_IDS.guest,
      BUYER_GROUP_IDS.wholesale,
      ACCESS_GROUP_IDS.shoppers,
      ACCESS_GROUP_IDS.business,
    ];
    await trx
      .insertInto('entitlement_policy_buyer_group')
      .values([
        ...everyone.map((g) => ({ policy_id: publicPolicy!, buyer_group_id: g })),
        { policy_id: partnerPolicy!, buyer_group_id: BUYER_GROUP_IDS.wholesale },
      ])
      .execute();
    await trx
      .insertInto('entitlement_policy_category')
      .values([
        ...roots.map((r) => ({ policy_id: publicPolicy!, category_id: r.id })),
        { policy_id: partnerPolicy!, category_id: partnerCategory! },
      ])
      .execute();
  });
  // New products: the search index of a running store reads them as a change.
  await markProductsChanged(
    db,
    webstoreId,
    partner.map((p) => p.product.id),
  );
}

/** Copies of DS-00001.. as partner editions, with standard (list) and wholesale prices only. */
async function partnerProducts(db: Kysely<Database>, webstoreId: string) {
  const sources = await db
    .selectFrom('product')
    .selectAll()
    .where('webstore_id', '=', webstoreId)
    .where(
      'sku',
      'in',
      PARTNER_SKUS.map((_, i) => `DS-${String(i + 1).padStart(5, '0')}`),
    )
    .orderBy('sku')
    .execute();
  const ids = await allocateIds(db, KEY_PREFIX.product, sources.length);
  const out: Array<{
    product: ProductTable;
    models: Array<{ product_id: string; selling_model_id: string; sort_order: number }>;
    entries: PriceBookEntryTable[];
  }> = [];
  for (const [i, src] of sources.entries()) {
    const id = ids[i]!;
    const sku = PARTNER_SKUS[i]!;
    const name = `${src.name} (Partner Edition)`;
    const models = (
      await db.selectFrom('product_selling_model').selectAll().where('product_id', '=', src.id).execute()
    ).map((m) => ({ ...m, product_id: id }));
    const prices = await db
      .selectFrom('price_book_entry')
      .selectAll()
      .where('product_id', '=', src.id)
      .where('price_book_id', 'in', [PRICE_BOOK_IDS.standard, PRICE_BOOK_IDS.wholesale])
      .execute();
    const entryIds = await allocateIds(db, KEY_PREFIX.priceBookEntry, prices.length);
    out.push({
      product: {
        ...src,
        id,
        sku,
        name,
        url_name: `${src.url_name}-partner-edition`,
        parent_id: null,
        sample_url: `/samples/${sku}.csv`,
        description:
          `${src.description ?? ''} Partner Edition: adds direct-dial phone numbers and LinkedIn profile URLs.`.trim(),
      },
      models,
      entries: prices.map((e, k) => ({ ...e, id: entryIds[k]!, product_id: id })),
    });
  }
  return out;
}
