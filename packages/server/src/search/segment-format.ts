// The bytes of a persisted main segment and its dictionaries: a small JSON header (the format version, the
// dictionaries, the list of sections) then every column as raw little-endian typed-array bytes, each section
// aligned to 8 bytes. Loading creates typed-array views on the one buffer read from the database: nothing is
// parsed per document except the id, term and word lists, which queries read as strings.
import { Dict, type Dictionaries, type SegmentColumns } from './segment.ts';
import { StringTable } from './string-table.ts';

/** Bump when the bytes or their meaning change (a column, the scoring, the text analysis): old ones are rebuilt. */
export const SEGMENT_FORMAT = 1;
const MAGIC = 0x49534444; // "DDSI" as little-endian bytes
const PREAMBLE = 12; // magic, format, header length (u32 each)

type Kind = 'u8' | 'i32' | 'f32' | 'f64';
type Typed = Uint8Array | Int32Array | Float32Array | Float64Array;
interface Section {
  name: string;
  kind: Kind;
  offset: number;
  length: number;
}
interface Header {
  format: number;
  size: number;
  avgLength: number[];
  priceBooks: string[];
  foreignParents: string[];
  dicts: {
    categories: string[];
    countries: string[];
    sicCodes: string[];
    divisions: string[];
    statuses: string[];
    sicLabels: Array<[string, string]>;
  };
  sections: Section[];
}

const VIEW: Record<Kind, (b: ArrayBuffer, offset: number, length: number) => Typed> = {
  u8: (b, o, l) => new Uint8Array(b, o, l),
  i32: (b, o, l) => new Int32Array(b, o, l),
  f32: (b, o, l) => new Float32Array(b, o, l),
  f64: (b, o, l) => new Float64Array(b, o, l),
};
const kindOf = (a: Typed): Kind =>
  a instanceof Uint8Array ? 'u8' : a instanceof Int32Array ? 'i32' : a instanceof Float32Array ? 'f32' : 'f64';
const align8 = (n: number) => (n + 7) & ~7;

/** A persisted segment as byte parts (views on the segment's arrays, not copies) and their total length. */
export interface EncodedSegment {
  parts: Uint8Array[];
  byteLength: number;
}

/** The columns whose values are typed arrays, persisted as they are. */
const TYPED = [
  'parentDoc',
  'isVariationParent',
  'recordCounts',
  'createdAt',
  'catStart',
  'catOrds',
  'countryStart',
  'countryOrds',
  'sicCodes',
  'divisions',
  'statuses',
  'byId',
  'sortedByName',
  'nameRank',
  'postStart',
  'postDocs',
  'postWeights',
  'listedDf',
  'wordStem',
  'wordCount',
  'wordSuggest',
  'wordsSorted',
] as const satisfies ReadonlyArray<keyof SegmentColumns>;
/** The string-list columns, persisted as string tables. */
const STRINGS = ['productIds', 'terms', 'words'] as const satisfies ReadonlyArray<keyof SegmentColumns>;

/** Dictionary values copied now: the live dictionaries keep growing with later delta segments. */
export function dictionarySnapshot(d: Dictionaries): Header['dicts'] {
  return {
    categories: [...d.categories.values],
    countries: [...d.countries.values],
    sicCodes: [...d.sicCodes.values],
    divisions: [...d.divisions.values],
    statuses: [...d.statuses.values],
    sicLabels: [...d.sicLabels],
  };
}

