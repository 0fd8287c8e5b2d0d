// The search index alone at a larger size than a seeded catalogue, when seeding that size is not possible:
// the catalogue of a bench SQLite file, copied until it has --documents documents (new ids and SKUs, the same
// texts), built into a main segment and encoded as the database would store it; then a new process loads those
// bytes, opens a searcher and answers one search, and reports its time and RSS. It measures the index's part of a
// process (no server, no database read), so it is a floor, not the bench's end-to-end row.
//   node --import tsx bench/search-scale.ts --file bench/.data/store-100000.sqlite --documents 1000000
import { execFileSync } from 'node:child_process';
import { closeSync, fstatSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../packages/server/src/db/connection.ts';
import { IndexSearcher } from '../packages/server/src/search/engine.ts';
import { loadDocs } from '../packages/server/src/search/loader.ts';
import { decodeSegment, dictionarySnapshot, encodeSegment } from '../packages/server/src/search/segment-format.ts';
import { newDictionaries, Segment, type SearchDoc } from '../packages/server/src/search/segment.ts';
import { Synonyms } from '../packages/server/src/search/synonyms.ts';

const { values: args } = parseArgs({
  options: {
    file: { type: 'string' },
    documents: { type: 'string', default: '1000000' },
    load: { type: 'string' },
    webstore: { type: 'string', default: '0ZE000000000001AAA' },
  },
});
const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;

if (args.load) {
  // The new process: read the bytes, decode, open a searcher, answer a search.
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  // Straight into one aligned buffer, as the database load does (no second copy of the bytes).
  const fd = openSync(args.load, 'r');
  const buffer = new ArrayBuffer(fstatSync(fd).size);
  for (let at = 0; at < buffer.byteLength; )
    at += readSync(fd, new Uint8Array(buffer, at, Math.min(64 * 2 ** 20, buffer.byteLength - at)));
  closeSync(fd);
  const { columns, dicts } = decodeSegment(buffer);
  const main = new Segment(columns);
  const searcher = new IndexSearcher([main], [null], dicts, new Synonyms([]));
  const result = searcher.search({
    term: 'dentists california',
    scope: null,
    granted: null,
    selections: [],
    priceBooks: columns.priceBooks.slice(0, 1),
    sort: 'relevance',
    grouping: 'VariationParent',
    offset: 0,
    limit: 20,
    facets: true,
    categoryGroups: null,
  });
  const ms = performance.now() - started;
  console.log(
    JSON.stringify({ loadAndFirstSearchMs: ms, total: result.total, rssBefore, rssAfter: process.memoryUsage().rss }),
  );
  process.exit(0);
}

if (!args.file) throw new Error('--file <bench SQLite file> is required');
const target = Number(args.documents);
const { db } = openDatabase({ sqliteFile: args.file });
const { docs: base } = await loadDocs(db, args.webstore!);
await db.destroy();
const docs: SearchDoc[] = [];
for (let copy = 0; docs.length < target; copy++) {
  const tag = copy ? `-${copy}` : '';
  for (const d of base) {
    if (docs.length >= target) break;
    docs.push({ ...d, productId: d.productId + tag, sku: d.sku + tag, parentId: d.parentId && d.parentId + tag });
  }
}
console.log(`${docs.length.toLocaleString('en-US')} documents from ${base.length.toLocaleString('en-US')}`);
const heapBefore = process.memoryUsage();
const started = performance.now();
const dicts = newDictionaries();
const main = await Segment.build(docs, dicts);
const buildMs = performance.now() - started;
docs.length = 0;
base.length = 0;
const encoded = encodeSegment(main.columns, dictionarySnapshot(dicts));
const file = path.join(os.tmpdir(), `search-scale-${process.pid}.bin`);
writeFileSync(file, Buffer.concat(encoded.parts));
console.log(
  `built in ${(buildMs / 1000).toFixed(1)} s; segment ${mib(encoded.byteLength)}; builder RSS ${mib(process.memoryUsage().rss)} (heap + arrays before ${mib(heapBefore.heapUsed + heapBefore.arrayBuffers)})`,
);
try {
  const out = execFileSync(process.execPath, ['--import', 'tsx', process.argv[1]!, '--load', file], {
    encoding: 'utf8',
  });
  const r = JSON.parse(out.trim().split('\n').pop()!) as {
    loadAndFirstSearchMs: number;
    total: number;
    rssBefore: number;
    rssAfter: number;
  };
  console.log(
    `new process: loaded and answered (${r.total.toLocaleString('en-US')} matches) in ${(r.loadAndFirstSearchMs / 1000).toFixed(1)} s; RSS ${mib(r.rssBefore)} before, ${mib(r.rssAfter)} after`,
  );
} finally {
  rmSync(file, { force: true });
}
