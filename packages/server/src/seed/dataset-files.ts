// The demo's dataset files (issue 19): the seed writes each dataset's records as a CSV file through the same
// path a seller's upload takes (services/dataset-files: stored in chunks, then processed), so nothing about
// demo data is special afterwards: downloads, samples and counts read the stored file. The records are the
// generator's (datasets/sample-csv.ts), as many as the product's record count (a hundredth of the list the
// demo stands for: seed/datasets.ts DEMO_FILE_SCALE).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { csvField, sampleProductFromRow, sampleRows } from '../datasets/sample-csv.ts';
import { processDatasetFile, storeDatasetFile } from '../services/dataset-files/file-store.ts';
import { datasetFileProcessors } from '../services/dataset-files/processors.ts';

/** Records per generated chunk of CSV text. */
const ROWS_PER_PART = 2_000;

type FileProductRow = Pick<
  Database['product'],
  'id' | 'webstore_id' | 'sku' | 'name' | 'included_fields_json' | 'countries_json' | 'sic_code' | 'record_count'
>;

/** The CSV text of a generated file, a few thousand records at a time. */
export function* demoFileCsv(row: FileProductRow): Generator<string, void, undefined> {
  const product = sampleProductFromRow(row);
  let part = `${product.includedFields.map(csvField).join(',')}\r\n`;
  let inPart = 0;
  for (const record of sampleRows(product, row.record_count ?? 0)) {
    part += `${record.map(csvField).join(',')}\r\n`;
    if (++inPart === ROWS_PER_PART) {
      yield part;
      part = '';
      inPart = 0;
    }
  }
  if (part) yield part;
}

/**
 * Products that are sold as a file of their own (datasets that are not a variation parent, a set or a bundle)
 * and have no file yet: the seed runs again after the access seed adds the partner datasets.
 */
export const fileProducts = (db: Kysely<Database>) =>
  db
    .selectFrom('product')
    .select(['id', 'webstore_id', 'sku', 'name', 'included_fields_json', 'countries_json', 'sic_code', 'record_count'])
    .where('fulfilment', '=', 'Dataset')
    .where('product_class', 'in', ['Simple', 'Variation'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('dataset_file').select('dataset_file.id').whereRef('dataset_file.product_id', '=', 'product.id'),
        ),
      ),
    )
    .orderBy('sku');

/** Writes and processes the file of every dataset; returns how many files and records were written. */
export async function seedDatasetFiles(
  db: Kysely<Database>,
  log: (message: string) => void = () => {},
): Promise<{ files: number; records: number }> {
  const products = await fileProducts(db).execute();
  let records = 0;
  for (const [i, p] of products.entries()) {
    const stored = await storeDatasetFile(db, {
      webstoreId: p.webstore_id,
      productId: p.id,
      fileName: `${p.sku}.csv`,
      uploadedBy: null,
      source: demoFileCsv(p),
    });
    const ready = await processDatasetFile(db, stored.id, { processors: datasetFileProcessors() });
    records += ready.row_count ?? 0;
    if ((i + 1) % 100 === 0 || i + 1 === products.length)
      log(`dataset files: ${i + 1} of ${products.length} (${records.toLocaleString('en-US')} records)`);
  }
  return { files: products.length, records };
}
