// Persisted main segments in the database (migration 030): written in chunks by whoever built one, read whole
// by a new process. Only 'ready' rows of this code's format are read; a reader that finds chunks missing (the
// segment was replaced meanwhile) gets nothing and builds.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type EncodedSegment, SEGMENT_FORMAT } from './segment-format.ts';

const CHUNK_BYTES = 4 * 1024 * 1024;
/** Chunks per read: 32 MiB at a time, so a large segment never sits in one result set twice. */
const READ_BATCH = 8;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface StoredSegment {
  version: number;
  /** The segment's bytes in their own (8-byte aligned) buffer. */
  buffer: ArrayBuffer;
}

/** Saves a segment read at `version`, then removes the store's older ones (and any left half-written). */
export async function saveSegment(
  db: Kysely<Database>,
  webstoreId: string,
  version: number,
  documents: number,
  encoded: EncodedSegment,
): Promise<string> {
  const id = randomUUID();
  const chunkCount = Math.ceil(encoded.byteLength / CHUNK_BYTES);
  await db
    .insertInto('search_index_segment')
    .values({
      id,
      webstore_id: webstoreId,
      catalog_version: version,
      format: SEGMENT_FORMAT,
      status: 'writing',
      byte_size: encoded.byteLength,
      chunk_count: chunkCount,
      documents,
      created_at: new Date().toISOString(),
    })
    .execute();
  try {
    let n = 0;
    for (const chunk of chunksOf(encoded)) {
      await db.insertInto('search_index_chunk').values({ segment_id: id, n, content: chunk }).execute();
      n++;
      // better-sqlite3 writes synchronously: let waiting requests run between chunks.
      await yieldToEventLoop();
    }
    const done = await db
      .updateTable('search_index_segment')
      .set({ status: 'ready' })
      .where('id', '=', id)
      .executeTakeFirst();
    // Removed meanwhile by a process that saved a newer one: ours is not wanted.
    if (!Number(done.numUpdatedRows)) throw new Error('superseded while writing');
  } catch (e) {
    await removeSegments(db, [id]);
    throw e;
  }
  const older = await db
    .selectFrom('search_index_segment')
    .select('id')
    .where('webstore_id', '=', webstoreId)
    .where('id', '!=', id)
    .where((eb) => eb.or([eb('catalog_version', '<=', version), eb('format', '!=', SEGMENT_FORMAT)]))
    .execute();
  await removeSegments(
    db,
    older.map((r) => r.id),
  );
  return id;
}

async function removeSegments(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('search_index_chunk').where('segment_id', 'in', ids).execute();
  await db.deleteFrom('search_index_segment').where('id', 'in', ids).execute();
}

/** The encoded bytes cut into chunks of CHUNK_BYTES (each a copy; the parts are views on the live segment). */
function* chunksOf(encoded: EncodedSegment): Generator<Buffer> {
  let chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, encoded.byteLength));
  let filled = 0;
  let left = encoded.byteLength;
  for (const part of encoded.parts) {
    let from = 0;
    while (from < part.length) {
      const take = Math.min(part.length - from, chunk.length - filled);
      chunk.set(part.subarray(from, from + take), filled);
      filled += take;
      from += take;
      if (filled === chunk.length) {
        yield chunk;
        left -= filled;
        chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, left));
        filled = 0;
      }
    }
  }
}

/** The store's newest ready segment of this format read at or before `maxVersion`, or null. */
export async function loadNewestSegment(
  db: Kysely<Database>,
  webstoreId: string,
  maxVersion: number,
): Promise<StoredSegment | null> {
  const row = await db
    .selectFrom('search_index_segment')
    .select(['id', 'catalog_version', 'byte_size', 'chunk_count'])
    .where('webstore_id', '=', webstoreId)
    .where('status', '=', 'ready')
    .where('format', '=', SEGMENT_FORMAT)
    .where('catalog_version', '<=', maxVersion)
    .orderBy('catalog_version', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const size = Number(row.byte_size);
  const buffer = new ArrayBuffer(size);
  const into = new Uint8Array(buffer);
  let filled = 0;
  for (let n = 0; n < row.chunk_count; n += READ_BATCH) {
    const chunks = await db
      .selectFrom('search_index_chunk')
      .select(['n', 'content'])
      .where('segment_id', '=', row.id)
      .where('n', '>=', n)
      .where('n', '<', n + READ_BATCH)
      .orderBy('n')
      .execute();
    for (const [k, c] of chunks.entries()) {
      if (c.n !== n + k || filled + c.content.length > size) return null;
      into.set(c.content, filled);
      filled += c.content.length;
    }
    if (chunks.length !== Math.min(READ_BATCH, row.chunk_count - n)) return null;
    await yieldToEventLoop();
  }
  return filled === size ? { version: row.catalog_version, buffer } : null;
}
