// What the dataset page's list builder and evaluation kit read (issue 19), as the API answers it. These
// operations are ours (the platform has no count builder); they follow its style: under
// /commerce/webstores/{webstoreId}/datasets/{productId}/…, entitlement-checked like a product read, errors in the
// `[{ errorCode, message }]` shape. Counts are exact: they are computed on the same file version, with the same
// predicate (recordInSelection), that the download applies.
import type { ListFilterKey, ListFilterKind } from './list-selection.ts';
import type { ListPricing } from './list-pricing.ts';

/** The state of a seller's file version. */
export type DatasetFileStatus = 'processing' | 'ready' | 'failed';

/** One value of a filter with the records it would give, given the other filters of the selection. */
export interface ListFacetValue {
  value: string;
  count: number;
  selected: boolean;
}

export interface ListFacet {
  key: ListFilterKey;
  label: string;
  kind: ListFilterKind;
  /**
   * Values-filters: every value the file has, most records first (cities: the 200 largest, plus any chosen).
   * Flags: one value '1' (has it).
   */
  values: ListFacetValue[];
  /** True when values were left off (only the largest are listed). */
  truncated: boolean;
}

export interface ListSelectionPrice {
  amount: string;
  currencyIsoCode: string;
  per1000: string;
  minimumApplied: boolean;
  /** The whole dataset's price for this buyer, which caps a selection's. */
  wholeListPrice: string | null;
}

/** GET datasets/{productId}/counts?{selection}: the live count, the price, and every filter's counts. */
export interface DatasetListCounts {
  productId: string;
  fileVersion: number;
  /** The canonical selection the counts are for ('' = the whole dataset). */
  selection: string;
  /** Records in the whole file. */
  totalRecords: number;
  /** Records in the selection. */
  records: number;
  /** null when the buyer has no price for the dataset. */
  price: ListSelectionPrice | null;
  facets: ListFacet[];
}

/** GET datasets/{productId}/preview?{selection}: the first records of the selection, masked on the server. */
export interface DatasetListPreview {
  productId: string;
  fileVersion: number;
  selection: string;
  columns: string[];
  /** At most DATASET_PREVIEW_ROWS records; emails, phones and personal names masked. */
  rows: string[][];
  records: number;
}

export const DATASET_PREVIEW_ROWS = 10;

/** One field of the data dictionary, computed from the file when it was processed. */
export interface DatasetDictionaryField {
  name: string;
  description: string;
  /** Share of records with the field filled in, percent with one decimal ("87.5"). */
  fillRate: string;
  /** A masked example value from the file ('' when the field is always empty). */
  example: string;
}

export interface DatasetLicence {
  /** 'single' (one user), 'multiUser' or 'seats' (per seat), as the product is sold. */
  kind: 'single' | 'multiUser' | 'seats';
  label: string;
  /** How long the buyer may use the data, in months (null: perpetual). */
  termMonths: number | null;
}

/** GET datasets/{productId}: the evaluation kit's facts about the file behind a dataset. */
export interface DatasetEvaluation {
  productId: string;
  fileVersion: number;
  records: number;
  columns: string[];
  /** The filters this file supports (the columns it has). */
  filters: ListFilterKey[];
  dictionary: DatasetDictionaryField[];
  /** When the ready file was processed (ISO). */
  refreshedAt: string;
  /** "Monthly", "Quarterly", … (null when the seller states none). */
  updateCadence: string | null;
  licence: DatasetLicence | null;
  /** The seller's per-record pricing (or the default derived from the whole price). */
  listPricing: ListPricing | null;
}

/** A seller's file version, as the workspace lists it. */
export interface DatasetFileVersion {
  id: string;
  productId: string;
  version: number;
  status: DatasetFileStatus;
  fileName: string;
  bytes: number;
  records: number | null;
  columns: string[];
  /** While processing: records read so far. */
  recordsDone: number;
  error: string | null;
  uploadedAt: string;
  readyAt: string | null;
}

/** What a cart or order line bought of a dataset when it is a selection (null: the whole dataset). */
export interface ListSelectionOnLine {
  /** Canonical selection query. */
  selection: string;
  /** "State or region: Texas · Has email". */
  label: string;
  records: number;
  fileVersion: number;
}

/** The largest file a seller may upload as a dataset's records (the upload is streamed, never held whole). */
export const DATASET_FILE_MAX_BYTES = 2 * 1024 ** 3;
