// The name a dataset's download is saved under.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datasetFileName } from './dataset-file.ts';

describe('dataset file name', () => {
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
