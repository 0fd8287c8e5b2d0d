// A cart line that buys a selection of a dataset's records (issue 19). The browser sends only the selection (a
// canonical list query); the server counts it on the live file version itself and prices it from the seller's
// list pricing, so neither the count nor the price is ever taken from the browser.
//
// Rules (written down in .notes-lines.md):
// - Only a dataset with a ready file takes a selection (another product: 400; no ready file: 409
//   DATASET_FILE_NOT_READY). A selection naming no filter is 400 (the whole dataset is added without one; '' is
//   read as "no selection"). A selection of no records is 400. The quantity of a selection line is 1.
// - Price: core listPriceFor on the seller's list pricing (else the default derived from the buyer's whole price,
//   as the counts API does), for one delivery of the selection. A TermDefined subscription delivers it every term,
//   so its line costs that per term × terms, capped at the whole dataset's price for the chosen model (per term ×
//   terms, as linePrices prices the whole line): a part of a list never costs more than all of it.
import {
  ListSelectionError,
  canonicalListSelection,
  decimalToMinorUnits,
  listPriceFor,
  listSelectionLabel,
  parseListSelection,
  type ListSelection,
} from '@store/core';
import { ApiError, badInput } from '../../domain/errors.ts';
import { liveDatasetFiles } from '../dataset-files/file-store.ts';
import { fileNotReady } from '../dataset-lists/dataset-list-service.ts';
import type { Services } from '../index.ts';
import type { CartItemTable } from '../../db/schema.ts';

/** What a selection line holds once counted and priced. */
export interface LineList {
  /** Canonical selection query. */
  selection: string;
  records: number;
  fileVersion: number;
  /** The line's price in minor units (quantity is always 1). */
  priceMinor: number;
}

/** The selection an input asks for: null for the whole dataset ('' or absent); 400 for a malformed one. */
export function inputListSelection(raw: string | undefined, productName: string): ListSelection | null {
  if (raw === undefined || raw.trim() === '') return null;
  let selection: ListSelection;
  try {
    selection = parseListSelection(raw.trim().replace(/^\?/, ''));
  } catch (e) {
    if (e instanceof ListSelectionError) throw badInput(e.message);
    throw e;
  }
  if (canonicalListSelection(selection) === '')
    throw badInput(
      `The selection "${raw}" names no filter of ${productName}; add the whole dataset without listSelection.`,
    );
  return selection;
}

/** What the line to price needs to know. */
export interface ListLineToPrice {
  productId: string;
  productName: string;
  selection: ListSelection;
  /** The buyer's whole price of the dataset (its default selling model), which derives the default list pricing. */
  wholeUnitPrice: string | null;
  /** The whole dataset's line price for the chosen model and term, in minor units: the cap. */
  wholeLineMinor: number;
  /** Terms the line is bought for (TermDefined), else 1. */
  terms: number;
}

/**
 * Counts and prices selection lines on each dataset's live file. Each line is its LineList or the error that
 * refuses it (no ready file, no records).
 */
export async function priceListLines(s: Services, lines: ListLineToPrice[]): Promise<Array<LineList | ApiError>> {
  if (!lines.length) return [];
  const files = await liveDatasetFiles(
    s.db,
    lines.map((l) => l.productId),
  );
  const out: Array<LineList | ApiError> = [];
  for (const line of lines) {
    const file = files.get(line.productId);
    if (!file) {
      out.push(fileNotReady(line.productName));
      continue;
    }
    const counts = await s.datasetLists.selectionCounts(file, line.selection);
    if (counts.records <= 0) {
      out.push(
        badInput(
          `No records of ${line.productName} match ${listSelectionLabel(line.selection)}; widen the selection to buy it.`,
        ),
      );
      continue;
    }
    const pricing = await s.datasetLists.listPricing(line.productId, line.wholeUnitPrice, counts.total);
    if (!pricing) {
      out.push(badInput(`${line.productName} has no price for you, so it can't be added to the cart.`));
      continue;
    }
    const perDelivery = Number(decimalToMinorUnits(listPriceFor(pricing, counts.records).amount));
    out.push({
      selection: canonicalListSelection(line.selection),
      records: counts.records,
      fileVersion: file.version,
      priceMinor: Math.min(perDelivery * line.terms, line.wholeLineMinor),
    });
  }
  return out;
}

/** A cart line is one (product, selling model, selection); '' is the whole product. */
export const lineKey = (productId: string, sellingModelId: string, selection: string | null | undefined) =>
  `${productId}|${sellingModelId}|${selection ?? ''}`;

const alreadyInCart = (message: string) => new ApiError(409, 'MAX_LIMIT_EXCEEDED', message);

/**
 * A selection is bought once, and a dataset is in the cart either whole or as selections, never both (the whole
 * one has every record of every selection): the second one is MAX_LIMIT_EXCEEDED, like a dataset bought once.
 */
export function checkWholeOrSelection(
  row: { id: string; name: string; fulfilment: string },
  line: { list?: LineList | null },
  before: CartItemTable | undefined,
  inCart: Iterable<Pick<CartItemTable, 'product_id' | 'list_selection'>>,
): void {
  if (row.fulfilment !== 'Dataset') return;
  if (line.list && before)
    throw alreadyInCart(`${row.name} with this selection is already in your cart; a selection is bought once.`);
  const same = [...inCart].filter((e) => e.product_id === row.id);
  if (line.list && same.some((e) => !e.list_selection))
    throw alreadyInCart(
      `The whole of ${row.name} is already in your cart; it has every record, so a selection of it can't be added too.`,
    );
  if (!line.list && same.some((e) => e.list_selection))
    throw alreadyInCart(`A selection of ${row.name} is in your cart; remove it to buy the whole dataset instead.`);
}
