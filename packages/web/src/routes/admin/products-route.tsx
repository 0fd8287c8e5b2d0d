// The products table: paged, sorted and filtered by the server; the page only turns the address's query
// (q, status, sort, page) into the call and the answer into rows and links.

import type { AdminProductRow, ProductStatus, TablePage } from '@store/core';
import { Form, Link, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';
import { Pager, SelectField } from './workspace-ui.tsx';

const PAGE_SIZE = 25;
const COLUMNS: Array<{ key: string | null; label: string; numeric?: boolean }> = [
  { key: 'sku', label: 'SKU' },
  { key: 'name', label: 'Name' },
  { key: 'status', label: 'Status' },
  { key: 'recordCount', label: 'Records', numeric: true },
  { key: null, label: 'Primary category' },
  { key: 'createdAt', label: 'Created' },
];

interface ProductsData {
  table: TablePage<AdminProductRow>;
  query: { q: string; status: string; sort: string };
}

const statusOf = (v: string | null): ProductStatus | undefined => (v === 'Live' || v === 'Draft' ? v : undefined);

function hrefWith(query: ProductsData['query'], change: Partial<ProductsData['query']> & { page?: number }): string {
  const params = new URLSearchParams();
  const next = { ...query, ...change };
  for (const [k, v] of Object.entries(next)) if (v !== '' && v !== undefined && v !== 1) params.set(k, String(v));
  const search = params.toString();
  return search ? `/admin?${search}` : '/admin';
}

function ProductsPage() {
  const { table, query } = useLoaderData() as ProductsData;
  const sortKey = query.sort.replace(/^-/, '') || 'name';
  const descending = query.sort.startsWith('-');
  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title">Products</h1>
      <Form method="get" action="/admin" className="workspace__filters" role="search" aria-label="Filter products">
        <div className="field">
          <label htmlFor="products-q" className="field__label">
            Name or SKU
          </label>
          <input id="products-q" name="q" type="search" className="field__input" defaultValue={query.q} />
        </div>
        <SelectField
          id="products-status"
          name="status"
          label="Status"
          defaultValue={query.status}
          options={[
            ['', 'Any'],
            ['Live', 'Live'],
            ['Draft', 'Draft'],
          ]}
        />
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <button type="submit" className="btn btn--secondary">
          Filter
        </button>
      </Form>
      <p aria-live="polite">
        {table.total.toLocaleString('en-US')} products · page {table.page} of {Math.max(1, table.pageCount)}
      </p>
      <table className="orders__table workspace__table">
        <thead>
          <tr>
            {COLUMNS.map((c) => {
              const active = c.key === sortKey;
              const sort = c.key ? (active && !descending ? `-${c.key}` : c.key) : '';
              return (
                <th
                  key={c.label}
                  scope="col"
                  className={c.numeric ? 'num' : undefined}
                  aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
                >
                  {c.key ? <Link to={hrefWith(query, { sort, page: 1 })}>{c.label}</Link> : c.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {table.items.map((p) => (
            <tr key={p.id}>
              <td>{p.sku}</td>
              <td>
                <Link to={`/admin/products/${p.id}`}>{p.name}</Link>
              </td>
              <td>{p.status}</td>
              <td className="num">{p.recordCount === null ? '—' : p.recordCount.toLocaleString('en-US')}</td>
              <td>{p.primaryCategory?.name ?? '—'}</td>
              <td>{p.createdAt.slice(0, 10)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={table.page} pageCount={table.pageCount} href={(page) => hrefWith(query, { page })} />
    </section>
  );
}

export function productsRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs): Promise<ProductsData> => {
      const url = new URL(request.url);
      const q = url.searchParams.get('q')?.trim() ?? '';
      const status = statusOf(url.searchParams.get('status'));
      const sort = url.searchParams.get('sort') ?? '';
      const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
      const table = await loaded(
        workspaceOf(getApi).listProducts(
          { q: q || undefined, status, sort: sort || undefined, page, pageSize: PAGE_SIZE },
          { signal: request.signal },
        ),
      );
      return { table, query: { q, status: status ?? '', sort } };
    },
    Component: ProductsPage,
    handle: workspaceHead(() => 'Products'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
