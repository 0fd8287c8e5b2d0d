// Where a file's count index lives (issue 19): built while the file is processed (the processor below), stored
// beside the file's bytes in `dataset_file_chunk` with kind 'index', so every process loads the same index and
// none keeps state that matters (the processes' caches: dataset-lists/count-index-cache.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { FILE_CHUNK_BYTES, datasetFileChunks, datasetFileRecords, type DatasetFileProcessor } from './file-store.ts';
import { CountIndex, CountIndexBuilder } from './count-index.ts';

/** The processor that builds a file's count index and stores it in the file's 'index' chunks. */
export function countIndexProcessor(): DatasetFileProcessor {
  const builder = new CountIndexBuilder();
  return {
    start: (header) => builder.start(header),
    record: (cells, offset) => builder.record(cells, offset),
    finish: (db, file) => storeCountIndex(db, file.id, builder.build()),
  };
}

export async function storeCountIndex(db: Kysely<Database>, fileId: string, index: CountIndex): Promise<void> {
  const bytes = index.serialize();
  await db.deleteFrom('dataset_file_chunk').where('file_id', '=', fileId).where('kind', '=', 'index').execute();
  for (let n = 0, at = 0; at < bytes.length; n++, at += FILE_CHUNK_BYTES)
    await db
      .insertInto('dataset_file_chunk')
      .values({ file_id: fileId, kind: 'index', n, content: Buffer.from(bytes.subarray(at, at + FILE_CHUNK_BYTES)) })
      .execute();
}

/** A file's stored index; a file processed before indexes existed (no 'index' chunks) is indexed by reading it. */
export async function loadCountIndex(db: Kysely<Database>, fileId: string): Promise<CountIndex> {
  const parts: Buffer[] = [];
  for await (const chunk of datasetFileChunks(db, fileId, 'index')) parts.push(chunk);
  if (parts.length) return CountIndex.deserialize(Buffer.concat(parts));
  const builder = new CountIndexBuilder();
  const { header, records, offset } = await datasetFileRecords(db, fileId);
  builder.start(header);
  for await (const cells of records) builder.record(cells, offset());
  return builder.build();
}
