// Reading a selection's first records for the masked preview (issue 19) without parsing the whole file: the
// count index says which record numbers match, and where every BLOCK_RECORDS-th record starts; only the blocks
// that hold those records are read (the stored chunks that cover their bytes) and parsed. A rare selection on a
// large file costs at most DATASET_PREVIEW_ROWS blocks (a few hundred records each), wherever they are.
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import type { Database, DatasetFileTable } from '../../db/schema.ts';
import { FILE_CHUNK_BYTES } from '../dataset-files/file-store.ts';
import { BLOCK_RECORDS, type CountIndex } from '../dataset-files/count-index.ts';

/** The bytes [from, to) of a stored file, reading only the chunks that cover them. */
async function fileBytes(db: Kysely<Database>, fileId: string, from: number, to: number): Promise<Buffer> {
  const first = Math.floor(from / FILE_CHUNK_BYTES);
  const last = Math.floor((to - 1) / FILE_CHUNK_BYTES);
  const rows = await db
    .selectFrom('dataset_file_chunk')
    .select(['n', 'content'])
    .where('file_id', '=', fileId)
    .where('kind', '=', 'csv')
    .where('n', '>=', first)
    .where('n', '<=', last)
    .orderBy('n')
    .execute();
  const joined = Buffer.concat(rows.map((r) => Buffer.from(r.content)));
  return joined.subarray(from - first * FILE_CHUNK_BYTES, to - first * FILE_CHUNK_BYTES);
}

/** The cells of the given records (record numbers in file order), read block by block. */
export async function recordsAt(
  db: Kysely<Database>,
  file: Pick<DatasetFileTable, 'id' | 'byte_size'>,
  index: CountIndex,
  recordNumbers: readonly number[],
): Promise<string[][]> {
  const out: string[][] = [];
  const blocks = new Map<number, string[][]>();
  for (const r of recordNumbers) {
    const b = Math.floor(r / BLOCK_RECORDS);
    let block = blocks.get(b);
    if (!block) {
      const from = index.blockOffsets[b]!;
      const to = index.blockOffsets[b + 1] ?? file.byte_size;
      const bytes = await fileBytes(db, file.id, from, to);
      block = parse(bytes, { relax_column_count: true, skip_empty_lines: true }) as string[][];
      blocks.set(b, block);
    }
    const cells = block[r - b * BLOCK_RECORDS];
    if (cells) out.push(cells);
  }
  return out;
}
