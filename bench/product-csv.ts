// Generates a product CSV of any size in the import's columns, from the demo generator's datasets
// (DS-00001…: realistic names, descriptions, counts, countries, SIC codes, categories of the demo store),
// so it imports into any seeded store. Streamed to the file, so a million rows need no memory.
//
//   node --import tsx bench/product-csv.ts [--rows 100000] [--out bench/.data/products-100000.csv]
import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { dateDaysBefore } from '../packages/server/src/datasets/random.ts';
import { sicDivision } from '../packages/server/src/datasets/sic.ts';
import { productColumns } from '../packages/server/src/services/catalogue-import/products.ts';
import { buildCategoryTree } from '../packages/server/src/seed/categories.ts';
import { datasetSpec } from '../packages/server/src/seed/products.ts';
import { DATA_DIR } from './dataset.ts';

const MODEL_NAMES = {
  oneTime: 'One-Time Purchase',
  monthlyRefresh: 'Monthly Refresh',
  annual: 'Annual Subscription',
  monthlyTerm: 'Monthly Term',
} as const;

export const productCsvFile = (rows: number) => path.join(DATA_DIR, `products-${rows}.csv`);

/** Writes `rows` product rows (plus the header) to `file`. */
export async function writeProductCsv(file: string, rows: number): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const tree = buildCategoryTree();
  const columns = Object.values(productColumns);
  const out = createWriteStream(file);
  const write = async (cells: unknown[][]) => {
    if (!out.write(stringify(cells))) await once(out, 'drain');
  };
  await write([columns.map((c) => c.name)]);
  for (let n = 1; n <= rows; n++) {
    const s = datasetSpec(n, tree);
    const row: Record<string, unknown> = {
      sku: s.sku,
      name: s.name,
      class: 'Simple',
      status: 'Live',
      fulfilment: 'Dataset',
      description: s.description,
      richDescription: s.richDescription,
      recordCount: s.recordCount,
      countries: s.countries,
      sicCode: s.industry.code,
      sicDivision: sicDivision(s.industry.division).label,
      listStatus: s.listStatus,
      lastUpdated: dateDaysBefore(s.lastUpdatedDays),
      categoryLines: s.lines,
      includedFields: s.includedFields,
      categories: [...new Set(s.categories.map((k) => tree.get(k).row.url_name))],
      sellingModels: s.sellingModels.map((m) => MODEL_NAMES[m]),
      qtyMin: s.qty[0],
      qtyMax: s.qty[1],
      qtyIncrement: s.qty[2],
      taxPolicy: 'Digital Data Products',
    };
    await write([columns.map((c) => (c as { csv(v: unknown): string }).csv(row[c.name] ?? null))]);
  }
  out.end();
  await once(out, 'close');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, out: { type: 'string' } } });
  const rows = Number(values.rows);
  if (!Number.isInteger(rows) || rows < 1) {
    console.error('--rows is a whole number above 0');
    process.exit(2);
  }
  const file = values.out ?? productCsvFile(rows);
  await writeProductCsv(file, rows);
  console.log(`${rows.toLocaleString('en-US')} product rows written to ${file}`);
}
