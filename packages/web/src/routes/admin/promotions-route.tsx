// The promotions table: each promotion's discount, coupon codes with their use against their limits, whether
// it is switched on, its dates and priority, and how many orders used it; paged, sorted and filtered by the
// server from the address's query (q, status, sort, page).

import type { AdminPromotionWithUsage, TablePage } from '@store/core';
import { Form, Link, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { couponUse, discountLabel, utcText } from './promotion-form.ts';
import { pageOf, paramOf, SortableHead, tableHref, type TableColumn, type TableQuery } from './server-table.tsx';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';
import { Pager, SelectField } from './workspace-ui.tsx';

const BASE = '/admin/promotions';
const COLUMNS: TableColumn[] = [
  { key: 'name', label: 'Name' },
  { key: null, label: 'Discount' },
  { key: null, label: 'Coupon codes' },
  { key: null, label: 'Status' },
  { key: 'startsAt', label: 'Starts' },
  { key: 'endsAt', label: 'Ends' },
  { key: 'priority', label: 'Priority', numeric: true },
  { key: null, label: 'Uses', numeric: true },
];

interface PromotionsData {
  table: TablePage<AdminPromotionWithUsage>;
  query: TableQuery;
}

function PromotionsPage() {
  const { table, query } = useLoaderData() as PromotionsData;
  return (
    <section aria-labelledby="promotions-title">
      <h1 id="promotions-title">Promotions</h1>
      <p>
        <Link to={`${BASE}/new`}>New promotion</Link>
      </p>
      <Form method="get" action={BASE} className="workspace__filters" role="search" aria-label="Filter promotions">
        <div className="field">
          <label htmlFor="promotions-q" className="field__label">
            Name
          </label>
          <input id="promotions-q" name="q" type="search" className="field__input" defaultValue={query.q} />
        </div>
        <SelectField
          id="promotions-status"
          name="status"
          label="Status"
          defaultValue={query.status ?? ''}
          options={[
            ['', 'Any'],
            ['Active', 'On'],
            ['Inactive', 'Off'],
          ]}
        />
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <button type="submit" className="btn btn--secondary">
          Filter
        </button>
      </Form>
      <p aria-live="polite">
        {table.total.toLocaleString('en-US')} promotions · page {table.page} of {Math.max(1, table.pageCount)}
      </p>
      <table className="orders__table workspace__table">
        <SortableHead
          columns={COLUMNS}
          sort={query.sort}
          fallback="priority"
          href={(sort) => tableHref(BASE, query, { sort, page: 1 })}
        />
        <tbody>
          {table.items.map((p) => (
            <tr key={p.id}>
              <td>
                <Link to={`${BASE}/${p.id}`}>{p.name}</Link>
              </td>
              <td>{discountLabel(p.discount, p.target)}</td>
              <td>
                {p.coupons.filter((c) => c.isActive).length ? (
                  <ul className="workspace__codes">
                    {p.coupons
                      .filter((c) => c.isActive)
                      .map((c) => (
                        <li key={c.id}>
                          <code>{c.code}</code> {couponUse(c)}
                        </li>
                      ))}
                  </ul>
                ) : (
                  'Automatic'
                )}
              </td>
              <td>{p.isActive ? 'On' : 'Off'}</td>
              <td>{p.startsAt ? utcText(p.startsAt) : '—'}</td>
              <td>{p.endsAt ? utcText(p.endsAt) : '—'}</td>
              <td className="num">{p.priority}</td>
              <td className="num">{p.usage.orderCount.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={table.page} pageCount={table.pageCount} href={(page) => tableHref(BASE, query, { page })} />
    </section>
  );
}

export function promotionsRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs): Promise<PromotionsData> => {
      const url = new URL(request.url);
      const q = paramOf(url, 'q');
      const asked = paramOf(url, 'status');
      const status = asked === 'Active' || asked === 'Inactive' ? asked : undefined;
      const sort = paramOf(url, 'sort');
      const table = await loaded(
        workspaceOf(getApi).listPromotions(
          { q: q || undefined, status, sort: sort || undefined, page: pageOf(url), pageSize: 25 },
          { signal: request.signal },
        ),
      );
      return { table, query: { q, status: status ?? '', sort } };
    },
    Component: PromotionsPage,
    handle: workspaceHead(() => 'Promotions'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
