// The evaluation kit's answers against a real server and database (SQLite, or PostgreSQL with DATABASE_URL): the
// counts from the count index against the stored file read by the tests' own reader, the masked preview of
// every demo dataset, and the data dictionary's fill rates computed here from the CSV.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DATASET_PREVIEW_ROWS,
  LIST_FILTERS,
  canonicalListSelection,
  listColumnsOf,
  listFilterValue,
  maskListRecord,
  recordInSelection,
  type DatasetEvaluation,
  type DatasetListCounts,
  type DatasetListPreview,
  type ListSelection,
} from '@store/core';
import { BASE, errorOf, startTestServer, type Agent, type TestServer } from '../test-support/server.ts';
import { productIdOf } from '../test-support/purchase.ts';
import { storedFile, type StoredFile } from '../test-support/dataset-file-csv.ts';
import { DEMO_USERS, PARTNER_SKUS } from '../seed/access.ts';
import { rngFor } from '../datasets/random.ts';

let s: TestServer;
let partnerBuyer: Agent;
/** Every product with a ready file. */
let datasets: { id: string; sku: string }[];

before(async () => {
  s = await startTestServer();
  partnerBuyer = await s.login(DEMO_USERS.buyer.email);
  datasets = await s.db.db
    .selectFrom('dataset_file')
    .innerJoin('product', 'product.id', 'dataset_file.product_id')
    .select(['product.id as id', 'product.sku as sku'])
    .where('dataset_file.status', '=', 'ready')
    .distinct()
    .orderBy('product.sku')
    .execute();
});
after(async () => {
  await s?.close();
});

