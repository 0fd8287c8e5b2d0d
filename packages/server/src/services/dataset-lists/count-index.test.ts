// The count index against the reference reading of the file (list-scan.ts) and core's predicate, over many random
// selections on generated files of several shapes (US states and ZIPs, a multi-country list with regions and
// postal codes, a list without direct dials), before and after the index's stored form.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  LIST_FILTERS,
  canonicalListSelection,
  listColumnsOf,
  listFilterValue,
  recordInSelection,
  type ListSelection,
} from '@store/core';
import { sampleRows, type SampleProduct } from '../../datasets/sample-csv.ts';
import { rngFor } from '../../datasets/random.ts';
import { CountIndex, CountIndexBuilder } from '../dataset-files/count-index.ts';
import { scanSelection, type SelectionCounts } from './list-scan.ts';

const FILES: SampleProduct[] = [
  {
    sku: 'T-US',
    name: 'Dentists in Texas and Oklahoma',
    countries: ['United States'],
    sicCode: '8021',
    includedFields: [
      'Company Name',
      'Contact Name',
      'Address',
      'City',
      'State',
      'ZIP',
      'Phone',
      'Direct Dial',
      'Email',
      'SIC Code',
      'Employees',
      'Annual Sales',
    ],
  },
  {
    sku: 'T-EU',
    name: 'Accountants in Europe',
    countries: ['United Kingdom', 'Ireland', 'France', 'Germany'],
    sicCode: '8721',
    includedFields: ['Company Name', 'City', 'Region', 'Postal Code', 'Country', 'Phone', 'Email', 'Employees'],
  },
  {
    sku: 'T-MIN',
    name: 'Plumbers',
    countries: ['United States'],
    sicCode: '1711',
    includedFields: ['Company Name', 'State', 'City', 'Email', 'Annual Sales'],
  },
];
const RECORDS = 3_000;
const SELECTIONS = 100;

function fileOf(product: SampleProduct) {
  const header = product.includedFields;
  const rows = [...sampleRows(product, RECORDS)];
  const builder = new CountIndexBuilder();
  builder.start(header);
  for (const [i, r] of rows.entries()) builder.record(r, i * 100);
  return { header, rows, index: builder.build() };
}

/** A random selection: a few filters (sometimes one the file lacks), values the file has (sometimes one it hasn't). */
function randomSelection(header: string[], rows: string[][], rng: () => number): ListSelection {
  const columns = listColumnsOf(header);
  const out: ListSelection = {};
  const n = 1 + Math.floor(rng() * 3);
  const has = LIST_FILTERS.filter((f) => columns[f.key] >= 0);
  for (let i = 0; i < n; i++) {
    const from = rng() < 0.9 ? has : LIST_FILTERS;
    const f = from[Math.floor(rng() * from.length)]!;
    if (f.kind === 'flag') {
      out[f.key] = true;
      continue;
    }
    const values = new Set<string>();
    const k = 1 + Math.floor(rng() * 3);
    for (let j = 0; j < k; j++) {
      const row = rows[Math.floor(rng() * rows.length)]!;
      const v = columns[f.key] >= 0 ? listFilterValue(f.key, row[columns[f.key]]) : 'X';
      values.add(rng() < 0.1 ? 'Nowhere' : v || 'Nowhere');
    }
    out[f.key] = [...values];
  }
  return out;
}

const plain = (c: SelectionCounts) => ({
  total: c.total,
  records: c.records,
  filters: c.filters,
  facets: [...c.facets].map(([k, m]) => [k, [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]),
});

describe('the count index', () => {
  for (const product of FILES) {
    test(`${product.sku}: equals the file's reading for ${SELECTIONS} random selections, stored or not`, async () => {
      const { header, rows, index } = fileOf(product);
      const stored = CountIndex.deserialize(index.serialize());
      const rng = rngFor(19, product.sku);
      const columns = listColumnsOf(header);
      let nonEmpty = 0;
      for (let i = 0; i < SELECTIONS; i++) {
        const selection = i === 0 ? {} : randomSelection(header, rows, rng);
        const expected = plain(await scanSelection(header, rows, selection));
        const label = canonicalListSelection(selection);
        assert.deepEqual(plain(index.count(selection)), expected, label);
        assert.deepEqual(plain(stored.count(selection)), expected, `${label} (stored)`);
        const matching = rows.flatMap((r, n) => (recordInSelection(selection, columns, r) ? [n] : []));
        assert.equal(expected.records, matching.length, label);
        assert.deepEqual(stored.firstMatches(selection, 10), matching.slice(0, 10), label);
        if (matching.length > 0 && matching.length < rows.length) nonEmpty++;
      }
      assert.ok(nonEmpty > SELECTIONS / 4, `most selections narrow the file (${nonEmpty})`);
      assert.equal(stored.blockOffsets.length, Math.ceil(RECORDS / 256));
    });
  }
});
