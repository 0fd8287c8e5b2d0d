// A dataset's sample (issue 19): the header and the first records of its live file, as the seller uploaded
// them (re-written as RFC 4180 CSV). Only the first records are read: the reader stops the chunk reads there.
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { datasetFileRecords, liveDatasetFile } from './file-store.ts';

/** Records in a sample: what "DOWNLOAD SAMPLE" has always offered. */
export const SAMPLE_RECORDS = 25;

/** The sample CSV of a product's live file, or null when it has no ready file. */
export async function datasetSample(db: Kysely<Database>, productId: string): Promise<string | null> {
  const file = await liveDatasetFile(db, productId);
  if (!file) return null;
  const { header, records } = await datasetFileRecords(db, file.id);
  const rows: string[][] = [header];
  for await (const record of records) {
    rows.push(record);
    if (rows.length > SAMPLE_RECORDS) break;
  }
  return stringify(rows, { record_delimiter: 'windows' });
}
