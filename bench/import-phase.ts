// The catalogue import's throughput: a generated product CSV (bench/product-csv.ts) imported into a
// fresh store that has the demo's categories, price books and hand-made products but no datasets (every
// row is created), then the same file again (every row unchanged), on SQLite and on PostgreSQL. In
// process, through the same service the `npm run import` command calls.
import { createReadStream, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { importCatalogue } from '../packages/server/src/services/catalogue-import/import.ts';
import type { ImportReport } from '../packages/server/src/services/catalogue-import/report.ts';
import { seedDatabase } from '../packages/server/src/seed/seed.ts';
import { WEBSTORE_ID } from '../packages/server/src/seed/store.ts';
import { DATA_DIR } from './dataset.ts';
import { PostgresUnavailable, benchPostgres } from './postgres.ts';
import { productCsvFile, writeProductCsv } from './product-csv.ts';

export interface ImportRow {
  database: string;
  run: string;
  report: ImportReport;
  peakRssMb: number;
  /** The importing process's CPU time (user + system): steadier than wall time on a busy machine. */
  cpuSeconds: number;
}

export interface ImportMeasure {
  rows: ImportRow[];
  notes: string[];
  file: string;
  fileMb: number;
  ok: boolean;
}

const log = (msg: string) => console.log(`[bench] import: ${msg}`);

async function importTwice(database: string, db: Db, file: string, out: ImportMeasure): Promise<void> {
  await migrateToLatest(db.db);
  log(`${database}: seeding the store without datasets…`);
  await seedDatabase(db.db, { products: 0 });
  for (const run of ['first import (all created)', 'identical re-import (all unchanged)']) {
    let peak = process.memoryUsage().rss;
    const cpu = process.cpuUsage();
    const report = await importCatalogue(db.db, createReadStream(file), {
      webstoreId: WEBSTORE_ID,
      totalBytes: statSync(file).size,
      onProgress: () => {
        peak = Math.max(peak, process.memoryUsage().rss);
      },
    });
    const rate = Math.round(report.rows / (report.ms / 1000));
    log(`${database}, ${run}: ${report.rows} rows in ${(report.ms / 1000).toFixed(1)} s, ${rate} rows/s`);
    if (report.refused || report.refusedFile) out.ok = false;
    const used = process.cpuUsage(cpu);
    out.rows.push({ database, run, report, peakRssMb: peak / 2 ** 20, cpuSeconds: (used.user + used.system) / 1e6 });
  }
}

export async function measureImport(rows: number): Promise<ImportMeasure> {
  const file = productCsvFile(rows);
  // Generated every run (seconds), so the file always has the columns this code imports.
  log(`generating ${rows.toLocaleString('en-US')} product rows…`);
  await writeProductCsv(file, rows);
  const out: ImportMeasure = { rows: [], notes: [], file, fileMb: statSync(file).size / 2 ** 20, ok: true };
  const sqliteFile = path.join(DATA_DIR, 'import-bench.sqlite');
  for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) rmSync(f, { force: true });
  // An empty url: SQLite even when DATABASE_URL is set (that one is for the PostgreSQL run below).
  const sqlite = openDatabase({ url: '', sqliteFile });
  try {
    await importTwice('SQLite', sqlite, file, out);
  } finally {
    await sqlite.close();
    for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) rmSync(f, { force: true });
  }
  try {
    const pg = await benchPostgres();
    const db = openDatabase({ url: pg.url });
    try {
      await importTwice(pg.version, db, file, out);
      out.notes.push(`PostgreSQL: ${pg.description}.`);
    } finally {
      await db.close();
      await pg.close();
    }
  } catch (err) {
    if (!(err instanceof PostgresUnavailable)) throw err;
    out.notes.push(`**PostgreSQL was not measured:** ${err.message}.`);
  }
  return out;
}

/** The "Import" section of bench/results.md. */
export function importSection(m: ImportMeasure, context: string[]): string[] {
  const n = (x: number) => x.toLocaleString('en-US');
  const header = [
    'Database',
    'Run',
    'Rows',
    'Created',
    'Updated',
    'Unchanged',
    'Refused',
    'Time',
    'Rows/s',
    'Importer CPU',
    'Rows per CPU-s',
    'Peak RSS',
  ];
  const body = m.rows.map((r) => [
    r.database,
    r.run,
    n(r.report.rows),
    n(r.report.created),
    n(r.report.updated),
    n(r.report.unchanged),
    n(r.report.refused),
    `${(r.report.ms / 1000).toFixed(1)} s`,
    n(Math.round(r.report.rows / (r.report.ms / 1000))),
    `${r.cpuSeconds.toFixed(1)} s`,
    n(Math.round(r.report.rows / r.cpuSeconds)),
    `${Math.round(r.peakRssMb)} MiB`,
  ]);
  return [
    '## Import',
    '',
    ...context.map((l) => `- ${l}`),
    `- File: \`${path.relative(path.resolve(DATA_DIR, '../..'), m.file)}\` (${m.fileMb.toFixed(0)} MiB, generated by \`node --import tsx bench/product-csv.ts --rows N\`), imported in process by the service behind \`npm run import\` into a fresh store with the demo's categories and hand-made products but no datasets; batches of 1,000 rows, one transaction each`,
    ...m.notes.map((l) => `- ${l}`),
    "- Rows/s is wall time (reading and checking the file, then writing); on a busy machine the importer's own CPU time (rows per CPU-second) is the steadier measure. On PostgreSQL the database server's CPU is not in it.",
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map((_, i) => (i < 2 ? '---' : '---:')).join(' | ')} |`,
    ...body.map((cells) => `| ${cells.join(' | ')} |`),
    '',
  ];
}
