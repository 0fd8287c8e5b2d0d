// A workspace table paged, sorted and filtered by the server: its filter form (a GET of the same page), the
// count, the head whose sortable columns are links that sort by them (again: the other way), with aria-sort on
// the column sorted by, and the pager. The query is carried in the address, so every state of a table is a link
// of its own. `pageOf` and `paramOf` read the page and a text filter back from the address.

import type { TablePage } from '@store/core';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { Pager } from './workspace-ui.tsx';

export interface TableColumn {
  /** The API's sort key, or null for a column that does not sort. */
  key: string | null;
  label: string;
  numeric?: boolean;
}

type Query = Record<string, string | number | undefined>;

/** A table's query as the address holds it (text values; the sort asked for, '' for the default). */
export type TableQuery = Record<string, string> & { sort: string };

/** The page asked for in the address (1 when absent or not a number). */
export const pageOf = (url: URL) => Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
/** A text parameter of the address, trimmed ('' when absent). */
export const paramOf = (url: URL, name: string) => url.searchParams.get(name)?.trim() ?? '';

/** The table's address with the query changed: empty values and page 1 are left out. */
export function tableHref(path: string, query: Query, change: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...change }))
    if (v !== '' && v !== undefined && !(k === 'page' && v === 1)) params.set(k, String(v));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function SortableHead({
  columns,
  sort,
  fallback,
  href,
}: {
  columns: readonly TableColumn[];
  /** The sort asked for ('' for the table's default). */
  sort: string;
  /** The table's default sort, as the API applies it when none is asked for. */
  fallback: string;
  href: (sort: string) => string;
}) {
  const applied = sort || fallback;
  const sortKey = applied.replace(/^-/, '');
  const descending = applied.startsWith('-');
  return (
    <thead>
      <tr>
        {columns.map((c) => {
          const active = c.key === sortKey;
          const next = c.key ? (active && !descending ? `-${c.key}` : c.key) : '';
          return (
            <th
              key={c.label}
              scope="col"
              className={c.numeric ? 'num' : undefined}
              aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
            >
              {c.key ? <Link to={href(next)}>{c.label}</Link> : c.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** A search box or a date of a table's filter form. */
export function FilterInput({
  id,
  name,
  label,
  type,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  type: 'search' | 'date';
  defaultValue: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} name={name} type={type} className="field__input" defaultValue={defaultValue} />
    </div>
  );
}

export function ServerTable<T>({
  path,
  noun,
  page,
  query,
  columns,
  fallback,
  filters,
  row,
}: {
  /** The table's own address (the filter form's GET goes there). */
  path: string;
  /** What the rows are, plural: "orders". */
  noun: string;
  page: TablePage<T>;
  query: Query & { sort: string };
  columns: readonly TableColumn[];
  fallback: string;
  /** The filter form's fields. */
  filters: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const href = (change: Query) => tableHref(path, query, change);
  return (
    <>
      <Form method="get" action={path} className="workspace__filters" role="search" aria-label={`Filter ${noun}`}>
        {filters}
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <button type="submit" className="btn btn--secondary">
          Filter
        </button>
      </Form>
      <p aria-live="polite">
        {page.total.toLocaleString('en-US')} {noun} · page {page.page} of {Math.max(1, page.pageCount)}
      </p>
      <table className="orders__table workspace__table">
        <SortableHead
          columns={columns}
          sort={query.sort}
          fallback={fallback}
          href={(sort) => href({ sort, page: 1 })}
        />
        <tbody>{page.items.map(row)}</tbody>
      </table>
      <Pager page={page.page} pageCount={page.pageCount} href={(p) => href({ page: p })} />
    </>
  );
}

/** The head of a table that does not sort: its column names. */
export function PlainHead({ columns }: { columns: ReadonlyArray<string | { label: string; numeric: true }> }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.label} scope="col" className="num">
              {c.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
