// The count index of a dataset file version (issue 19): columnar, one column per list filter the file has. Each
// column is a dictionary of the filter's values (code 0 is '': no value) and one code per record, in a
// Uint8Array, Uint16Array or Uint32Array by the dictionary's size. Values are core listFilterValue's, the very
// values recordInSelection compares, so the index and the download agree by construction.
//
// Why columnar codes (not bitmaps or a count cube): a count with its facets (each filter's value counts given the
// other filters) is one pass over a few typed arrays, with no library; cities and postal areas have thousands of
// values, which a cube cannot hold and which cost a bitmap each; and the size is known in advance (about one to
// two bytes per record and filter: 9 to 11 MB for 1,000,000 records of a demo file).
//
// The index also keeps the byte offset of every BLOCK_RECORDS-th record, so a preview reads and parses only the
// blocks that hold the selection's first records (dataset-lists/list-preview.ts), never the whole file.
import {
  LIST_FILTERS,
  availableListFilters,
  listColumnsOf,
  listFilterValue,
  type ListColumns,
  type ListFilterKey,
  type ListSelection,
} from '@store/core';

/** Records between two stored byte offsets. */
export const BLOCK_RECORDS = 256;
const FORMAT = 1;

type Codes = Uint8Array | Uint16Array | Uint32Array;

interface IndexColumn {
  key: ListFilterKey;
  values: string[];
  codes: Codes;
  /** value -> code. */
  lookup: Map<string, number>;
}

interface IndexHeader {
  format: number;
  records: number;
  blockRecords: number;
  blocks: number;
  columns: { key: ListFilterKey; values: string[]; width: 1 | 2 | 4 }[];
}

/** A selection's counts: the same shape as the reference reading's (dataset-lists/list-scan.ts SelectionCounts). */
export interface IndexCounts {
  total: number;
  records: number;
  /** Per filter the file has: value -> records (empty values are not counted). */
  facets: Map<ListFilterKey, Map<string, number>>;
  filters: ListFilterKey[];
}

const widthFor = (size: number): 1 | 2 | 4 => (size <= 0x100 ? 1 : size <= 0x10000 ? 2 : 4);
const codesOf = (width: 1 | 2 | 4, buf: ArrayBuffer, at: number, n: number): Codes =>
  width === 1 ? new Uint8Array(buf, at, n) : width === 2 ? new Uint16Array(buf, at, n) : new Uint32Array(buf, at, n);
const pad8 = (n: number) => (n + 7) & ~7;

/** Builds an index record by record (what the file processor and the fallback for an unindexed file run). */
export class CountIndexBuilder {
  private columns: ListColumns | null = null;
  private keys: ListFilterKey[] = [];
  private dictionaries: Map<string, number>[] = [];
  private codes: Uint32Array[] = [];
  private offsets: number[] = [];
  private n = 0;

  start(header: string[]): void {
    this.columns = listColumnsOf(header);
    this.keys = availableListFilters(this.columns);
    this.dictionaries = this.keys.map(() => new Map([['', 0]]));
    this.codes = this.keys.map(() => new Uint32Array(1024));
  }

  record(cells: string[], offset: number): void {
    if (this.n % BLOCK_RECORDS === 0) this.offsets.push(offset);
    if (this.n === this.codes[0]?.length)
      this.codes = this.codes.map((c) => {
        const grown = new Uint32Array(c.length * 2);
        grown.set(c);
        return grown;
      });
    for (let i = 0; i < this.keys.length; i++) {
      const key = this.keys[i]!;
      const value = listFilterValue(key, cells[this.columns![key]]);
      const dict = this.dictionaries[i]!;
      let code = dict.get(value);
      if (code === undefined) {
        code = dict.size;
        dict.set(value, code);
      }
      this.codes[i]![this.n] = code;
    }
    this.n++;
  }

  /** The index, narrowed to its final widths. */
  build(): CountIndex {
    const columns = this.keys.map((key, i) => {
      const dict = this.dictionaries[i]!;
      const width = widthFor(dict.size);
      const src = this.codes[i]!.subarray(0, this.n);
      const codes = width === 4 ? src.slice() : width === 2 ? Uint16Array.from(src) : Uint8Array.from(src);
      return { key, values: [...dict.keys()], codes, lookup: dict };
    });
    return new CountIndex(this.n, columns, Float64Array.from(this.offsets));
  }
}

export class CountIndex {
  private wholeCounts: Float64Array[] | null = null;
  private postingLists: ({ order: Uint32Array; starts: Uint32Array } | undefined)[] = [];

  constructor(
    readonly records: number,
    private columns: IndexColumn[],
    /** Byte offset of records 0, BLOCK_RECORDS, 2·BLOCK_RECORDS, … */
    readonly blockOffsets: Float64Array,
  ) {}

