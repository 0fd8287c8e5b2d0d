import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../db/connection.ts';
import { allocateIds } from '../db/ids.ts';
import { KEY_PREFIX, formatId } from '../domain/record-ids.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { collectCatalogue } from './catalogue.ts';
import { isSeeded, seedDatabase } from './seed.ts';
import { CATALOGUE_MANAGER, seedWorkspaceUsers } from './workspace-users.ts';
import { seedAccess, PARTNER_SKUS } from './access.ts';
import { WEBSTORE_ID } from './store.ts';

const PRODUCTS = 500;
const expected = collectCatalogue({ products: PRODUCTS });

async function checkSeed(db: Kysely<Database>): Promise<void> {
  await migrateToLatest(db);
  assert.equal(await isSeeded(db), false);
  const result = await seedDatabase(db, { products: PRODUCTS, batchSize: 200, access: false });
  assert.equal(await isSeeded(db), true);

  const count = async (table: keyof Database) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const tables: [keyof Database, number][] = [
    ['webstore', 1],
    ['category', expected.catalogue.categories.length],
    ['product', expected.products.product.length],
    ['product_category', expected.products.product_category.length],
    ['product_media', expected.products.product_media.length],
    ['product_selling_model', expected.products.product_selling_model.length],
    ['price_book_entry', expected.products.price_book_entry.length],
    ['price_adjustment_tier', expected.products.price_adjustment_tier.length],
    ['inventory_level', expected.products.inventory_level.length],
    ['product_relation', expected.relations.length],
    ['selling_model', 4],
    ['price_book', 3],
    ['buyer_group', 2],
    ['tax_policy', 2],
    ['location', 2],
    ['location_group', 1],
  ];
  for (const [table, n] of tables) {
    assert.equal(await count(table), n, table);
    assert.equal(result.rows[table], n, `${table} reported`);
  }
  assert.ok(expected.products.product.length >= 500 + 30);

  // Rows come back as generated; a seeded product has not changed since (the search index's delta marker).
  const { changed_version, ...ds1 } = await db
    .selectFrom('product')
    .selectAll()
    .where('sku', '=', 'DS-00001')
    .executeTakeFirstOrThrow();
  assert.deepEqual(
    ds1,
    expected.products.product.find((p) => p.sku === 'DS-00001'),
  );
  assert.equal(changed_version, 0);
  const ws = await db.selectFrom('webstore').selectAll().where('id', '=', WEBSTORE_ID).executeTakeFirstOrThrow();
  assert.equal(JSON.parse(ws.settings_json).catalogSnapshotVersionId, ws.snapshot_id);

  // Runtime ids continue after the seeded ones.
  const maxPid = Math.max(...expected.products.product.map((p) => Number(p.id.slice(3, 15))));
  assert.deepEqual(await allocateIds(db, KEY_PREFIX.product, 1), [formatId(KEY_PREFIX.product, maxPid + 1)]);
  const [cat] = await allocateIds(db, KEY_PREFIX.category, 1);
  assert.equal(cat, formatId(KEY_PREFIX.category, expected.catalogue.categories.length + 1));

  // The demo people and entitlements go on top, once.
  const version = (await db.selectFrom('webstore').select('catalog_version').executeTakeFirstOrThrow()).catalog_version;
  await seedAccess(db);
  await seedAccess(db);
  assert.deepEqual(
    (await db.selectFrom('app_user').select(['id', 'email', 'role']).orderBy('email').execute()).map((u) => [
      u.email,
      u.role,
    ]),
    [
      ['admin@datadepot.example', 'admin'],
      ['casey@example.com', 'shopper'],
      ['morgan@northwind.example', 'buyer'],
    ],
  );
  assert.equal(
    (await db.selectFrom('app_user').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow()).id,
    '1',
  );
  // The workspace's catalogue manager joins them, once, acting for the store's own account as the administrator.
  await seedWorkspaceUsers(db);
  await seedWorkspaceUsers(db);
  const manager = await db
    .selectFrom('app_user')
    .select(['role', 'account_id'])
    .where('email', '=', CATALOGUE_MANAGER.email)
    .execute();
  const admin = await db.selectFrom('app_user').select('account_id').where('id', '=', '1').executeTakeFirstOrThrow();
  assert.deepEqual(manager, [{ role: 'catalogue_manager', account_id: admin.account_id }]);
  assert.equal(await count('account'), 6);
  assert.equal(await count('user_managed_account'), 2);
  assert.equal(await count('entitlement_policy'), 2);
  assert.equal(await count('product'), expected.products.product.length + PARTNER_SKUS.length);
  assert.equal(await count('category'), expected.catalogue.categories.length + 1);
  assert.equal(
    (await db.selectFrom('webstore').select('catalog_version').executeTakeFirstOrThrow()).catalog_version,
    version + 1,
    'caches see the change',
  );
}

describe('seedDatabase', () => {
  it('seeds an SQLite file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
    const { db, close } = openDatabase({ url: '', sqliteFile: path.join(dir, 'store.sqlite') });
    try {
      await checkSeed(db);
    } finally {
      await close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const url = process.env.DATABASE_URL;
  it('seeds PostgreSQL (DATABASE_URL, in a throw-away database)', {
    skip: !url || !/^postgres(ql)?:\/\//.test(url),
  }, async () => {
    // A database of its own: Kysely's migrator looks for its tables in any schema, so a schema is not isolation enough.
    const name = `seed_test_${process.pid}`;
    const admin = openDatabase({ url });
    await sql`create database ${sql.id(name)}`.execute(admin.db);
    const scoped = new URL(url!);
    scoped.pathname = `/${name}`;
    const { db, close } = openDatabase({ url: scoped.toString() });
    try {
      await checkSeed(db);
    } finally {
      await close();
      await sql`drop database ${sql.id(name)}`.execute(admin.db);
      await admin.close();
    }
  });
});
