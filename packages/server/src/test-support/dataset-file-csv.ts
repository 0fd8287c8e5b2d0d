// A dataset's stored file read straight from its chunks and parsed with the strict test reader (./csv.ts), not
// with the server's parser: what tests compare counts, downloads and fill rates against.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { parseCsv } from './csv.ts';

export interface StoredFile {
  version: number;
  header: string[];
  rows: string[][];
  text: string;
}

/** The newest ready file of a product, parsed (throws when it has none). */
export async function storedFile(db: Kysely<Database>, productId: string): Promise<StoredFile> {
  const file = await db
    .selectFrom('dataset_file')
    .select(['id', 'version'])
    .where('product_id', '=', productId)
    .where('status', '=', 'ready')
    .orderBy('version', 'desc')
    .executeTakeFirstOrThrow();
  const chunks = await db
    .selectFrom('dataset_file_chunk')
    .select('content')
    .where('file_id', '=', file.id)
    .where('kind', '=', 'csv')
    .orderBy('n')
    .execute();
  const text = Buffer.concat(chunks.map((c) => Buffer.from(c.content))).toString('utf8');
  const [header, ...rows] = parseCsv(text);
  return { version: file.version, header: header!, rows, text };
}
