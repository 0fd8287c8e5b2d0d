// The pieces every server-paged workspace table shares: the address of the table with a changed query (the
// query is the table's whole state, so a table can be linked and reloaded), its sortable column headers, and
// reading the page and the text filter back from the address.

import { Link } from 'react-router';

/** A table's query as the address holds it: text values, page from 1. Empty values are left out of links. */
export type TableQuery = Record<string, string> & { sort: string };

export function tableHref(base: string, query: TableQuery, change: Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...change }))
    if (v !== '' && v !== undefined && v !== 1) params.set(k, String(v));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** The page asked for in the address (1 when absent or not a number). */
export const pageOf = (url: URL) => Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
/** A text parameter of the address, trimmed ('' when absent). */
export const paramOf = (url: URL, name: string) => url.searchParams.get(name)?.trim() ?? '';

export interface Column {
  /** The server's sort key, or null for a column the server does not sort by. */
  key: string | null;
  label: string;
  numeric?: boolean;
}

/** Column headers that sort by their key (ascending first, again for descending), marked with aria-sort. */
export function SortHeaders({
  columns,
  sort,
  defaultKey,
  href,
}: {
  columns: readonly Column[];
  sort: string;
  defaultKey: string;
  href: (sort: string) => string;
}) {
  const sortKey = sort.replace(/^-/, '') || defaultKey;
  const descending = sort.startsWith('-');
  return (
    <thead>
      <tr>
        {columns.map((c) => {
          const active = c.key === sortKey;
          return (
            <th
              key={c.label}
              scope="col"
              className={c.numeric ? 'num' : undefined}
              aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
            >
              {c.key ? <Link to={href(active && !descending ? `-${c.key}` : c.key)}>{c.label}</Link> : c.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
