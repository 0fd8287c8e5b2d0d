// `npm run import -- file.csv`: imports a catalogue file into the store's database, with a progress line
// on stderr and a summary on stdout; every refused row is listed with its row number, column and reason.
//   node --import tsx packages/server/src/services/catalogue-import/import-cli.ts <file> [--kind products|prices|
//        inventory|categories] [--format csv|json] [--apply-good-rows] [--webstore <id>] [--batch-size N]
// The kind is told from the file's columns unless given; the format from the file name (.json) unless given.
// Exit status: 0 imported, 1 rows refused (with --apply-good-rows the good ones were still written),
// 2 a usage error or a file that cannot be read.
import { createReadStream, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openCliStore, usageError } from './cli-store.ts';
import { importCatalogue } from './import.ts';
import { ProgressLine } from './progress-line.ts';
import { CATALOGUE_KINDS, type CatalogueKind, type ImportReport } from './report.ts';

const USAGE =
  'usage: npm run import -- <file> [--kind products|prices|inventory|categories] [--format csv|json] [--apply-good-rows] [--webstore <id>] [--batch-size N]';

function readArgs() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        kind: { type: 'string' },
        format: { type: 'string' },
        'apply-good-rows': { type: 'boolean' },
        webstore: { type: 'string' },
        'batch-size': { type: 'string' },
      },
    });
  } catch (e) {
    return usageError(USAGE, (e as Error).message);
  }
}

export function summary(r: ImportReport, file: string): string[] {
  const n = (x: number) => x.toLocaleString('en-US');
  const lines = [
    `${file}: ${n(r.rows)} ${r.kind} rows in ${(r.ms / 1000).toFixed(1)} s`,
    `created ${n(r.created)}, updated ${n(r.updated)}, unchanged ${n(r.unchanged)}, refused ${n(r.refused)}`,
  ];
  if (r.refusedFile)
    lines.push(
      r.refused
        ? `Nothing was imported: ${n(r.refused)} row${r.refused > 1 ? 's are' : ' is'} refused (fix them, or pass --apply-good-rows to import the others).`
        : 'Nothing was imported: the file is refused.',
    );
  for (const p of r.problems) lines.push(`  row ${p.row}${p.column ? `, ${p.column}` : ''}: ${p.reason}`);
  return lines;
}

async function main(): Promise<number> {
  const { values, positionals } = readArgs();
  if (positionals.length !== 1) usageError(USAGE, 'Name one file to import.');
  const file = positionals[0]!;
  const kind = values.kind as CatalogueKind | undefined;
  if (kind && !CATALOGUE_KINDS.includes(kind)) usageError(USAGE, `--kind is one of ${CATALOGUE_KINDS.join(', ')}`);
  const format = values.format ?? (file.toLowerCase().endsWith('.json') ? 'json' : 'csv');
  if (format !== 'csv' && format !== 'json') usageError(USAGE, '--format is csv or json');
  const batchSize = values['batch-size'] === undefined ? undefined : Number(values['batch-size']);
  if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0))
    usageError(USAGE, '--batch-size is a whole number above 0');
  let size: number;
  try {
    size = statSync(file).size;
  } catch (e) {
    console.error(`Cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }
  const store = await openCliStore(values.webstore);
  if (typeof store === 'string') {
    console.error(store);
    return 2;
  }
  const progress = new ProgressLine();
  try {
    const report = await importCatalogue(store.db, createReadStream(file), {
      webstoreId: store.webstoreId,
      kind,
      format,
      applyGoodRows: values['apply-good-rows'],
      totalBytes: size,
      batchSize,
      onProgress: (p) => progress.update(p),
    });
    progress.done();
    console.log(summary(report, file).join('\n'));
    return report.refused > 0 || report.refusedFile ? 1 : 0;
  } finally {
    await store.close();
  }
}

process.exitCode = await main();
