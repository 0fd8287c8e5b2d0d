// What each kind of catalogue file (products, prices, inventory, categories) tells the importer and the
// exporter: its columns, how a row reads, what the database must confirm about a chunk of rows, how a
// batch is written, and how the catalogue is read back out as rows.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Column } from './fields.ts';
import type { CatalogueKind, ImportCounts, RowProblem } from './report.ts';
import type { StoreRefs } from './store-refs.ts';

/** A row that read well, with its row number (kept for problems the database check finds). */
export interface Checked<T> {
  row: number;
  value: T;
}

export interface WriteResult extends ImportCounts {
  /** Products whose searchable content changed: the search index re-reads them (markProductsChanged). */
  changedProducts: string[];
}

export interface ImportKind<T> {
  kind: CatalogueKind;
  /** Every column the kind knows, in export order. */
  columns: readonly Column<unknown>[];
  /** Columns a file of this kind must have. */
  keyColumns: readonly string[];
  /** Rows checked against the database at a time; categories check the whole file at once (a tree). */
  chunkSize: number;
  /** The identity of a row within the file (two rows with one key are refused). */
  key(value: T): string;
  read(cells: CellReader, refs: StoreRefs): T | null;
  /** Checks what only the database knows (an SKU exists…); reports through `fail`. */
  checkChunk(
    db: Kysely<Database>,
    rows: Checked<T>[],
    refs: StoreRefs,
    fail: (row: number, column: string, reason: string) => void,
  ): Promise<void>;
  /** Writes one batch of good rows in the given transaction. */
  write(trx: Transaction<Database>, rows: T[], refs: StoreRefs): Promise<WriteResult>;
  /** The catalogue as complete rows, in an order that imports (parents before children). */
  exportRows(db: Kysely<Database>, refs: StoreRefs): AsyncIterable<Record<string, unknown>>;
}

/** One record's cells, read column by column; every problem is recorded with the row and the column. */
export class CellReader {
  bad = false;

  constructor(
    private cells: Record<string, unknown>,
    readonly row: number,
    private problems: RowProblem[],
  ) {}

  /** Whether the record has the column at all (a column missing from a JSON object is left as stored). */
  has(name: string): boolean {
    return Object.hasOwn(this.cells, name);
  }

  /** The column's value; null when empty; undefined when the column is missing or the value is refused. */
  get<V>(column: Column<V>): V | null | undefined {
    if (!this.has(column.name)) return undefined;
    const read = column.read(this.cells[column.name]);
    if ('reason' in read) {
      this.fail(column.name, read.reason);
      return undefined;
    }
    return read.value;
  }

  /** The column's value, which a new record must have: refused when the column is missing too. */
  need<V>(column: Column<V>): V | undefined {
    if (!this.has(column.name)) {
      this.fail(column.name, 'is required');
      return undefined;
    }
    const v = this.get(column);
    if (v === null) this.fail(column.name, 'is required');
    return v ?? undefined;
  }

  fail(column: string, reason: string): void {
    this.bad = true;
    this.problems.push({ row: this.row, column, reason });
  }
}

/** Rows per statement so that a multi-row insert stays under SQLite's bound-parameter limit. */
export function rowsPerInsert(columns: number): number {
  return Math.max(1, Math.floor(30_000 / columns));
}

/** Inserts rows in statements under the parameter limit. */
export async function insertAll<K extends keyof Database>(
  trx: Transaction<Database>,
  table: K,
  rows: readonly object[],
): Promise<void> {
  if (!rows.length) return;
  const size = rowsPerInsert(Object.keys(rows[0]!).length);
  for (let i = 0; i < rows.length; i += size)
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
}

/** Splits a list for `in (…)` conditions. */
export function* chunks<T>(items: readonly T[], size = 500): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** The store's product ids of these SKUs (the ones it has). */
export async function productIdsBySku(
  db: Kysely<Database>,
  webstoreId: string,
  skus: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks([...new Set(skus)]))
    for (const p of await db
      .selectFrom('product')
      .select(['id', 'sku'])
      .where('webstore_id', '=', webstoreId)
      .where('sku', 'in', part)
      .execute())
      out.set(p.sku, p.id);
  return out;
}
