// Seeds the demo catalogue from the command line:
//   node --import tsx packages/server/src/seed/cli.ts [--products 100000] [--file data/x.sqlite] [--fresh] [--if-empty]
// SQLITE_FILE / DATABASE_URL choose the database as for the server; --file overrides the SQLite
// file. --products defaults to SEED_PRODUCTS, else 500. --fresh starts from an empty database
// (deletes the SQLite file, or drops the tables on PostgreSQL). Without --fresh an already seeded
// database is left alone; with --if-empty (what `npm start` runs before the server) it gets the
// demo data added since it was seeded (users, synonyms, promotions, delivery methods; each once).
import { existsSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { defaultSqliteFile, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { DEFAULT_PRODUCTS } from './catalogue.ts';
import { hasCatalogue, isSeeded, seedDatabase } from './seed.ts';
import { seedWorkspaceUsers } from './workspace-users.ts';
import { seedAccess } from './access.ts';
import { seedSynonyms } from './synonyms.ts';
import { seedPromotions } from './promotions.ts';
import { seedCheckout } from './checkout.ts';

/**
 * Drops every table of the store's schema (later migrations' tables included) so --fresh on
 * PostgreSQL really starts empty. Only the schema holding our migration table is touched.
 */
async function dropAll(db: Kysely<Database>): Promise<void> {
  const any = db as unknown as Kysely<Record<string, unknown>>;
  const tables = await any.introspection.getTables({ withInternalKyselyTables: true });
  const ours = tables.find((t) => t.name === 'kysely_migration') ?? tables.find((t) => t.name === 'webstore');
  if (!ours) return;
  // CASCADE removes the foreign keys pointing at a table, so the order does not matter.
  for (const t of tables.filter((x) => x.schema === ours.schema && !x.isView)) {
    await any.schema
      .withSchema(t.schema ?? 'public')
      .dropTable(t.name)
      .ifExists()
      .cascade()
      .execute();
  }
}

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: cli.ts [--products N] [--file path.sqlite] [--fresh] [--if-empty]');
  process.exit(2);
}

const OPTIONS = {
  products: { type: 'string' },
  file: { type: 'string' },
  fresh: { type: 'boolean' },
  'if-empty': { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

function readArgs() {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (e) {
    return usage((e as Error).message);
  }
}

async function main(): Promise<void> {
  const values = readArgs();
  if (values.help) usage();
  const wanted = values.products ?? process.env.SEED_PRODUCTS;
  const products = wanted === undefined ? DEFAULT_PRODUCTS : Number(wanted.replace(/[_,]/g, ''));
  if (!Number.isInteger(products) || products < 0) usage(`--products must be a whole number, got ${wanted}`);

  const postgres = !values.file && /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
  const sqliteFile = values.file ?? defaultSqliteFile();
  if (values.fresh && !postgres && sqliteFile !== ':memory:') {
    for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) if (existsSync(f)) rmSync(f);
  }

  const started = performance.now();
  const { db, dialect, close } = openDatabase(postgres ? {} : { url: '', sqliteFile });
  try {
    if (values.fresh && dialect === 'postgres') {
      console.log('dropping existing tables (--fresh)');
      await dropAll(db);
    }
    await migrateToLatest(db);
    if (await isSeeded(db)) {
      if (values['if-empty']) {
        // A database seeded before these existed gets them now (each is idempotent).
        await seedAccess(db);
        await seedWorkspaceUsers(db);
        await seedSynonyms(db);
        await seedPromotions(db);
        await seedCheckout(db);
        return;
      }
      console.log(
        `already seeded (${dialect}${dialect === 'sqlite' ? ` ${sqliteFile}` : ''}); use --fresh to start over`,
      );
      return;
    }
    if (await hasCatalogue(db)) {
      console.error(
        'the database holds catalogue rows but is not completely seeded (an interrupted seed?); rerun with --fresh',
      );
      process.exitCode = 1;
      return;
    }
    console.log(`seeding ${dialect}${dialect === 'sqlite' ? ` ${sqliteFile}` : ''} with ${products} datasets`);
    const result = await seedDatabase(db, { products, log: (m) => console.log(`  ${m}`) });
    const total = Object.values(result.rows).reduce((s, n) => s + n, 0);
    console.log(
      `seeded ${result.products} products, ${total} rows in ${(result.ms / 1000).toFixed(2)}s (total ${((performance.now() - started) / 1000).toFixed(2)}s)`,
    );
    for (const [table, n] of Object.entries(result.rows)) console.log(`  ${table.padEnd(24)} ${n}`);
  } finally {
    await close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
