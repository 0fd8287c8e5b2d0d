// The full dataset file: a streamed RFC 4180 CSV with the product's fields as header, as many
// records as the product claims (up to the cap), deterministic per SKU, starting with the sample.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Readable } from 'node:stream';
import { collectCatalogue } from '../seed/catalogue.ts';
import { SAMPLE_ROWS, sampleCsv, sampleProductFromRow } from '../datasets/sample-csv.ts';
import { parseCsv } from '../test-support/csv.ts';
import {
  MAX_DOWNLOAD_ROWS,
  ROWS_PER_CHUNK,
  datasetCsvStream,
  datasetFileName,
  datasetRowCount,
} from './dataset-file.ts';

/** Reads a stream to its end: the text and how many chunks it came in. */
async function consume(stream: Readable): Promise<{ text: string; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) {
    assert.ok(Buffer.isBuffer(chunk), 'a byte stream, not an object stream');
    parts.push(chunk);
  }
  return { text: Buffer.concat(parts).toString('utf8'), chunks: parts.length };
}

const { products } = collectCatalogue({ products: 500 });
const bySku = (sku: string) => products.product.find((p) => p.sku === sku)!;

describe('dataset file', () => {
  it('has the included fields as header, record_count records with the right columns, and is deterministic', async () => {
    const row = { ...bySku('DS-00001'), record_count: 1_234 };
    const fields: string[] = JSON.parse(row.included_fields_json);
    const first = await consume(datasetCsvStream(row));
    const parsed = parseCsv(first.text);
    assert.equal(parsed.length, 1_234 + 1);
    assert.deepEqual(parsed[0], fields);
    for (const [i, r] of parsed.entries()) assert.equal(r.length, fields.length, `record ${i}`);
    assert.ok(first.text.endsWith('\r\n'));
    assert.ok(first.chunks >= Math.ceil(1_234 / ROWS_PER_CHUNK), `streamed in chunks (${first.chunks})`);
    assert.ok(/(^|,)"/m.test(first.text), 'exercises quoting');

    const second = await consume(datasetCsvStream(row));
    assert.equal(second.text, first.text, 'same SKU, same file');
    const other = await consume(datasetCsvStream({ ...row, sku: 'DS-00005' }));
    assert.notEqual(other.text, first.text, 'another SKU, other records');
  });

  it('starts with exactly the records of the 25-row sample', async () => {
    const row = bySku('DS-00003');
    const { text } = await consume(datasetCsvStream(row));
    const sample = sampleCsv(sampleProductFromRow(row));
    assert.equal(parseCsv(sample).length, SAMPLE_ROWS + 1);
    assert.ok(text.startsWith(sample));
    assert.equal(parseCsv(text).length, row.record_count! + 1);
  });

  it('caps the records at MAX_DOWNLOAD_ROWS', async () => {
    const row = { ...bySku('DS-00002'), record_count: 2_000_000 };
    assert.equal(datasetRowCount(row), MAX_DOWNLOAD_ROWS);
    const fields: string[] = JSON.parse(row.included_fields_json);
    const parsed = parseCsv((await consume(datasetCsvStream(row))).text);
    assert.equal(parsed.length, MAX_DOWNLOAD_ROWS + 1);
    assert.ok(parsed.every((r) => r.length === fields.length));
    // A smaller cap for callers that want one.
    assert.equal(parseCsv((await consume(datasetCsvStream(row, { maxRows: 7 }))).text).length, 8);
  });

  it('makes a well-formed file for every product of the catalogue', async () => {
    for (const product of products.product.slice(0, 120)) {
      const fields: string[] = JSON.parse(product.included_fields_json);
      const parsed = parseCsv((await consume(datasetCsvStream(product, { maxRows: 40, rowsPerChunk: 7 }))).text);
      assert.deepEqual(parsed[0], fields, product.sku);
      assert.equal(parsed.length, Math.min(product.record_count ?? 0, 40) + 1, product.sku);
      for (const r of parsed) assert.equal(r.length, fields.length, product.sku);
    }
  });

  it('counts no records for a missing or negative record count', async () => {
    const row = { ...bySku('DS-00001'), record_count: null };
    assert.equal(datasetRowCount(row), 0);
    assert.equal(datasetRowCount({ record_count: -5 }), 0);
    assert.deepEqual(parseCsv((await consume(datasetCsvStream(row))).text), [JSON.parse(row.included_fields_json)]);
  });

  it('names the file by SKU and name in safe characters', () => {
    assert.equal(
      datasetFileName({ sku: 'DS-00001', name: 'US Dentists Email List' }),
      'DS-00001-us-dentists-email-list.csv',
    );
    const odd = datasetFileName({ sku: '../DS 7/"x"', name: 'Café <script>alert(1)</script> & "Co" \\ ..\r\nX' });
    assert.match(odd, /^[A-Za-z0-9-]+(\.csv)$/);
    assert.equal(odd, 'DS-7-x-cafe-script-alert-1-script-and-co-x.csv');
    assert.equal(datasetFileName({ sku: '///', name: '***' }), 'dataset.csv');
    assert.ok(datasetFileName({ sku: 'DS-1', name: 'x'.repeat(500) }).length <= 40 + 1 + 60 + 4);
  });
});
