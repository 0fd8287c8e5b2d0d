import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../locks.ts';

// Issue 20: prices from the read model. Every priced read (products by ids, search with prices, pricing, the cart)
// joined each product's entries to their books and the buyer's links, then read the entries' volume tiers: two
// statements of random pages, about 600 µs for 20 products at 100,000. Each product's active entries, with their
// tiers, are now kept as JSON in a third read model row (kind 'prices', services/kept-prices.ts), and the price
// books with their buyer-group links are kept per process, keyed by a counter on the webstore row.
//
// The database keeps both honest, whichever path writes:
// - an entry's insert, update or delete bumps the stamp of its product's 'prices' row (both products when an
//   update moves it); a tier's, the row of its entry's product. A stale row is read the long way (the SQL join).
// - any write to price_book or buyer_group_price_book bumps every store's `price_books_version` (books are few
//   and a buyer's books need not be of the store, as tax rates are not).
// - a new product gets its 'prices' row beside the other two (the insert trigger of 033, replaced here).
const BOOKS_BUMP = 'update webstore set price_books_version = price_books_version + 1;';
const bumpPrices = (ids: string) =>
  `update product_read set stamp = stamp + 1 where kind = 'prices' and product_id in (${ids});`;
/** The tables a product's kept prices are made of, and the products a row (`old` or `new`) of each names. */
const PRICE_SOURCES: Record<string, (row: 'old' | 'new') => string> = {
  price_book_entry: (row) => `${row}.product_id`,
  price_adjustment_tier: (row) => `select product_id from price_book_entry where id = ${row}.price_book_entry_id`,
};

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .alterTable('webstore')
    .addColumn('price_books_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A row (not built yet) for every product: the server's builder writes them (stale rows are read the long way).
  await sql`insert into product_read (product_id, kind) select id, 'prices' from product`.execute(db);

  if (pg) {
    await sql
      .raw(`create function price_books_version_bump() returns trigger language plpgsql as $$
        begin ${BOOKS_BUMP} return null; end $$`)
      .execute(db);
    for (const table of ['price_book', 'buyer_group_price_book'])
      await sql
        .raw(
          `create trigger ${table}_version after insert or update or delete on ${table}
          for each statement execute function price_books_version_bump()`,
        )
        .execute(db);
    // A function and a row trigger per table: which products' rows a row of it names (old, then new).
    for (const [table, products] of Object.entries(PRICE_SOURCES)) {
      await sql
        .raw(`create function product_read_${table}() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'INSERT' then ${bumpPrices(products('old'))} end if;
            if tg_op <> 'DELETE' then ${bumpPrices(products('new'))} end if;
            return null;
          end $$`)
        .execute(db);
      await sql
        .raw(`create trigger product_read_${table} after insert or update or delete on ${table}
          for each row execute function product_read_${table}()`)
        .execute(db);
    }
    // 033's product trigger function, now making the 'prices' row of a new product too.
    await sql`
      create or replace function product_read_product() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          delete from product_read where product_id = old.id;
          update product_read set stamp = stamp + 1 where product_id = old.parent_id;
        elsif tg_op = 'INSERT' then
          insert into product_read (product_id, kind)
          values (new.id, 'detail'), (new.id, 'summary'), (new.id, 'prices') on conflict do nothing;
          update product_read set stamp = stamp + 1 where product_id = new.parent_id;
        else
          update product_read set stamp = stamp + 1 where product_id in (new.id, old.parent_id, new.parent_id);
        end if;
        return null;
      end $$`.execute(db);
    return;
  }
  // SQLite: one trigger per event.
  for (const table of ['price_book', 'buyer_group_price_book'])
    for (const event of ['insert', 'update', 'delete'])
      await sql
        .raw(`create trigger ${table}_version_${event} after ${event} on ${table} begin ${BOOKS_BUMP} end`)
        .execute(db);
  const touched = { insert: ['new'], update: ['old', 'new'], delete: ['old'] } as const;
  for (const [event, rows] of Object.entries(touched))
    for (const [table, products] of Object.entries(PRICE_SOURCES))
      await sql
        .raw(
          `create trigger product_read_${table}_${event} after ${event} on ${table} begin
            ${rows.map((r) => bumpPrices(products(r))).join('\n')}
          end`,
        )
        .execute(db);
  await sql`drop trigger product_read_product_insert`.execute(db);
  await sql`
    create trigger product_read_product_insert after insert on product begin
      insert or ignore into product_read (product_id, kind) values (new.id, 'detail'), (new.id, 'summary'), (new.id, 'prices');
      update product_read set stamp = stamp + 1 where product_id = new.parent_id;
    end`.execute(db);
}
