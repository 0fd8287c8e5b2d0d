import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../locks.ts';

// Issue 20: the product read model. At 100,000 products a batch of 20 random products read 6 tables (the product
// rows, media, selling models, relations, price entries): 130–800 µs each on SQLite, mostly random page access.
// Each product's answers (its detail and its listing summary) are now kept as JSON text, a row each, built from
// those tables (services/product-read-model.ts) and read in one indexed statement.
//
// The database keeps the rows honest: every write to what a product's answers are made of bumps its row's
// `stamp` (triggers below, whichever path writes: the workspace, an import, a script, a direct SQL statement).
// A row is used only while `body_stamp = stamp`; a stale row is read the long way until the builder writes it
// again, and the builder's write only lands while the stamp is still the one it read before the sources
// (a compare-and-set), so a change made during a build is never overwritten by the older text.
//
// Which columns of `product` count: all but `changed_version` (the search index's mark, written after every
// change anyway). A later migration that adds a product column must add it to the trigger (a test compares them).
const PRODUCT_IGNORED = new Set(['changed_version']);

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  // Two rows per product, its detail and its summary, each read alone: a read of one never pages through the
  // other's text. (Not WITHOUT ROWID on SQLite: rows this large overflow much earlier in such a table, and 20
  // random details read three times slower here.)
  await db.schema
    .createTable('product_read')
    .addColumn('product_id', 'text', (c) => c.notNull())
    // 'detail' or 'summary'.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('stamp', 'integer', (c) => c.notNull().defaultTo(0))
    // The stamp the text was built at (null: not built yet).
    .addColumn('body_stamp', 'integer')
    .addColumn('webstore_id', 'text')
    .addColumn('sku', 'text')
    .addColumn('name', 'text')
    .addColumn('product_class', 'text')
    .addColumn('active', 'integer')
    .addColumn('category_id', 'text')
    // Products the text names (related datasets, variations): a viewer who may not see one of them gets the
    // answer built for it instead (the long way).
    .addColumn('guard_ids', 'text')
    .addColumn('models_json', 'text')
    .addColumn('body', 'text')
    // Where in a detail the category path goes (it depends on the viewer): the offset of its `null`.
    .addColumn('path_at', 'integer')
    .addPrimaryKeyConstraint('product_read_pk', ['product_id', 'kind'])
    .execute();
  // The rows the builder has to (re)build: few, found without reading the others.
  // (services/product-read-model.ts asks with this very text, which is what lets SQLite use the index.)
  await sql`create index product_read_stale_idx on product_read (product_id, kind) where (body_stamp is null or body_stamp <> stamp)`.execute(
    db,
  );

  // A row (not built yet) for every product; a new product gets its own from the insert trigger below. The
  // builder finds them all through the index above.
  const started = Date.now();
  const { n } = await db
    .selectFrom('product')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const large = Number(n) >= 100_000;
  if (large) console.log(`[store] migration 033: a read model row for each of ${n} products…`);
  await sql`insert into product_read (product_id, kind) select id, 'detail' from product`.execute(db);
  await sql`insert into product_read (product_id, kind) select id, 'summary' from product`.execute(db);
  if (large)
    console.log(
      `[store] migration 033: done in ${((Date.now() - started) / 1000).toFixed(1)} s (the server builds them)`,
    );

  const columns = (await productColumns(db)).filter((c) => !PRODUCT_IGNORED.has(c));
  const of = columns.map((c) => `"${c}"`).join(', ');
  if (pg) {
    await sql`
      create function product_read_product() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          delete from product_read where product_id = old.id;
          update product_read set stamp = stamp + 1 where product_id = old.parent_id;
        elsif tg_op = 'INSERT' then
          insert into product_read (product_id, kind) values (new.id, 'detail'), (new.id, 'summary') on conflict do nothing;
          update product_read set stamp = stamp + 1 where product_id = new.parent_id;
        else
          update product_read set stamp = stamp + 1 where product_id in (new.id, old.parent_id, new.parent_id);
        end if;
        return null;
      end $$`.execute(db);
    await sql
      .raw(
        `create trigger product_read_product after insert or delete or update of ${of} on product for each row execute function product_read_product()`,
      )
      .execute(db);
    // A table of a product's parts (product_id names the product whose answers change).
    await sql`
      create function product_read_part() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          update product_read set stamp = stamp + 1 where product_id = old.product_id;
        end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.product_id is distinct from old.product_id) then
          update product_read set stamp = stamp + 1 where product_id = new.product_id;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of PART_TABLES)
      await sql
        .raw(
          `create trigger product_read_${table} after insert or update or delete on ${table} for each row execute function product_read_part()`,
        )
        .execute(db);
    await sql`
      create function product_read_selling_model() returns trigger language plpgsql as $$
      begin
        update product_read set stamp = stamp + 1
        where product_id in (select product_id from product_selling_model where selling_model_id = new.id);
        return null;
      end $$`.execute(db);
    await sql`
      create trigger product_read_selling_model after update on selling_model
      for each row execute function product_read_selling_model()`.execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger product_read_product_update after update of ${of} on product begin
        update product_read set stamp = stamp + 1 where product_id in (new.id, old.parent_id, new.parent_id);
      end`,
    )
    .execute(db);
  await sql`
    create trigger product_read_product_insert after insert on product begin
      insert or ignore into product_read (product_id, kind) values (new.id, 'detail'), (new.id, 'summary');
      update product_read set stamp = stamp + 1 where product_id = new.parent_id;
    end`.execute(db);
  await sql`
    create trigger product_read_product_delete after delete on product begin
      delete from product_read where product_id = old.id;
      update product_read set stamp = stamp + 1 where product_id = old.parent_id;
    end`.execute(db);
  // SQLite has no trigger for several events: one per event, each naming the products whose rows it touches.
  const touched = { insert: 'new.product_id', update: 'old.product_id, new.product_id', delete: 'old.product_id' };
  for (const table of PART_TABLES)
    for (const [event, ids] of Object.entries(touched))
      await sql
        .raw(
          `create trigger product_read_${table}_${event} after ${event} on ${table} begin
            update product_read set stamp = stamp + 1 where product_id in (${ids});
          end`,
        )
        .execute(db);
  await sql`
    create trigger product_read_selling_model after update on selling_model begin
      update product_read set stamp = stamp + 1
      where product_id in (select product_id from product_selling_model where selling_model_id = new.id);
    end`.execute(db);
}

/** The tables of a product's parts that its answers show (each has product_id). */
const PART_TABLES = ['product_media', 'product_selling_model', 'product_relation'];

async function productColumns(db: Kysely<any>): Promise<string[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'product' and table_schema = current_schema() order by ordinal_position`.execute(db);
    return rows.map((r) => r.column_name);
  }
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info('product')`.execute(db);
  return rows.map((r) => r.name);
}
