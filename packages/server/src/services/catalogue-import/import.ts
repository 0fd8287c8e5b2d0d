// Imports a catalogue file (products, prices, inventory or categories; CSV or JSON) from a stream.
//
// Two passes. The first reads every row, checks it (its cells, then what the database must confirm, a
// chunk at a time) and spools the good rows, already read, to a temporary file; nothing is written yet. A
// file with a bad row stops there, unless the caller asked to apply the good rows, so a refused file
// changes nothing. The second pass writes the spooled rows in batches, one transaction per batch: a batch
// holds SQLite's single write lock for a fraction of a second, so shoppers' carts and orders keep being
// written during a 100,000-row import (one transaction for the whole file would hold it for the whole
// import, and other writers would time out). Every row is matched by its key, so an import stopped half
// way is finished by running it again. The catalogue version is bumped once, at the end, with the changed
// products marked, so cached product answers, the category menu and every process's search index follow.
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { markProductsChanged } from '../../db/catalog-version.ts';
import type { Database } from '../../db/schema.ts';
import { CellReader, type Checked, type ImportKind } from './kind.ts';
import { detectKind, kindHandler } from './kinds.ts';
import { type ImportFormat, readRecords } from './read-rows.ts';
import { type CatalogueKind, ImportFileError, type ImportReport, type RowProblem } from './report.ts';
import { StoreRefs } from './store-refs.ts';

export interface ImportProgress {
  phase: 'checking' | 'writing';
  rowsDone: number;
  /** Known once the file has been read (the writing phase). */
  rowsTotal: number | null;
  bytesDone: number;
  bytesTotal: number | null;
}

export interface ImportOptions {
  webstoreId: string;
  /** Else told from the file's columns. */
  kind?: CatalogueKind;
  format?: ImportFormat;
  /** Write the good rows of a file that has bad ones (the bad ones are still reported). */
  applyGoodRows?: boolean;
  /** Awaited when it answers a promise (the workspace writes the progress to its job row before going on). */
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
  /** The input's length when known (a file's size): progress while checking. */
  totalBytes?: number;
  /** Rows per write transaction. */
  batchSize?: number;
}

const PROGRESS_EVERY = 1000;

export async function importCatalogue(
  db: Kysely<Database>,
  input: Readable,
  options: ImportOptions,
): Promise<ImportReport> {
  const started = performance.now();
  const report: ImportReport = {
    kind: options.kind ?? 'products',
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: 0,
    problems: [],
    refusedFile: false,
    ms: 0,
  };
  const spoolDir = mkdtempSync(path.join(os.tmpdir(), 'catalogue-import-'));
  try {
    const spool = path.join(spoolDir, 'rows.ndjson');
    const checked = await checkFile(db, input, options, report, spool);
    if (checked && (report.refused === 0 || options.applyGoodRows))
      await writeFile(db, checked, options, report, spool);
    else report.refusedFile = report.refused > 0 || report.problems.length > 0;
  } catch (e) {
    if (!(e instanceof ImportFileError)) throw e;
    report.problems.push({ row: e.row, column: '', reason: e.message });
    report.refusedFile = true;
  } finally {
    input.destroy();
    rmSync(spoolDir, { recursive: true, force: true });
  }
  report.ms = performance.now() - started;
  return report;
}

interface CheckedFile {
  kind: ImportKind<unknown>;
  refs: StoreRefs;
  goodRows: number;
}

