// How a line's selection of a dataset reads wherever the buyer sees it (cart, mini cart, checkout, order page,
// emails, the workspace): its label and its record count. Ours (issue 19), added beside the contract's types.
import type { ListSelectionOnLine } from './dataset-lists.ts';

/** "1,234 records" ("1 record"). */
export const recordCountText = (records: number): string =>
  `${records.toLocaleString('en-US')} ${records === 1 ? 'record' : 'records'}`;

/** "State or region: TX · Has email (1,234 records)". */
export const listSelectionText = (on: Pick<ListSelectionOnLine, 'label' | 'records'>): string =>
  `${on.label} (${recordCountText(on.records)})`;