export function encodeSegment(c: SegmentColumns, dicts: Header['dicts']): EncodedSegment {
  const arrays: Array<[string, Typed]> = TYPED.map((k) => [k, c[k]]);
  for (const k of STRINGS) {
    const t = StringTable.of(c[k]);
    arrays.push([`${k}.bytes`, t.bytes], [`${k}.offsets`, t.offsets]);
  }
  arrays.push(['names.bytes', c.names.bytes], ['names.offsets', c.names.offsets]);
  c.priceColumns.forEach((col, i) => {
    arrays.push([`price.${i}`, col]);
  });

  const sections: Section[] = [];
  let offset = 0;
  for (const [name, a] of arrays) {
    sections.push({ name, kind: kindOf(a), offset, length: a.length });
    offset = align8(offset + a.byteLength);
  }
  const header: Header = {
    format: SEGMENT_FORMAT,
    size: c.size,
    avgLength: c.avgLength,
    priceBooks: c.priceBooks,
    foreignParents: c.foreignParents,
    dicts,
    sections,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const headLength = align8(PREAMBLE + json.length);
  const head = new Uint8Array(headLength);
  const view = new DataView(head.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, SEGMENT_FORMAT, true);
  view.setUint32(8, json.length, true);
  head.set(json, PREAMBLE);
  const parts: Uint8Array[] = [head];
  arrays.forEach(([, a], i) => {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    parts.push(bytes);
    const pad = (i + 1 < sections.length ? sections[i + 1]!.offset : offset) - sections[i]!.offset - a.byteLength;
    if (pad) parts.push(new Uint8Array(pad));
  });
  return { parts, byteLength: headLength + offset };
}

/** Thrown for bytes of another format (or not a segment at all): the caller rebuilds. */
export class SegmentFormatError extends Error {}

/** The columns and dictionaries of persisted bytes; `buffer` must be 8-byte aligned (its own ArrayBuffer). */
export function decodeSegment(buffer: ArrayBuffer): { columns: SegmentColumns; dicts: Dictionaries } {
  if (new Uint16Array(new Uint8Array([1, 0]).buffer)[0] !== 1)
    throw new SegmentFormatError('segments are stored little-endian; this machine is not');
  if (buffer.byteLength < PREAMBLE) throw new SegmentFormatError('too short for a segment');
  const view = new DataView(buffer);
  if (view.getUint32(0, true) !== MAGIC) throw new SegmentFormatError('not a search index segment');
  const format = view.getUint32(4, true);
  if (format !== SEGMENT_FORMAT) throw new SegmentFormatError(`segment format ${format}, expected ${SEGMENT_FORMAT}`);
  const jsonLength = view.getUint32(8, true);
  const header = JSON.parse(Buffer.from(buffer, PREAMBLE, jsonLength).toString('utf8')) as Header;
  const base = align8(PREAMBLE + jsonLength);
  const byName = new Map<string, Typed>();
  for (const s of header.sections) {
    const width = s.kind === 'u8' ? 1 : s.kind === 'f64' ? 8 : 4;
    if (base + s.offset + s.length * width > buffer.byteLength) throw new SegmentFormatError('segment cut short');
    byName.set(s.name, VIEW[s.kind](buffer, base + s.offset, s.length));
  }
  const get = <T extends Typed>(name: string): T => {
    const a = byName.get(name);
    if (!a) throw new SegmentFormatError(`segment section ${name} missing`);
    return a as T;
  };
  const table = (name: string) => new StringTable(get<Uint8Array>(`${name}.bytes`), get<Int32Array>(`${name}.offsets`));
  const typed = Object.fromEntries(TYPED.map((k) => [k, get(k)])) as Pick<SegmentColumns, (typeof TYPED)[number]>;
  const columns: SegmentColumns = {
    ...typed,
    size: header.size,
    avgLength: header.avgLength,
    priceBooks: header.priceBooks,
    priceColumns: header.priceBooks.map((_, i) => get<Float64Array>(`price.${i}`)),
    foreignParents: header.foreignParents,
    productIds: table('productIds').all(),
    terms: table('terms').all(),
    words: table('words').all(),
    names: table('names'),
  };
  const dict = (values: string[]) => {
    const d = new Dict();
    for (const v of values) d.ord(v);
    return d;
  };
  const h = header.dicts;
  const dicts: Dictionaries = {
    categories: dict(h.categories),
    countries: dict(h.countries),
    sicCodes: dict(h.sicCodes),
    divisions: dict(h.divisions),
    statuses: dict(h.statuses),
    sicLabels: new Map(h.sicLabels),
  };
  return { columns, dicts };
}
