// What an import answers: how many rows it created, updated, left unchanged and refused, and every
// refused row with its row number, column and reason.

export type CatalogueKind = 'products' | 'prices' | 'inventory' | 'categories';
export const CATALOGUE_KINDS: readonly CatalogueKind[] = ['products', 'prices', 'inventory', 'categories'];

export interface RowProblem {
  /** CSV: the spreadsheet row (header = 1); JSON: the item's position in the array, from 1. */
  row: number;
  /** The column at fault; empty when the row as a whole is (e.g. its key repeats an earlier row's). */
  column: string;
  reason: string;
}

export interface ImportReport {
  kind: CatalogueKind;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows with at least one problem. */
  refused: number;
  problems: RowProblem[];
  /**
   * True when rows were refused and the good ones were not applied either (no `applyGoodRows`): the
   * catalogue is exactly as it was.
   */
  refusedFile: boolean;
  ms: number;
}

/** A problem with the file as a whole (unreadable, no header, unknown columns): nothing is imported. */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly row = 1,
  ) {
    super(message);
  }
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}
