// Reads a catalogue file into numbered records. CSV is streamed (csv-parse): a row number is the
// spreadsheet's (the header is row 1, the first record row 2). JSON is one array of objects, numbered from
// 1; it is read whole (JSON.parse), so a file of 100,000 products should be CSV.
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { ImportFileError } from './report.ts';

export type ImportFormat = 'csv' | 'json';

export interface SourceRecord {
  row: number;
  cells: Record<string, unknown>;
  /** Why the record cannot be read as a row (a CSV row with more or fewer cells than the header). */
  problem?: string;
}

export interface RecordSource {
  /** Column names as the file has them (JSON: the keys of every object, first seen first). */
  columns: string[];
  records: AsyncIterable<SourceRecord>;
}

/** Bytes read so far, for the progress of a source whose length is known. */
export interface ByteCounter {
  bytes: number;
}

export async function readRecords(input: Readable, format: ImportFormat, counter: ByteCounter): Promise<RecordSource> {
  input.on('data', (chunk: Buffer | string) => {
    counter.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  });
  return format === 'json' ? readJson(input) : readCsv(input);
}

async function readCsv(input: Readable): Promise<RecordSource> {
  const parser = input.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  input.on('error', (e) => parser.destroy(e));
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const header = await nextCsv(iterator, 1);
  if (header.done) throw new ImportFileError('The file is empty: it needs a header row naming the columns.');
  const columns = header.value.map((c) => c.trim());
  const seen = new Set<string>();
  for (const c of columns) {
    if (!c) throw new ImportFileError('The header row has an empty column name.', 1);
    if (seen.has(c)) throw new ImportFileError(`The header row names the column ${c} twice.`, 1);
    seen.add(c);
  }
  async function* records(): AsyncIterable<SourceRecord> {
    let row = 1;
    for (;;) {
      row++;
      const next = await nextCsv(iterator, row);
      if (next.done) return;
      const cells = Object.fromEntries(columns.map((c, i) => [c, next.value[i]]));
      const n = next.value.length;
      yield n === columns.length
        ? { row, cells }
        : { row, cells, problem: `has ${n} cell${n === 1 ? '' : 's'} where the header has ${columns.length}` };
    }
  }
  return { columns, records: records() };
}

/** The next CSV record; a malformed file (an unclosed quote, a row with too many cells) names its row. */
async function nextCsv(iterator: AsyncIterator<string[]>, row: number): Promise<IteratorResult<string[]>> {
  try {
    return await iterator.next();
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    if (code.startsWith('CSV_'))
      throw new ImportFileError(`The file is not valid CSV at row ${row}: ${(e as Error).message}`, row);
    throw e;
  }
}

async function readJson(input: Readable): Promise<RecordSource> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  let data: unknown;
  try {
    data = JSON.parse(
      Buffer.concat(chunks)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
  } catch (e) {
    throw new ImportFileError(`The file is not valid JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(data)) throw new ImportFileError('A JSON catalogue file is an array of objects, one per row.');
  const items: unknown[] = data;
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      throw new ImportFileError(`Item ${i + 1} of the JSON array is not an object.`, i + 1);
    for (const k of Object.keys(item)) if (!seen.has(k)) seen.add(k) && columns.push(k);
  }
  async function* records(): AsyncIterable<SourceRecord> {
    for (const [i, item] of items.entries()) yield { row: i + 1, cells: item as Record<string, unknown> };
  }
  return { columns, records: records() };
}
