// Writes the catalogue out as a file of one kind, in the columns and formats the importer reads, so an
// export imports back to the same catalogue. Streamed: rows are read a page at a time.
import type { Kysely } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '../../db/schema.ts';
import { kindHandler } from './kinds.ts';
import type { ImportFormat } from './read-rows.ts';
import type { CatalogueKind } from './report.ts';
import { StoreRefs } from './store-refs.ts';

export interface ExportOptions {
  webstoreId: string;
  kind: CatalogueKind;
  format?: ImportFormat;
}

/** The file as text chunks (a header or a row each). */
export async function* exportCatalogue(db: Kysely<Database>, options: ExportOptions): AsyncIterable<string> {
  const kind = kindHandler(options.kind);
  const refs = await StoreRefs.load(db, options.webstoreId);
  const json = options.format === 'json';
  yield json ? '[' : stringify([kind.columns.map((c) => c.name)]);
  let first = true;
  for await (const row of kind.exportRows(db, refs)) {
    if (json) {
      const item = Object.fromEntries(kind.columns.map((c) => [c.name, c.json(row[c.name] ?? null)]));
      yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
    } else yield stringify([kind.columns.map((c) => c.csv(row[c.name] ?? null))]);
    first = false;
  }
  if (json) yield first ? ']\n' : '\n]\n';
}