  get filters(): ListFilterKey[] {
    return this.columns.map((c) => c.key);
  }

  /** The selection as one lookup table per chosen filter (code -> chosen), or null when it matches nothing. */
  private chosen(selection: ListSelection): { column: number; ok: Uint8Array }[] | null {
    const out: { column: number; ok: Uint8Array }[] = [];
    for (const f of LIST_FILTERS) {
      const v = selection[f.key];
      if (v === undefined) continue;
      const column = this.columns.findIndex((c) => c.key === f.key);
      if (column < 0) return null; // a chosen filter the file lacks matches no record
      const c = this.columns[column]!;
      const ok = new Uint8Array(c.values.length);
      for (const value of v === true ? ['1'] : v) {
        const code = c.lookup.get(value);
        // '' is never a value a buyer can choose (parseListSelection drops blanks), and it never matches.
        if (code !== undefined && code !== 0) ok[code] = 1;
      }
      out.push({ column, ok });
    }
    return out;
  }

  /** Each column's value counts over the whole file (what every facet is when nothing is chosen). */
  private histograms(): Float64Array[] {
    if (!this.wholeCounts)
      this.wholeCounts = this.columns.map((c) => {
        const t = new Float64Array(c.values.length);
        const codes = c.codes;
        for (let r = 0; r < this.records; r++) t[codes[r]!]!++;
        return t;
      });
    return this.wholeCounts;
  }

  /**
   * A column's records grouped by value (a counting sort, built on first use and kept with the index): the
   * records of code v are order[starts[v]] … order[starts[v + 1] - 1].
   */
  private postings(column: number): { order: Uint32Array; starts: Uint32Array } {
    let p = this.postingLists[column];
    if (!p) {
      const hist = this.histograms()[column]!;
      const codes = this.columns[column]!.codes;
      const starts = new Uint32Array(hist.length + 1);
      for (let v = 0; v < hist.length; v++) starts[v + 1] = starts[v]! + hist[v]!;
      const next = starts.slice(0, hist.length);
      const order = new Uint32Array(this.records);
      for (let r = 0; r < this.records; r++) order[next[codes[r]!]!++] = r;
      p = { order, starts };
      this.postingLists[column] = p;
    }
    return p;
  }

  /**
   * The selection's count and every filter's value counts given the other filters: a record that fails no
   * chosen filter counts for all its values; one that fails exactly one counts for that filter's value (choosing
   * it would add the record). The same answer as list-scan.ts's reading of the file, without reading every
   * record when the selection is narrow: a record that fails at most one chosen filter passes one of any two
   * chosen filters, so only the records of the two narrowest chosen filters are visited (through their
   * postings); with one filter chosen, its own facet is its whole-file counts.
   */
  count(selection: ListSelection): IndexCounts {
    const chosen = this.chosen(selection);
    let tallies = this.columns.map((c) => new Float64Array(c.values.length));
    let matched = 0;
    if (chosen && chosen.length === 0) {
      tallies = this.histograms().map((t) => t.slice());
      matched = this.records;
    } else if (chosen) {
      const hist = this.histograms();
      const size = (c: { column: number; ok: Uint8Array }) =>
        hist[c.column]!.reduce((n, count, code) => n + (c.ok[code] ? count : 0), 0);
      const sized = chosen.map((c) => ({ ...c, size: size(c) })).sort((x, y) => x.size - y.size);
      const k = sized.length;
      const chosenCodes = sized.map((c) => this.columns[c.column]!.codes);
      const oks = sized.map((c) => c.ok);
      const chosenTallies = sized.map((c) => tallies[c.column]!);
      const all = this.columns.map((c) => c.codes);
      const cols = all.length;
      const visit = (r: number) => {
        let failed = -1;
        let failures = 0;
        for (let j = 0; j < k; j++) {
          if (oks[j]![chosenCodes[j]![r]!] === 0) {
            failed = j;
            if (++failures > 1) return;
          }
        }
        if (failures === 0) {
          matched++;
          for (let i = 0; i < cols; i++) tallies[i]![all[i]![r]!]!++;
        } else chosenTallies[failed]![chosenCodes[failed]![r]!]!++;
      };
      /** Visits the records of chosen filter j's values, skipping those chosen filter `skip` holds. */
      const visitPostings = (j: number, skip: number) => {
        const { order, starts } = this.postings(sized[j]!.column);
        const ok = oks[j]!;
        for (let code = 1; code < ok.length; code++) {
          if (!ok[code]) continue;
          for (let at = starts[code]!; at < starts[code + 1]!; at++) {
            const r = order[at]!;
            if (skip < 0 || oks[skip]![chosenCodes[skip]![r]!] === 0) visit(r);
          }
        }
      };
      if (k === 1) {
        // One filter: its facet is the whole file's; the others count its records.
        visitPostings(0, -1);
        tallies[sized[0]!.column] = hist[sized[0]!.column]!.slice();
      } else if (sized[0]!.size + sized[1]!.size < this.records / 2) {
        visitPostings(0, -1);
        visitPostings(1, 0);
      } else for (let r = 0; r < this.records; r++) visit(r);
    }
    const facets = new Map<ListFilterKey, Map<string, number>>();
    this.columns.forEach((c, i) => {
      const m = new Map<string, number>();
      const t = tallies[i]!;
      for (let code = 1; code < t.length; code++) if (t[code]! > 0) m.set(c.values[code]!, t[code]!);
      facets.set(c.key, m);
    });
    return { total: this.records, records: matched, facets, filters: this.filters };
  }

