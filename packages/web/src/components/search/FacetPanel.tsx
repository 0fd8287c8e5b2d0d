// The filters of a results page: one fieldset per facet (its display name as the legend) with a
// checkbox per value and the number of datasets it would show. Counts are disjunctive (a facet's own
// selection does not narrow its counts), so checking more values of one facet widens the results.
// Changing a checkbox hands the new refinements to `onChange`, which navigates; what is checked
// always comes from the URL. On phones the filters fold away behind a button (CSS decides by
// width, so the server render needs no guess), keeping the results near the top.

import { useState } from 'react';
import type { SearchRefinement } from '@store/core';
import { selectedValues, toggleRefinement } from '../../lib/search/search-url.ts';
import type { FacetView } from '../../routes/types.ts';
import { AppLink } from '../ui/AppLink.tsx';
import { cx } from '../ui/classes.ts';

export interface FacetPanelProps {
  facets: FacetView[];
  /** The selection shown: the URL's, or the one being loaded. */
  refinements: SearchRefinement[];
  onChange: (refinements: SearchRefinement[]) => void;
  /** The results without any filter; a "Clear all filters" link when something is selected. */
  clearHref: string;
}

/** Ids from facet names and values, unique per page and safe in an id attribute. */
const fieldId = (facet: string, index: number) => `facet-${facet.replace(/[^A-Za-z0-9_-]/g, '_')}-${index}`;

export function FacetPanel({ facets, refinements, onChange, clearHref }: FacetPanelProps) {
  const [open, setOpen] = useState(false);
  if (!facets.length) return null;
  const selected = refinements.reduce((n, r) => n + (r.type === 'Range' ? 1 : r.values.length), 0);
  return (
    <section className={cx('facets', open && 'facets--open')} aria-labelledby="facets-title">
      <div className="facets__header">
        <h2 id="facets-title" className="facets__title">
          Filter datasets
        </h2>
        <button
          type="button"
          className="btn btn--small btn--secondary facets__toggle"
          aria-expanded={open}
          aria-controls="facets-body"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide filters' : selected ? `Show filters (${selected} chosen)` : 'Show filters'}
        </button>
        {selected ? <AppLink href={clearHref}>Clear all filters</AppLink> : null}
      </div>
      <div id="facets-body" className="facets__body">
        {facets.map((facet) => {
          const chosen = selectedValues(refinements, facet);
          return (
            <fieldset key={facet.nameOrId} className="facet">
              <legend className="facet__legend">{facet.displayName}</legend>
              <ul className="facet__values">
                {facet.values.map((v, i) => {
                  const id = fieldId(facet.nameOrId, i);
                  return (
                    <li key={v.value} className="facet__value">
                      <input
                        type="checkbox"
                        id={id}
                        checked={chosen.includes(v.value)}
                        onChange={(e) =>
                          onChange(toggleRefinement(refinements, facet, v.value, e.currentTarget.checked))
                        }
                      />
                      <label htmlFor={id}>
                        {v.label} <span className="facet__count">({v.count.toLocaleString('en-US')})</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          );
        })}
      </div>
    </section>
  );
}
