// A dataset's file in the database (issue 19, migration 028): a version row in `dataset_file` and its bytes in
// `dataset_file_chunk`, about 1 MiB a chunk, so any process reads the same file and none needs a shared disk.
// Storing and processing are two steps: the bytes go in first (an upload streams them), then processing reads
// them back once, checks every record against the header, counts them, and lets each processor (data
// dictionary, count index: ./processors.ts) see every record; only then is the version ready and the product's
// record count the file's. The newest ready version is the live one.
import { createHash } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Kysely } from 'kysely';
import type { Database, DatasetFileTable } from '../../db/schema.ts';
import { KEY_PREFIX, randomRecordId } from '../../domain/record-ids.ts';

/** Bytes per stored chunk. */
export const FILE_CHUNK_BYTES = 1024 * 1024;
/** Chunks read per query when a file is read back. */
const CHUNKS_PER_READ = 4;

export type ChunkKind = 'csv' | 'index';

/** Something that sees every record of a file while it is processed, and stores what it built at the end. */
export interface DatasetFileProcessor {
  start(header: string[]): void;
  /** `offset`: the byte offset in the file where the record starts (the count index keeps some, for previews). */
  record(cells: string[], offset: number): void;
  /** After the last record, before the version is marked ready (same database handle). */
  finish(db: Kysely<Database>, file: DatasetFileTable): Promise<void>;
}

export interface StoreDatasetFileInput {
  webstoreId: string;
  productId: string;
  fileName: string;
  uploadedBy: string | null;
  /** The file's bytes (UTF-8 CSV) as they arrive. */
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>;
  /** Called after each stored chunk with the bytes stored so far and the version's id (awaited). */
  onBytes?: (bytes: number, fileId: string) => Promise<void> | void;
  /** Called once the version's row exists, before a byte is stored (e.g. to start its heartbeat). */
  onCreated?: (row: DatasetFileTable) => void;
}

/** A bad file: the message says what is wrong and where (the version is marked failed with it). */
export class DatasetFileError extends Error {}

/** Makes the next version of a product's file (status processing) and stores its bytes; returns the row. */
export async function storeDatasetFile(
  db: Kysely<Database>,
  input: StoreDatasetFileInput,
  now = new Date().toISOString(),
): Promise<DatasetFileTable> {
  const last = await db
    .selectFrom('dataset_file')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('product_id', '=', input.productId)
    .executeTakeFirst();
  const row: DatasetFileTable = {
    id: randomRecordId(KEY_PREFIX.datasetFile),
    webstore_id: input.webstoreId,
    product_id: input.productId,
    version: Number(last?.v ?? 0) + 1,
    status: 'processing',
    file_name: input.fileName,
    byte_size: 0,
    sha256: null,
    row_count: null,
    rows_done: 0,
    columns_json: '[]',
    dictionary_json: null,
    error: null,
    uploaded_by: input.uploadedBy,
    uploaded_at: now,
    heartbeat_at: now,
    ready_at: null,
  };
  await db.insertInto('dataset_file').values(row).execute();
  input.onCreated?.(row);
  const hash = createHash('sha256');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let n = 0;
  let total = 0;
  const flush = async (all: boolean) => {
    while (pendingBytes >= FILE_CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const content = joined.subarray(0, FILE_CHUNK_BYTES);
      const rest = joined.subarray(content.length);
      pending = rest.length ? [Buffer.from(rest)] : [];
      pendingBytes = rest.length;
      await db
        .insertInto('dataset_file_chunk')
        .values({ file_id: row.id, kind: 'csv', n: n++, content: Buffer.from(content) })
        .execute();
      await input.onBytes?.(total - pendingBytes, row.id);
    }
  };
  try {
    for await (const part of input.source) {
      const buf = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
      hash.update(buf);
      total += buf.length;
      pending.push(buf);
      pendingBytes += buf.length;
      if (pendingBytes >= FILE_CHUNK_BYTES) await flush(false);
    }
    await flush(true);
  } catch (e) {
    // An upload cut off (or refused for its size) leaves no half file: the version says why it failed, and
    // the live version stays the previous ready one.
    const reason = e instanceof Error ? e.message : String(e);
    await db.deleteFrom('dataset_file_chunk').where('file_id', '=', row.id).execute();
    await db
      .updateTable('dataset_file')
      .set({ status: 'failed', error: `The upload stopped after ${total} bytes: ${reason}`.slice(0, 500) })
      .where('id', '=', row.id)
      .execute();
    throw e;
  }
  const sha256 = hash.digest('hex');
  await db.updateTable('dataset_file').set({ byte_size: total, sha256 }).where('id', '=', row.id).execute();
  return { ...row, byte_size: total, sha256 };
}

