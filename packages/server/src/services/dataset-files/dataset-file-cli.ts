// `npm run dataset-file -- --sku DS-00001 path/to/file.csv`: stores a file as the dataset's next version and
// processes it, as a workspace upload does, with a progress line on stderr (bytes stored, then records read) and
// the outcome on stdout. Ready, the product's record count is the file's and the catalogue version is bumped,
// so every running server shows it at once. Exit status 0 ready, 1 anything else (usage, unknown SKU, a bad
// file: the message says where).
//   node --import tsx packages/server/src/services/dataset-files/dataset-file-cli.ts --sku <SKU> <file> [--webstore <id>]
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { markProductsChanged } from '../../db/catalog-version.ts';
import { openCliStore } from '../catalogue-import/cli-store.ts';
import { DatasetFileError, processDatasetFile, storeDatasetFile } from './file-store.ts';
import { datasetFileProcessors } from './processors.ts';

const USAGE = 'usage: npm run dataset-file -- --sku <SKU> <file.csv> [--webstore <id>]';
/** Least time between two progress lines. */
const PROGRESS_EVERY_MS = 1_000;

function fail(message: string): number {
  console.error(message);
  return 1;
}

/** One progress line: redrawn in place on a terminal, a line at most every second in a log. */
function progress(): (text: string, final?: boolean) => void {
  let last = 0;
  return (text, final = false) => {
    const now = performance.now();
    if (!final && now - last < PROGRESS_EVERY_MS) return;
    last = now;
    if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}${final ? '\n' : ''}`);
    else process.stderr.write(`${text}\n`);
  };
}

const n = (x: number) => x.toLocaleString('en-US');

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  const parse = () =>
    parseArgs({ allowPositionals: true, options: { sku: { type: 'string' }, webstore: { type: 'string' } } });
  try {
    args = parse();
  } catch (e) {
    return fail(`${(e as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = args;
  if (!values.sku || positionals.length !== 1) return fail(`Name the dataset's --sku and one file.\n${USAGE}`);
  const file = positionals[0]!;
  let size: number;
  try {
    size = statSync(file).size;
  } catch (e) {
    return fail(`Cannot read ${file}: ${(e as Error).message}`);
  }
  const store = await openCliStore(values.webstore);
  if (typeof store === 'string') return fail(store);
  try {
    const { db, webstoreId } = store;
    const product = await db
      .selectFrom('product')
      .select(['id', 'sku', 'fulfilment', 'product_class'])
      .where('webstore_id', '=', webstoreId)
      .where('sku', '=', values.sku)
      .executeTakeFirst();
    if (!product) return fail(`There is no product ${values.sku} in the store.`);
    if (product.fulfilment !== 'Dataset' || !['Simple', 'Variation'].includes(product.product_class))
      return fail(`${product.sku} takes no file: only a dataset that is not a variation parent, set or bundle does.`);
    const line = progress();
    const stored = await storeDatasetFile(db, {
      webstoreId,
      productId: product.id,
      fileName: path.basename(file),
      uploadedBy: null,
      source: createReadStream(file),
      onBytes: (bytes) => line(`storing ${n(bytes)} of ${n(size)} bytes`),
    });
    line(`stored ${n(stored.byte_size)} bytes as version ${stored.version}`, true);
    try {
      const ready = await processDatasetFile(db, stored.id, {
        processors: datasetFileProcessors(),
        onRecords: (records) => line(`processing ${n(records)} records`),
      });
      line(`processed ${n(ready.row_count ?? 0)} records`, true);
      await db.transaction().execute((trx) => markProductsChanged(trx, webstoreId, [product.id]));
      console.log(`${product.sku}: version ${ready.version} is live, ${n(ready.row_count ?? 0)} records (${file})`);
      return 0;
    } catch (e) {
      if (e instanceof DatasetFileError)
        return fail(`${product.sku}: version ${stored.version} failed: ${e.message} The live version is unchanged.`);
      throw e;
    }
  } finally {
    await store.close();
  }
}

process.exitCode = await main();
