// One values-filter of the list builder (state, city, postal area, …): its values as checkboxes, each with the
// records it would give alongside the other filters. Long lists (cities, postal areas) scroll in a box of fixed
// height and get a search field, so a filter never pushes the page about as its values change.

import { useId, useState } from 'react';
import type { ListFacet, ListFilterKey } from '@store/core';
import { formatRecords } from '../../lib/list-builder/list-builder-view.ts';
import { HydrateOnInteraction } from '../ui/HydrateOnInteraction.tsx';

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

export interface ListOptionProps {
  name: string;
  value: string;
  label: string;
  count: number;
  checked: boolean;
  onChange: (on: boolean) => void;
}

/** One checkbox of the list builder (a filter's value or a contact-data flag), with the records it would give. */
export function ListOption({ name, value, label, count, checked, onChange }: ListOptionProps) {
  return (
    <li>
      <label className="list-filter__option">
        <input
          type="checkbox"
          name={name}
          value={value}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="list-filter__value">{label}</span>
        <span className="list-filter__count">
          {formatRecords(count)}
          <span className="sr-only"> records</span>
        </span>
      </label>
    </li>
  );
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
      {/* Hundreds of elements on a dataset with cities and postal areas: hydrated when the buyer reaches for them. */}
      <HydrateOnInteraction as="ul" className="list-filter__values">
        {shown.map((v) => (
          <ListOption
            key={v.value}
            name={facet.key}
            value={v.value}
            label={v.value}
            count={v.count}
            checked={chosen.includes(v.value)}
            onChange={(on) => onToggle(v.value, on)}
          />
        ))}
        {shown.length === 0 ? <li className="list-filter__none">No value matches “{query.trim()}”.</li> : null}
      </HydrateOnInteraction>
      {facet.truncated ? (
        <p className="list-filter__note">The {formatRecords(facet.values.length)} largest are listed.</p>
      ) : null}
    </fieldset>
  );
}