/** Pass 1: read and check every row; spool the good ones. */
async function checkFile(
  db: Kysely<Database>,
  input: Readable,
  options: ImportOptions,
  report: ImportReport,
  spoolFile: string,
): Promise<CheckedFile> {
  const counter = { bytes: 0 };
  const source = await readRecords(input, options.format ?? 'csv', counter);
  const kindName = options.kind ?? detectKind(source.columns);
  if (!kindName)
    throw new ImportFileError(
      'Cannot tell what the file holds from its columns; name the kind (products, prices, inventory or categories).',
    );
  report.kind = kindName;
  const kind = kindHandler(kindName);
  const known = new Set(kind.columns.map((c) => c.name));
  const unknown = source.columns.filter((c) => !known.has(c));
  if (unknown.length)
    throw new ImportFileError(
      `Unknown column${unknown.length > 1 ? 's' : ''} for ${kindName}: ${unknown.join(', ')} (known: ${[...known].join(', ')}).`,
    );
  const missing = kind.keyColumns.filter((c) => !source.columns.includes(c));
  if (missing.length)
    throw new ImportFileError(
      `A ${kindName} file needs the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
    );

  const refs = await StoreRefs.load(db, options.webstoreId);
  const bad = new Set<number>();
  const fail = (row: number, column: string, reason: string) => {
    bad.add(row);
    report.problems.push({ row, column, reason });
  };
  const firstRowOf = new Map<string, number>();
  const out = createWriteStream(spoolFile);
  let goodRows = 0;
  let chunk: Checked<unknown>[] = [];
  const flush = async () => {
    await kind.checkChunk(db, chunk, refs, fail);
    for (const c of chunk) {
      if (bad.has(c.row)) continue;
      goodRows++;
      if (!out.write(`${JSON.stringify(c.value)}\n`)) await once(out, 'drain');
    }
    chunk = [];
  };
  const progress = () =>
    options.onProgress?.({
      phase: 'checking',
      rowsDone: report.rows,
      rowsTotal: null,
      bytesDone: counter.bytes,
      bytesTotal: options.totalBytes ?? null,
    });
  for await (const record of source.records) {
    report.rows++;
    if (record.problem) {
      fail(record.row, '', record.problem);
      continue;
    }
    const problems: RowProblem[] = [];
    const reader = new CellReader(record.cells, record.row, problems);
    const value = kind.read(reader, refs);
    for (const p of problems) fail(p.row, p.column, p.reason);
    if (value !== null && !reader.bad) {
      const key = kind.key(value);
      const first = firstRowOf.get(key);
      if (first !== undefined)
        fail(record.row, kind.keyColumns[0]!, `repeats row ${first} (same ${kind.keyColumns.join(' and ')})`);
      else {
        firstRowOf.set(key, record.row);
        chunk.push({ row: record.row, value });
      }
    }
    if (chunk.length >= kind.chunkSize) await flush();
    if (report.rows % PROGRESS_EVERY === 0) await progress();
  }
  await flush();
  await progress();
  out.end();
  await once(out, 'close');
  report.refused = bad.size;
  report.problems.sort((a, b) => a.row - b.row);
  return { kind, refs, goodRows };
}

/** Pass 2: write the spooled rows, a transaction per batch; then one catalogue version bump. */
async function writeFile(
  db: Kysely<Database>,
  { kind, refs, goodRows }: CheckedFile,
  options: ImportOptions,
  report: ImportReport,
  spoolFile: string,
): Promise<void> {
  // Categories are written whole (a tree, parents first); the other kinds in batches.
  const batchSize = Number.isFinite(kind.chunkSize) ? (options.batchSize ?? 1000) : kind.chunkSize;
  const changed: string[] = [];
  let done = 0;
  let batch: unknown[] = [];
  const progress = () =>
    options.onProgress?.({
      phase: 'writing',
      rowsDone: done,
      rowsTotal: goodRows,
      bytesDone: 0,
      bytesTotal: null,
    });
  const write = async () => {
    if (!batch.length) return;
    const rows = batch;
    batch = [];
    const result = await db.transaction().execute((trx) => kind.write(trx, rows, refs));
    report.created += result.created;
    report.updated += result.updated;
    report.unchanged += result.unchanged;
    for (const id of result.changedProducts) changed.push(id);
    done += rows.length;
    await progress();
    // better-sqlite3 answers synchronously: let the server's waiting requests run between batches.
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  await progress();
  const lines = createInterface({ input: createReadStream(spoolFile), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(JSON.parse(line));
    if (batch.length >= batchSize) await write();
  }
  await write();
  if (report.created + report.updated > 0)
    await db.transaction().execute((trx) => markProductsChanged(trx, options.webstoreId, [...new Set(changed)]));
}
