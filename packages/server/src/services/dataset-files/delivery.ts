// What a dataset download delivers (issue 19): the seller's stored file. The whole dataset is the stored bytes
// of the version, byte for byte; a selection is the header and exactly the records core's recordInSelection
// keeps (the predicate the buyer's count was computed with), written as RFC 4180 CSV. Both are streamed from
// the database's chunks, never held whole.
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import { isWholeList, type ListSelection, listColumnsOf, recordInSelection } from '@store/core';
import type { Database, DatasetFileTable } from '../../db/schema.ts';
import { ApiError } from '../../domain/errors.ts';
import { datasetFileRecords, datasetFileStream, datasetFileVersion, liveDatasetFile } from './file-store.ts';

export interface DeliveryOptions {
  /** The version the line was priced on; null or undefined: the live version. */
  version?: number | null;
  /** The records bought; null, undefined or empty: the whole dataset. */
  selection?: ListSelection | null;
}

const notReady = () =>
  new ApiError(
    409,
    'DATASET_FILE_NOT_READY',
    "This dataset's file isn't ready to download yet. Try again in a few minutes.",
  );

/** The file version a download reads: the given one when it is ready, else the live one. */
async function deliveredFile(db: Kysely<Database>, productId: string, version: number | null | undefined) {
  const file =
    version === null || version === undefined
      ? await liveDatasetFile(db, productId)
      : await datasetFileVersion(db, productId, version);
  if (file?.status !== 'ready') throw notReady();
  return file;
}

/** The delivered bytes of a dataset (409 DATASET_FILE_NOT_READY when it has no ready file of that version). */
export async function deliveryStream(
  db: Kysely<Database>,
  productId: string,
  opts: DeliveryOptions = {},
): Promise<{ file: DatasetFileTable; stream: Readable }> {
  const file = await deliveredFile(db, productId, opts.version);
  const selection = opts.selection;
  if (!selection || isWholeList(selection)) return { file, stream: datasetFileStream(db, file.id) };
  const { header, records } = await datasetFileRecords(db, file.id);
  const columns = listColumnsOf(header);
  async function* kept(): AsyncGenerator<string[]> {
    yield header;
    for await (const record of records) if (recordInSelection(selection!, columns, record)) yield record;
  }
  const csv = stringify({ record_delimiter: 'windows' });
  // A failure while reading ends the download with an error rather than a file that looks complete.
  return { file, stream: pipeline(Readable.from(kept()), csv, () => {}) };
}