/** A dataset's answer, as a guest or (for a partner edition) as the partner buyer. */
async function read<T>(sku: string, path: string): Promise<T> {
  const who = sku.startsWith('PX-') ? partnerBuyer : s.agent();
  const res = await who.api(path);
  assert.equal(res.status, 200, `${sku} ${path}: ${res.text}`);
  return res.body as T;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const q = (selection: ListSelection) => canonicalListSelection(selection);

/** Selections of a file's own values: a region, a region with email, a postal area with phone, and more. */
function selectionsFor(file: StoredFile, n: number, seed: string): ListSelection[] {
  const columns = listColumnsOf(file.header);
  const rng = rngFor(1919, seed);
  const has = LIST_FILTERS.filter((f) => columns[f.key] >= 0);
  const out: ListSelection[] = [{}];
  for (let i = 0; i < n; i++) {
    const sel: ListSelection = {};
    for (let k = 0; k < 3; k++) {
      const f = has[Math.floor(rng() * has.length)]!;
      if (f.kind === 'flag') sel[f.key] = true;
      else {
        const row = file.rows[Math.floor(rng() * file.rows.length)]!;
        const v = listFilterValue(f.key, row[columns[f.key]]);
        if (v) sel[f.key] = [...new Set([...((sel[f.key] as string[] | undefined) ?? []), v])];
      }
    }
    out.push(sel);
  }
  return out;
}

describe('the count index behind the counts API', () => {
  test('counts equal the stored file counted by the tests’ reader, for random selections on several datasets', async () => {
    for (const sku of ['DS-00001', 'DS-00002', 'DS-00007', datasets.at(-1)!.sku]) {
      const id = await productIdOf(s, sku);
      const file = await storedFile(s.db.db, id);
      const columns = listColumnsOf(file.header);
      for (const sel of selectionsFor(file, 12, sku)) {
        const counts = await read<DatasetListCounts>(sku, `/datasets/${id}/counts?${q(sel)}`);
        const expected = file.rows.filter((r) => recordInSelection(sel, columns, r)).length;
        assert.equal(counts.records, expected, `${sku} ${q(sel)}`);
        assert.equal(counts.totalRecords, file.rows.length);
        // Each facet value counts the records the selection would have with that value chosen instead.
        for (const facet of counts.facets.filter((f) => f.kind === 'values').slice(0, 2))
          for (const v of facet.values.slice(0, 3)) {
            const other = { ...sel, [facet.key]: [v.value] };
            const n = file.rows.filter((r) => recordInSelection(other, columns, r)).length;
            assert.equal(v.count, n, `${sku} ${q(sel)}: ${facet.key}=${v.value}`);
          }
      }
    }
  });
});

describe('the masked preview', () => {
  test('every demo dataset: no email or phone of the file is shown unmasked', async () => {
    assert.ok(datasets.length > 10, `${datasets.length} datasets with a file`);
    for (const d of datasets) {
      const file = await storedFile(s.db.db, d.id);
      // Every email and phone-like value of the file (by column, and by shape in any column).
      const personal = new Set<string>();
      const phoneDigits = new Set<string>();
      file.header.forEach((h, i) => {
        const contact = /e-?mail|phone|fax|direct dial|mobile/i.test(h);
        for (const r of file.rows) {
          const v = r[i]!.trim();
          if (v && (contact || EMAIL.test(v))) personal.add(v);
          if (v && /phone|fax|direct dial/i.test(h)) phoneDigits.add(v.replace(/\D/g, ''));
        }
      });
      const columns = listColumnsOf(file.header);
      const contactFlags = (['email', 'phone', 'directDial'] as const).filter((k) => columns[k] >= 0);
      for (const query of ['', contactFlags.map((k) => `${k}=1`).join('&')]) {
        const preview = await read<DatasetListPreview>(d.sku, `/datasets/${d.id}/preview?${query}`);
        assert.deepEqual(preview.columns, file.header);
        assert.ok(preview.rows.length > 0 && preview.rows.length <= DATASET_PREVIEW_ROWS, d.sku);
        for (const row of preview.rows)
          for (const cell of row) {
            const email = EMAIL.exec(cell);
            assert.ok(!email || email[0].includes('*'), `${d.sku}: an unmasked email in "${cell}"`);
            assert.ok(!personal.has(cell.trim()), `${d.sku}: "${cell}" is shown as the file has it`);
            assert.ok(!phoneDigits.has(cell.replace(/\D/g, '')), `${d.sku}: a phone number's digits in "${cell}"`);
          }
        // Phones keep at most their area code and last two digits.
        const phoneCols = file.header.flatMap((h, i) => (/phone|fax|direct dial/i.test(h) ? [i] : []));
        for (const row of preview.rows)
          for (const i of phoneCols) if (row[i]) assert.match(row[i]!, /\*/, `${d.sku}: ${file.header[i]} ${row[i]}`);
      }
    }
  });

  test('shows the selection’s first records, masked, and only records of the selection', async () => {
    const id = await productIdOf(s, 'DS-00001');
    const file = await storedFile(s.db.db, id);
    const columns = listColumnsOf(file.header);
    for (const sel of selectionsFor(file, 8, 'preview')) {
      const preview = await read<DatasetListPreview>('DS-00001', `/datasets/${id}/preview?${q(sel)}`);
      const matching = file.rows.filter((r) => recordInSelection(sel, columns, r));
      assert.equal(preview.records, matching.length, q(sel));
      assert.equal(preview.selection, q(sel));
      assert.deepEqual(
        preview.rows,
        matching.slice(0, DATASET_PREVIEW_ROWS).map((r) => maskListRecord(file.header, r)),
        q(sel),
      );
    }
    // Records far into the file: the last one with its postal area.
    const last = file.rows.at(-1)!;
    const sel = { postal: [listFilterValue('postal', last[columns.postal])], region: [last[columns.region]!] };
    const preview = await read<DatasetListPreview>('DS-00001', `/datasets/${id}/preview?${q(sel)}`);
    const matching = file.rows.filter((r) => recordInSelection(sel, columns, r));
    assert.deepEqual(preview.rows.at(-1), maskListRecord(file.header, matching.slice(0, DATASET_PREVIEW_ROWS).at(-1)!));
    const emailCol = file.header.indexOf('Email');
    const texans = await read<DatasetListPreview>('DS-00001', `/datasets/${id}/preview?region=TX&email=1`);
    for (const row of texans.rows) {
      assert.equal(row[columns.region], 'TX');
      assert.match(row[emailCol]!, /^.\*\*\*@.\*\*\*\.[a-z]+$/);
    }
    const none = await read<DatasetListPreview>('DS-00001', `/datasets/${id}/preview?region=Atlantis`);
    assert.deepEqual([none.records, none.rows], [0, []]);
  });

  test('bad selections are a 400 in the API shape; a dataset the caller may not see is a 404', async () => {
    const id = await productIdOf(s, 'DS-00001');
    for (const query of ['email=yes', `region=${'x'.repeat(81)}`]) {
      const bad = await s.api(`/datasets/${id}/preview?${query}`);
      assert.equal(bad.status, 400, query);
      assert.equal(errorOf(bad).errorCode, 'INVALID_API_INPUT');
    }
    const partner = await productIdOf(s, PARTNER_SKUS[0]!);
    const refused = await s.api(`/datasets/${partner}/preview`);
    assert.equal(refused.status, 404, refused.text);
    const unknown = await s.api('/datasets/01t000000000999AAA/preview');
    assert.equal(unknown.status, 404);
    assert.equal(refused.text.replace(partner, '?'), unknown.text.replace('01t000000000999AAA', '?'));
    assert.equal((await s.get(`${BASE}/datasets/not-an-id/preview`)).status, 400);
  });
});

describe('the data dictionary', () => {
  test('fill rates match the file, computed here from the CSV, for several datasets', async () => {
    for (const d of datasets.filter((_, i) => i % Math.ceil(datasets.length / 6) === 0)) {
      const file = await storedFile(s.db.db, d.id);
      const e = await read<DatasetEvaluation>(d.sku, `/datasets/${d.id}`);
      assert.deepEqual(
        e.dictionary.map((f) => f.name),
        file.header,
      );
      file.header.forEach((h, i) => {
        const filled = file.rows.filter((r) => r[i]!.trim() !== '').length;
        const exact = (filled / file.rows.length) * 100;
        const field = e.dictionary[i]!;
        // One decimal: within half a tenth of the exact share.
        assert.ok(
          Math.abs(Number(field.fillRate) - exact) <= 0.05 + 1e-9,
          `${d.sku} ${h}: ${field.fillRate} vs ${exact}`,
        );
        assert.match(field.fillRate, /^\d{1,3}\.\d$/);
        assert.ok(field.description.length > 0);
        const first = file.rows.find((r) => r[i]!.trim())?.[i]?.trim() ?? '';
        assert.equal(field.example, maskListRecord([h], [first])[0], `${d.sku} ${h} example`);
      });
      const email = e.dictionary.find((f) => f.name === 'Email');
      if (email) {
        assert.ok(Number(email.fillRate) < 100, `${d.sku}: some records lack an email`);
        assert.equal(email.description, 'The contact’s business email address.');
      }
    }
  });
});
