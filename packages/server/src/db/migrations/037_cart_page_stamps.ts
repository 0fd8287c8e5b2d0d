import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../locks.ts';

// Issue 20: the lines page of a large cart keeps what its statement read (carts/line-page.ts) while nothing that
// statement reads has changed. Two marks, each moved by the database itself (triggers), so no writer can forget
// them, whichever path writes: the store, a script, a direct SQL statement.
//
// - `cart.lines_stamp`: moves with every insert, update and delete of the cart's lines. The cart row is read
//   first on every cart request, so a page knows its lines are unchanged without reading them.
// - `read_model_clock.tick`: moves with every change to a product's kept answers (a detail or summary row's
//   stamp moving, or the row deleted; migration 033's triggers move the stamps). A page's lines show their
//   products as of their summaries' stamps, so while the clock stands still every stamp it read still holds.
//   (Kept prices have rows too; a line keeps the prices it was added at, so they do not move the clock.)
//
// On PostgreSQL the clock moves once per transaction (a transaction-local setting remembers it did): an import
// changes many products in one transaction, and every update of the one row would be a new version of it. The
// value only has to differ after the commit. The lines stamp moves once per statement (transition tables).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cart')
    .addColumn('lines_stamp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('read_model_clock')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('tick', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('read_model_clock').values({ id: 1, tick: 0 }).execute();

  if (isPostgres(db)) {
    const events = { insert: ['new_lines'], update: ['old_lines', 'new_lines'], delete: ['old_lines'] };
    for (const [event, tables] of Object.entries(events)) {
      const ids = tables.map((t) => `select cart_id from ${t}`).join(' union ');
      await sql
        .raw(
          `create function cart_lines_stamp_${event}() returns trigger language plpgsql as $$
          begin
            update cart set lines_stamp = lines_stamp + 1 where id in (${ids});
            return null;
          end $$`,
        )
        .execute(db);
      const referencing = tables.map((t) => `${t.startsWith('old') ? 'old' : 'new'} table as ${t}`).join(' ');
      await sql
        .raw(
          `create trigger cart_lines_stamp_${event} after ${event} on cart_item referencing ${referencing}
          for each statement execute function cart_lines_stamp_${event}()`,
        )
        .execute(db);
    }
    await sql`
      create function read_model_clock_tick() returns trigger language plpgsql as $$
      begin
        if current_setting('store.read_model_ticked', true) is distinct from txid_current()::text then
          update read_model_clock set tick = tick + 1 where id = 1;
          perform set_config('store.read_model_ticked', txid_current()::text, true);
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger read_model_clock_tick after update of stamp or delete on product_read
      for each row when (old.kind <> 'prices') execute function read_model_clock_tick()`.execute(db);
    return;
  }
  const touched = { insert: 'new.cart_id', update: 'old.cart_id, new.cart_id', delete: 'old.cart_id' };
  for (const [event, ids] of Object.entries(touched))
    await sql
      .raw(
        `create trigger cart_lines_stamp_${event} after ${event} on cart_item begin
          update cart set lines_stamp = lines_stamp + 1 where id in (${ids});
        end`,
      )
      .execute(db);
  for (const event of ['update of stamp', 'delete'])
    await sql
      .raw(
        `create trigger read_model_clock_${event.split(' ')[0]} after ${event} on product_read
        when old.kind <> 'prices' begin
          update read_model_clock set tick = tick + 1 where id = 1;
        end`,
      )
      .execute(db);
}