/** The stored bytes of a file (or of its index), chunk by chunk, a few chunks per query. */
export async function* datasetFileChunks(
  db: Kysely<Database>,
  fileId: string,
  kind: ChunkKind = 'csv',
): AsyncGenerator<Buffer, void, undefined> {
  for (let from = 0; ; from += CHUNKS_PER_READ) {
    const rows = await db
      .selectFrom('dataset_file_chunk')
      .select(['n', 'content'])
      .where('file_id', '=', fileId)
      .where('kind', '=', kind)
      .where('n', '>=', from)
      .where('n', '<', from + CHUNKS_PER_READ)
      .orderBy('n')
      .execute();
    for (const r of rows) yield Buffer.from(r.content);
    if (rows.length < CHUNKS_PER_READ) return;
  }
}

/** The file's bytes as a stream (for a download of the whole file). */
export const datasetFileStream = (db: Kysely<Database>, fileId: string): Readable =>
  Readable.from(datasetFileChunks(db, fileId), { objectMode: false });

/**
 * The file's header and records, parsed as they are read (RFC 4180, a BOM dropped). The records are an async
 * iterable of cell arrays; it throws DatasetFileError for a record whose cells don't match the header.
 * `offset()` is the byte offset where the record last yielded starts (the end of the one before it).
 */
export async function datasetFileRecords(
  db: Kysely<Database>,
  fileId: string,
): Promise<{ header: string[]; records: AsyncGenerator<string[], void, undefined>; offset: () => number }> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true });
  // pipeline, not pipe: a failed read (bytes that aren't UTF-8) must end the parser with its error.
  pipeline(Readable.from(utf8Checked(datasetFileChunks(db, fileId)), { objectMode: false }), parser, () => {});
  type Parsed = { record: string[]; info: { bytes: number } };
  const it = parser[Symbol.asyncIterator]() as AsyncIterator<Parsed>;
  let first: IteratorResult<Parsed>;
  try {
    first = await it.next();
  } catch (e) {
    if (e instanceof DatasetFileError) throw e;
    throw new DatasetFileError(`The file isn't readable CSV: ${(e as Error).message}`);
  }
  if (first.done) throw new DatasetFileError('The file is empty: it needs a header row naming the columns.');
  const header = first.value.record.map((h) => h.trim());
  let end = first.value.info.bytes;
  let start = end;
  async function* records(): AsyncGenerator<string[], void, undefined> {
    // A reader that stops early (a sample's first records) ends the parser and the chunk reads behind it.
    try {
      yield* rest();
    } finally {
      await it.return?.();
    }
  }
  async function* rest(): AsyncGenerator<string[], void, undefined> {
    let line = 1;
    for (;;) {
      let next: IteratorResult<Parsed>;
      try {
        next = await it.next();
      } catch (e) {
        if (e instanceof DatasetFileError) throw e;
        throw new DatasetFileError(`Record ${line + 1} isn't readable CSV: ${(e as Error).message}`);
      }
      if (next.done) return;
      line++;
      const cells = next.value.record;
      if (cells.length !== header.length)
        throw new DatasetFileError(`Record ${line} has ${cells.length} fields; the header names ${header.length}.`);
      start = end;
      end = next.value.info.bytes;
      yield cells;
    }
  }
  return { header, records: records(), offset: () => start };
}

/**
 * The chunks unchanged, after checking they are UTF-8 (the parser would otherwise read bad bytes as U+FFFD
 * without a word). A bad sequence fails with the line it is on.
 */
async function* utf8Checked(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let linesBefore = 0;
  for await (const chunk of chunks) {
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      throw new DatasetFileError(
        `Line ${linesBefore + badLineIn(chunk)} isn't UTF-8 text: save the file as UTF-8 CSV.`,
      );
    }
    for (const byte of chunk) if (byte === 10) linesBefore++;
    yield chunk;
  }
  try {
    decoder.decode();
  } catch {
    throw new DatasetFileError('The file ends in the middle of a UTF-8 character: save the file as UTF-8 CSV.');
  }
}

