// The products table: paged, sorted and filtered by the server; the page only turns the address's query
// (q, status, sort, page) into the call and the answer into rows and links.

import type { AdminProductRow, ProductStatus, TablePage } from '@store/core';
import { Link, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';
import { FilterInput, pageOf, paramOf, ServerTable, type TableColumn } from './server-table.tsx';
import { SelectField } from './workspace-ui.tsx';

const PAGE_SIZE = 25;
const COLUMNS: TableColumn[] = [
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

function ProductsPage() {
  const { table, query } = useLoaderData() as ProductsData;
  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title">Products</h1>
      <ServerTable
        path="/admin"
        noun="products"
        page={table}
        query={query}
        columns={COLUMNS}
        fallback="name"
        filters={
          <>
            <FilterInput id="products-q" name="q" label="Name or SKU" type="search" defaultValue={query.q} />
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
          </>
        }
        row={(p) => (
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
        )}
      />
    </section>
  );
}

export function productsRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs): Promise<ProductsData> => {
      const url = new URL(request.url);
      const q = paramOf(url, 'q');
      const status = statusOf(url.searchParams.get('status'));
      const sort = url.searchParams.get('sort') ?? '';
      const page = pageOf(url);
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