  /**
   * The record numbers of the selection's first `limit` records, in file order: from the narrowest chosen
   * filter's postings when it is narrow (a rare selection costs its own records, not the file), else by reading
   * the codes from the start until `limit` records match (a wide selection matches early).
   */
  firstMatches(selection: ListSelection, limit: number): number[] {
    const chosen = this.chosen(selection);
    if (!chosen) return [];
    const codes = chosen.map((c) => this.columns[c.column]!.codes);
    const passes = (r: number) => {
      for (let j = 0; j < chosen.length; j++) if (chosen[j]!.ok[codes[j]![r]!] === 0) return false;
      return true;
    };
    const hist = this.histograms();
    const sizes = chosen.map((c) => hist[c.column]!.reduce((n, count, code) => n + (c.ok[code] ? count : 0), 0));
    const narrowest = sizes.indexOf(Math.min(...sizes));
    if (narrowest >= 0 && sizes[narrowest]! < this.records / 8) {
      const { order, starts } = this.postings(chosen[narrowest]!.column);
      const found: number[] = [];
      const ok = chosen[narrowest]!.ok;
      for (let code = 1; code < ok.length; code++)
        if (ok[code])
          for (let at = starts[code]!; at < starts[code + 1]!; at++) if (passes(order[at]!)) found.push(order[at]!);
      return found.sort((a, b) => a - b).slice(0, limit);
    }
    const out: number[] = [];
    for (let r = 0; r < this.records && out.length < limit; r++) if (passes(r)) out.push(r);
    return out;
  }

  /** The stored form: a JSON header (its length first, 4 bytes) then the code arrays and block offsets, 8-aligned. */
  serialize(): Buffer {
    const head: IndexHeader = {
      format: FORMAT,
      records: this.records,
      blockRecords: BLOCK_RECORDS,
      blocks: this.blockOffsets.length,
      columns: this.columns.map((c) => ({ key: c.key, values: c.values, width: widthFor(c.values.length) })),
    };
    const json = Buffer.from(JSON.stringify(head), 'utf8');
    const parts: Buffer[] = [];
    const lead = Buffer.alloc(pad8(4 + json.length));
    lead.writeUInt32LE(json.length, 0);
    json.copy(lead, 4);
    parts.push(lead);
    const push = (a: ArrayBufferView) => {
      const bytes = Buffer.from(a.buffer, a.byteOffset, a.byteLength);
      parts.push(bytes, Buffer.alloc(pad8(bytes.length) - bytes.length));
    };
    for (const c of this.columns) push(c.codes);
    push(this.blockOffsets);
    return Buffer.concat(parts);
  }

  static deserialize(stored: Buffer): CountIndex {
    // Typed arrays need aligned offsets: copy into a buffer of our own.
    const buf = new ArrayBuffer(stored.length);
    new Uint8Array(buf).set(stored);
    const bytes = Buffer.from(buf);
    const length = bytes.readUInt32LE(0);
    const head = JSON.parse(bytes.subarray(4, 4 + length).toString('utf8')) as IndexHeader;
    if (head.format !== FORMAT || head.blockRecords !== BLOCK_RECORDS)
      throw new Error(`count index format ${head.format}/${head.blockRecords} is not this version's`);
    let at = pad8(4 + length);
    const columns = head.columns.map((c) => {
      const codes = codesOf(c.width, buf, at, head.records);
      at += pad8(codes.byteLength);
      return { key: c.key, values: c.values, codes, lookup: new Map(c.values.map((v, i) => [v, i])) };
    });
    const offsets = new Float64Array(buf, at, head.blocks);
    return new CountIndex(head.records, columns, offsets);
  }

  /** Bytes held in memory (for the cache's budget). */
  get bytes(): number {
    let n = this.blockOffsets.byteLength;
    for (const c of this.columns) n += c.codes.byteLength + c.values.reduce((s, v) => s + 48 + v.length * 2, 0);
    // The postings built on use: 4 bytes a record per column (counted up front, so the budget holds once built).
    return n + this.records * 4 * this.columns.length;
  }
}