/** The 1-based line of a chunk with the first bytes that aren't UTF-8 (its first line when none alone is). */
function badLineIn(chunk: Buffer): number {
  let start = 0;
  for (let line = 1; start <= chunk.length; line++) {
    const end = chunk.indexOf(10, start);
    const piece = chunk.subarray(start, end < 0 ? chunk.length : end);
    if (!isUtf8(piece)) return line;
    if (end < 0) break;
    start = end + 1;
  }
  return 1;
}

function checkHeader(header: string[]): void {
  if (!header.length || header.every((h) => !h)) throw new DatasetFileError('The header row names no columns.');
  const blank = header.findIndex((h) => !h);
  if (blank >= 0) throw new DatasetFileError(`Column ${blank + 1} of the header has no name.`);
  const seen = new Set<string>();
  for (const h of header) {
    const key = h.toLowerCase();
    if (seen.has(key)) throw new DatasetFileError(`The header names the column "${h}" twice.`);
    seen.add(key);
  }
}

export interface ProcessOptions {
  processors?: DatasetFileProcessor[];
  /** Called every `progressEvery` records with the records read so far. */
  onRecords?: (records: number) => Promise<void> | void;
  progressEvery?: number;
  now?: () => string;
}

/**
 * Reads a stored version back, checks it and runs the processors; marks it ready and makes its record count the
 * product's, or marks it failed with the reason (a DatasetFileError) and rethrows.
 */
export async function processDatasetFile(
  db: Kysely<Database>,
  fileId: string,
  opts: ProcessOptions = {},
): Promise<DatasetFileTable> {
  const now = opts.now ?? (() => new Date().toISOString());
  const file = await db.selectFrom('dataset_file').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
  const processors = opts.processors ?? [];
  const every = opts.progressEvery ?? 10_000;
  try {
    const { header, records, offset } = await datasetFileRecords(db, fileId);
    checkHeader(header);
    for (const p of processors) p.start(header);
    let count = 0;
    for await (const cells of records) {
      const at = offset();
      for (const p of processors) p.record(cells, at);
      if (++count % every === 0) await opts.onRecords?.(count);
    }
    const done: DatasetFileTable = {
      ...file,
      status: 'ready',
      row_count: count,
      rows_done: count,
      columns_json: JSON.stringify(header),
      ready_at: now(),
    };
    for (const p of processors) await p.finish(db, done);
    await db
      .updateTable('dataset_file')
      .set({
        status: 'ready',
        row_count: count,
        rows_done: count,
        columns_json: done.columns_json,
        ready_at: done.ready_at,
        heartbeat_at: done.ready_at,
      })
      .where('id', '=', fileId)
      .execute();
    await db.updateTable('product').set({ record_count: count }).where('id', '=', file.product_id).execute();
    return { ...done, dictionary_json: (await dictionaryOf(db, fileId)) ?? null };
  } catch (e) {
    const message = e instanceof DatasetFileError ? e.message : 'The file could not be processed.';
    await db
      .updateTable('dataset_file')
      .set({ status: 'failed', error: message, heartbeat_at: now() })
      .where('id', '=', fileId)
      .execute();
    throw e;
  }
}

const dictionaryOf = async (db: Kysely<Database>, fileId: string) =>
  (await db.selectFrom('dataset_file').select('dictionary_json').where('id', '=', fileId).executeTakeFirst())
    ?.dictionary_json;

/** The live (newest ready) file version of each product that has one. */
export async function liveDatasetFiles(
  db: Kysely<Database>,
  productIds: readonly string[],
): Promise<Map<string, DatasetFileTable>> {
  const out = new Map<string, DatasetFileTable>();
  if (!productIds.length) return out;
  const rows = await db
    .selectFrom('dataset_file')
    .selectAll()
    .where('product_id', 'in', [...new Set(productIds)])
    .where('status', '=', 'ready')
    .orderBy('version', 'desc')
    .execute();
  for (const r of rows) if (!out.has(r.product_id)) out.set(r.product_id, r);
  return out;
}

export const liveDatasetFile = async (db: Kysely<Database>, productId: string) =>
  (await liveDatasetFiles(db, [productId])).get(productId);

/** A product's file at a version (ready or not). */
export const datasetFileVersion = (db: Kysely<Database>, productId: string, version: number) =>
  db
    .selectFrom('dataset_file')
    .selectAll()
    .where('product_id', '=', productId)
    .where('version', '=', version)
    .executeTakeFirst();
