// A cart or order line's selection of a dataset's records as the wire shows it (issue 19): the canonical query
// stored on the line, its readable label (core listSelectionLabel), the records counted and the file version.
import { listSelectionLabel, parseListSelection, type ListSelectionOnLine } from '@store/core';

export interface LineSelectionColumns {
  list_selection: string | null;
  list_records: number | null;
  list_file_version: number | null;
}

/** A stored line's selection as the wire shows it (null: the whole dataset). */
export function listSelectionOnLine(row: LineSelectionColumns): ListSelectionOnLine | null {
  if (!row.list_selection) return null;
  return {
    selection: row.list_selection,
    label: listSelectionLabel(parseListSelection(row.list_selection)),
    records: row.list_records ?? 0,
    fileVersion: row.list_file_version ?? 0,
  };
}
