// The full file of a dataset a paid order may download: the same kind of fake but plausible records
// as the 25-row "DOWNLOAD SAMPLE" (datasets/sample-csv.ts), RFC 4180 with the product's included fields
// as header, seeded by the SKU. The sample is exactly the first records of this file.
//
// The file is generated while it is sent, a chunk of records at a time, so a large list never sits
// in memory, and a slow client only holds back its own generator (the stream pulls the next chunk
// when the previous one has been consumed).
import { Readable } from 'node:stream';
import type { ProductTable } from '../db/schema.ts';
import { csvField, sampleProductFromRow, sampleRows } from '../datasets/sample-csv.ts';

export type DatasetFileProduct = Pick<
  ProductTable,
  'sku' | 'name' | 'included_fields_json' | 'countries_json' | 'sic_code' | 'record_count'
>;

/**
 * The most records a download holds. The catalogue's record counts (1,200 to ~900,000) describe the
 * real lists the demo stands for; a demo store does not ship hundreds of thousands of fake rows per
 * click. 250,000 rows is some 30-70 MB of CSV (depending on the fields) and a second or two of
 * generation, and still covers all but the largest few lists of the catalogue in full.
 */
export const MAX_DOWNLOAD_ROWS = 250_000;

/** Records per chunk the stream yields (a chunk is a few tens of kilobytes). */
export const ROWS_PER_CHUNK = 500;

/** How many records the file of this product holds: its record count, capped. */
export function datasetRowCount(row: Pick<ProductTable, 'record_count'>, maxRows = MAX_DOWNLOAD_ROWS): number {
  const count = row.record_count ?? 0;
  return Math.max(0, Math.min(Math.floor(count), maxRows));
}

/** The CSV text of the file in chunks of `rowsPerChunk` records; the header starts the first chunk. */
export function* datasetCsvChunks(
  row: DatasetFileProduct,
  opts: { maxRows?: number; rowsPerChunk?: number } = {},
): Generator<string, void, undefined> {
  const product = sampleProductFromRow(row);
  const perChunk = Math.max(1, opts.rowsPerChunk ?? ROWS_PER_CHUNK);
  let chunk = `${product.includedFields.map(csvField).join(',')}\r\n`;
  let inChunk = 0;
  for (const record of sampleRows(product, datasetRowCount(row, opts.maxRows))) {
    chunk += `${record.map(csvField).join(',')}\r\n`;
    if (++inChunk === perChunk) {
      yield chunk;
      chunk = '';
      inChunk = 0;
    }
  }
  if (chunk) yield chunk;
}

/** The file as a byte stream (UTF-8, no BOM), e.g. for `reply.type('text/csv; charset=utf-8').send(stream)`. */
export function datasetCsvStream(
  row: DatasetFileProduct,
  opts: { maxRows?: number; rowsPerChunk?: number } = {},
): Readable {
  return Readable.from(datasetCsvChunks(row, opts), { objectMode: false });
}

/**
 * The download's file name, for Content-Disposition: the SKU and a slug of the product name
 * ("DS-00001-us-dentists-email-list.csv"). ASCII letters, digits, '-' and '.' only, so it needs no
 * quoting or RFC 5987 encoding.
 */
export function datasetFileName(row: Pick<ProductTable, 'sku' | 'name'>): string {
  const sku = row.sku
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const name = row.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${[sku, name].filter(Boolean).join('-') || 'dataset'}.csv`;
}
