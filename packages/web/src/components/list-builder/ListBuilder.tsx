// The list builder on a dataset page (issue 19): the filters the dataset's file supports, each value with its
// count, and the live exact record count and price of the selection. Presentational: the selection and the
// counts come from DatasetListSection, which keeps them in the URL and asks the server.
//
// No layout shift: the summary (and the add-to-cart control) sit above the filters, in a box of fixed height, its numbers in tabular figures,
// and while new counts are on their way the previous ones stay (marked busy), so nothing moves or blinks.
// The live region holds only the summary sentence, which changes once per answer: a screen reader hears the new
// count and price after each change, not every facet's numbers.

import type { ReactNode } from 'react';
import type { DatasetListCounts, ListFilterKey, ListSelection } from '@store/core';
import {
  formatRecords,
  recordsText,
  selectionPriceBasis,
  selectionPriceText,
  withFlag,
  withValue,
} from '../../lib/list-builder/list-builder-view.ts';
import { ListFilter, ListOption } from './ListFilter.tsx';

export interface ListBuilderProps {
  counts: DatasetListCounts;
  /** The selection as chosen (it may be ahead of `counts` while a request is on its way). */
  selection: ListSelection;
  /** True while counts for `selection` are being fetched. */
  pending: boolean;
  /** True when the last request for counts failed: the numbers shown are for an earlier selection. */
  failed: boolean;
  onChange: (next: ListSelection) => void;
  /** The add-to-cart control, under the summary and above the filters (which change height as counts change). */
  action?: ReactNode;
}

export const LIST_BUILDER_HEADING = 'Build your list';

function chosenValues(selection: ListSelection, key: ListFilterKey): string[] {
  const v = selection[key];
  return Array.isArray(v) ? v : [];
}

export function ListBuilder({ counts, selection, pending, failed, onChange, action }: ListBuilderProps) {
  const price = selectionPriceText(counts.price);
  const basis = selectionPriceBasis(counts.price);
  const whole = Object.keys(selection).length === 0;
  const valueFacets = counts.facets.filter((f) => f.kind === 'values');
  const flagFacets = counts.facets.filter((f) => f.kind === 'flag');
  return (
    <section className="list-builder" aria-labelledby="list-builder-title">
      <h2 id="list-builder-title" className="list-builder__title">
        {LIST_BUILDER_HEADING}
      </h2>
      <div className="list-builder__summary" aria-busy={pending || undefined} data-pending={pending || undefined}>
        <p className="list-builder__figures" aria-live="polite" aria-atomic="true">
          <span className="list-builder__records" data-records={counts.records}>
            {recordsText(counts.records)}
          </span>{' '}
          <span className="list-builder__total">of {formatRecords(counts.totalRecords)}</span>
          {price ? (
            <>
              <span className="list-builder__sep" aria-hidden="true">
                {' · '}
              </span>
              <span className="sr-only">, price </span>
              <span className="list-builder__price" data-amount={counts.price?.amount}>
                {price}
              </span>
            </>
          ) : null}
          {failed ? <span className="list-builder__failed"> (counts could not be updated, try again)</span> : null}
        </p>
        <p className="list-builder__basis">{basis ?? 'Price on request'}</p>
        <button
          type="button"
          className="btn btn--secondary list-builder__clear"
          disabled={whole}
          onClick={() => onChange({})}
        >
          Clear<span className="sr-only"> all filters</span>
        </button>
      </div>
      {action}
      <div className="list-builder__filters">
        {valueFacets.map((f) => (
          <ListFilter
            key={f.key}
            facet={f}
            chosen={chosenValues(selection, f.key)}
            onToggle={(value, on) => onChange(withValue(selection, f.key, value, on))}
          />
        ))}
        {flagFacets.length ? (
          <fieldset className="list-filter list-filter--flags">
            <legend className="list-filter__legend">Contact data</legend>
            <ul className="list-filter__values">
              {flagFacets.map((f) => (
                <ListOption
                  key={f.key}
                  name={f.key}
                  value="1"
                  label={f.label}
                  count={f.values[0]?.count ?? 0}
                  checked={selection[f.key] === true}
                  onChange={(on) => onChange(withFlag(selection, f.key, on))}
                />
              ))}
            </ul>
          </fieldset>
        ) : null}
      </div>
    </section>
  );
}
