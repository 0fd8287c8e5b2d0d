import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectCatalogue } from './catalogue.ts';
import { parseCsv } from '../test-support/csv.ts';
import { csvField, sampleCsv, sampleProductFromRow, toCsv } from '../datasets/sample-csv.ts';

const { products } = collectCatalogue({ products: 500 });

describe('sample CSV', () => {
  it('quotes commas, quotes and line breaks only when needed', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('Smith, Jones & Partners'), '"Smith, Jones & Partners"');
    assert.equal(csvField('Holdings d/b/a "Harbor Cafe"'), '"Holdings d/b/a ""Harbor Cafe"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(
      toCsv([
        ['a', 'b,c'],
        ['"q"', ''],
      ]),
      'a,"b,c"\r\n"""q""",\r\n',
    );
    assert.deepEqual(
      parseCsv(
        toCsv([
          ['a', 'b,c'],
          ['"q"', ''],
          ['x\r\ny', 'z'],
        ]),
      ),
      [
        ['a', 'b,c'],
        ['"q"', ''],
        ['x\r\ny', 'z'],
      ],
    );
  });

  it('has the included fields as header and parses back with the right column count', () => {
    let quotedFields = 0;
    for (const row of products.product) {
      const product = sampleProductFromRow(row);
      const csv = sampleCsv(product);
      const parsed = parseCsv(csv);
      assert.deepEqual(parsed[0], product.includedFields, row.sku);
      assert.equal(parsed.length, 26, row.sku);
      for (const r of parsed) assert.equal(r.length, product.includedFields.length, row.sku);
      quotedFields += (csv.match(/(^|,)"/gm) ?? []).length;
    }
    assert.ok(quotedFields > 50, 'samples exercise quoting');
  });

  it('is deterministic per SKU and differs between SKUs', () => {
    const a = sampleProductFromRow(products.product.find((p) => p.sku === 'DS-00001')!);
    const b = sampleProductFromRow(products.product.find((p) => p.sku === 'DS-00005')!);
    assert.equal(sampleCsv(a), sampleCsv(a));
    assert.notEqual(sampleCsv(a), sampleCsv({ ...a, sku: b.sku }));
    assert.equal(parseCsv(sampleCsv(a, 3)).length, 4);
  });

  it('produces plausible, localised and safe records', () => {
    const us = sampleProductFromRow(products.product.find((p) => p.sku === 'DS-00001')!);
    const rows = parseCsv(sampleCsv(us)).slice(1);
    const col = (name: string) => us.includedFields.indexOf(name);
    for (const r of rows) {
      assert.match(r[col('ZIP')], /^\d{5}$/);
      assert.match(r[col('State')], /^[A-Z]{2}$/);
      // Some records lack a phone or an email, as real lists do (the list builder filters on them).
      assert.match(r[col('Phone')], /^(\(\d{3}\) 555-01\d\d)?$/);
      assert.match(r[col('Email')], /^([a-z]+\.[a-z]+@[a-z0-9-]+\.example\.(com|org|net))?$/);
      assert.match(r[col('Website')], /^https:\/\/www\.[a-z0-9-]+\.example\.(com|org|net)$/);
      assert.equal(r[col('SIC Code')], '8021');
    }
    // A California list only has California addresses.
    const ca = sampleProductFromRow(products.product.find((p) => p.sku === 'DS-00002')!);
    const caRows = parseCsv(sampleCsv(ca)).slice(1);
    assert.ok(caRows.every((r) => r[ca.includedFields.indexOf('State')] === 'CA'));
    // A UK list uses UK columns and drama phone numbers.
    const uk = sampleProductFromRow(products.product.find((p) => p.sku === 'DS-00003')!);
    assert.ok(uk.includedFields.includes('County'));
    for (const r of parseCsv(sampleCsv(uk)).slice(1))
      assert.match(r[uk.includedFields.indexOf('Phone')], /^(0\d{2,3} \d{3,4} 0\d{3})?$/);
    const filled = (name: string) => rows.filter((r) => r[col(name)] !== '').length;
    assert.ok(filled('Email') > rows.length / 2 && filled('Email') < rows.length, 'most records have an email');
    assert.ok(filled('Phone') > rows.length / 2, 'most have a phone');
  });
});
