import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../locks.ts';

// Issue 20: a cart change used to read the store's promotions, their coupon codes and the tax rates on every add
// (3 statements). They are now kept per process, keyed by two counters on the webstore row, which every request
// reads already (services/webstores.ts): `promotions_version` and `tax_version`. The database bumps them itself,
// by triggers, whichever path writes (workspace API, seed, import, a direct insert), in the writer's transaction.
// - promotion: any insert, update or delete bumps its store.
// - coupon: insert and delete bump; an update only when what a rule carries changes (code, active, promotion,
//   store). Placing an order counts `times_used` and must not throw every process's rules away.
// - tax_rate and tax_policy are not per store: any write bumps every store's `tax_version`.
const PROMOTION_BUMP = (row: 'new' | 'old') =>
  `update webstore set promotions_version = promotions_version + 1 where id = ${row}.webstore_id;`;
const TAX_BUMP = 'update webstore set tax_version = tax_version + 1;';
const COUPON_RULE_CHANGED = (pg: boolean) =>
  ['code', 'is_active', 'promotion_id', 'webstore_id']
    .map((c) => (pg ? `old.${c} is distinct from new.${c}` : `old.${c} is not new.${c}`))
    .join(' or ');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webstore')
    .addColumn('promotions_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('webstore')
    .addColumn('tax_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    // One function per counter; a row trigger returns null (after triggers ignore it).
    await sql
      .raw(
        `create function promotions_version_bump() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then ${PROMOTION_BUMP('old')} end if;
          if tg_op in ('UPDATE', 'INSERT') and (tg_op = 'INSERT' or new.webstore_id is distinct from old.webstore_id)
            then ${PROMOTION_BUMP('new')} end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function tax_version_bump() returns trigger language plpgsql as $$
        begin ${TAX_BUMP} return null; end $$`,
      )
      .execute(db);
    for (const table of ['promotion', 'coupon'])
      await sql
        .raw(
          `create trigger ${table}_rules_write after insert or delete on ${table}
          for each row execute function promotions_version_bump()`,
        )
        .execute(db);
    await sql
      .raw(
        `create trigger promotion_rules_update after update on promotion
        for each row execute function promotions_version_bump()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger coupon_rules_update after update on coupon
        for each row when (${COUPON_RULE_CHANGED(true)}) execute function promotions_version_bump()`,
      )
      .execute(db);
    for (const table of ['tax_rate', 'tax_policy'])
      await sql
        .raw(
          `create trigger ${table}_version after insert or update or delete on ${table}
          for each statement execute function tax_version_bump()`,
        )
        .execute(db);
    return;
  }
  // SQLite: one trigger per event (no "insert or update" form).
  for (const table of ['promotion', 'coupon']) {
    await sql
      .raw(`create trigger ${table}_rules_insert after insert on ${table} begin ${PROMOTION_BUMP('new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_rules_delete after delete on ${table} begin ${PROMOTION_BUMP('old')} end`)
      .execute(db);
  }
  await sql
    .raw(
      `create trigger promotion_rules_update after update on promotion
      begin ${PROMOTION_BUMP('old')} ${PROMOTION_BUMP('new')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger coupon_rules_update after update on coupon when ${COUPON_RULE_CHANGED(false)}
      begin ${PROMOTION_BUMP('old')} ${PROMOTION_BUMP('new')} end`,
    )
    .execute(db);
  for (const table of ['tax_rate', 'tax_policy'])
    for (const event of ['insert', 'update', 'delete'])
      await sql
        .raw(`create trigger ${table}_version_${event} after ${event} on ${table} begin ${TAX_BUMP} end`)
        .execute(db);
}
