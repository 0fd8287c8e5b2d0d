// The records of a dataset a cart or order line buys, when it is a selection (issue 19): its label and its count,
// e.g. "Selection: State or region: TX · Has email — 1,234 records". Nothing for a whole-dataset line. One
// component for the cart page, the checkout review, the order pages and the workspace's order detail.
import { recordCountText, type ListSelectionOnLine } from '@store/core';

export interface ListSelectionNoteProps {
  selection: ListSelectionOnLine | null | undefined;
  /** 'p' on its own line (the cart page), 'span' inside a line's name (review lists, tables). */
  as?: 'p' | 'span';
}

export function ListSelectionNote({ selection, as: Tag = 'p' }: ListSelectionNoteProps) {
  if (!selection) return null;
  return (
    <Tag className="list-selection-note" data-list-selection={selection.selection}>
      <span className="list-selection-note__label">{`Selection: ${selection.label}`}</span>
      <span className="list-selection-note__records">{` — ${recordCountText(selection.records)}`}</span>
    </Tag>
  );
}
