// One values-filter of the list builder (state, city, postal area, …): its values as checkboxes, each with the
// records it would give alongside the other filters. Long lists (cities, postal areas) scroll in a box of fixed
// height and get a search field, so a filter never pushes the page about as its values change.

import { useId, useState } from 'react';
import type { ListFacet, ListFilterKey } from '@store/core';
import { formatRecords } from '../../lib/list-builder/list-builder-view.ts';

/**
 * The filters whose lists are long (a country's states, its cities and postal areas) have a search field. By
 * filter rather than by the number of values listed, which changes with the other filters: the field does not
 * come and go as the buyer ticks boxes elsewhere.
 */
export const SEARCHABLE_FILTERS: readonly ListFilterKey[] = ['region', 'city', 'postal'];

export interface ListFilterProps {
  facet: ListFacet;
  /** The values chosen (from the URL, shown at once: the facet's own flags may be a request behind). */
  chosen: readonly string[];
  onToggle: (value: string, on: boolean) => void;
}

export function ListFilter({ facet, chosen, onToggle }: ListFilterProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const searchable = SEARCHABLE_FILTERS.includes(facet.key);
  const needle = query.trim().toLowerCase();
  // A chosen value stays listed whatever is typed: it can always be unticked.
  const shown = needle
    ? facet.values.filter((v) => chosen.includes(v.value) || v.value.toLowerCase().includes(needle))
    : facet.values;
  return (
    <fieldset className="list-filter" data-filter={facet.key}>
      <legend className="list-filter__legend">{facet.label}</legend>
      {searchable ? (
        <div className="list-filter__search">
          <label htmlFor={`${id}-search`} className="sr-only">
            Search {facet.label.toLowerCase()} values
          </label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder="Search"
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      ) : null}
      <ul className="list-filter__values">
        {shown.map((v) => (
          <li key={v.value}>
            <label className="list-filter__option">
              <input
                type="checkbox"
                name={facet.key}
                value={v.value}
                checked={chosen.includes(v.value)}
                onChange={(e) => onToggle(v.value, e.target.checked)}
              />
              <span className="list-filter__value">{v.value}</span>
              <span className="list-filter__count">
                {formatRecords(v.count)}
                <span className="sr-only"> records</span>
              </span>
            </label>
          </li>
        ))}
        {shown.length === 0 ? <li className="list-filter__none">No value matches “{query.trim()}”.</li> : null}
      </ul>
      {facet.truncated ? (
        <p className="list-filter__note">The {formatRecords(facet.values.length)} largest are listed.</p>
      ) : null}
    </fieldset>
  );
}
