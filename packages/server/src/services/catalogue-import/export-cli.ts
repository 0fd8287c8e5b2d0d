// `npm run export -- --kind products > products.csv`: writes one kind of the catalogue to stdout (or --out)
// in the columns the import reads.
//   node --import tsx packages/server/src/services/catalogue-import/export-cli.ts --kind products|prices|
//        inventory|categories [--format csv|json] [--out file] [--webstore <id>]
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { openCliStore, usageError } from './cli-store.ts';
import { exportCatalogue } from './export.ts';
import { CATALOGUE_KINDS, type CatalogueKind } from './report.ts';

const USAGE =
  'usage: npm run export -- --kind products|prices|inventory|categories [--format csv|json] [--out file] [--webstore <id>]';

function readArgs() {
  try {
    return parseArgs({
      options: {
        kind: { type: 'string' },
        format: { type: 'string', default: 'csv' },
        out: { type: 'string' },
        webstore: { type: 'string' },
      },
    }).values;
  } catch (e) {
    return usageError(USAGE, (e as Error).message);
  }
}

async function main(): Promise<number> {
  const args = readArgs();
  const kind = args.kind as CatalogueKind;
  if (!CATALOGUE_KINDS.includes(kind)) usageError(USAGE, `--kind is one of ${CATALOGUE_KINDS.join(', ')}`);
  if (args.format !== 'csv' && args.format !== 'json') usageError(USAGE, '--format is csv or json');
  const store = await openCliStore(args.webstore);
  if (typeof store === 'string') {
    console.error(store);
    return 2;
  }
  const out = args.out ? createWriteStream(args.out) : process.stdout;
  try {
    for await (const chunk of exportCatalogue(store.db, { webstoreId: store.webstoreId, kind, format: args.format }))
      if (!out.write(chunk)) await once(out, 'drain');
    if (out !== process.stdout) {
      out.end();
      await once(out, 'finish');
    }
    return 0;
  } finally {
    await store.close();
  }
}

process.exitCode = await main();
