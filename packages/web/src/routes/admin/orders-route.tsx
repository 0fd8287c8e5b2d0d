// The orders table: paged, sorted, filtered (status, date range, printed goods) and searched (order number or
// email) by the server; the page turns the address's query into the call and the answer into rows and links.

import {
  ADMIN_ORDER_STATUSES,
  type AdminOrderQuery,
  type AdminOrderRow,
  type AdminOrderStatus,
  type TablePage,
} from '@store/core';
import { Link, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { money } from '../../lib/cart/cart-view.ts';
import { FilterInput, pageOf, paramOf, ServerTable, type TableColumn } from './server-table.tsx';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';
import { SelectField } from './workspace-ui.tsx';

export const ORDERS_PATH = '/admin/orders';
const PAGE_SIZE = 25;
const COLUMNS: TableColumn[] = [
  { key: 'orderNumber', label: 'Order' },
  { key: 'orderedDate', label: 'Date' },
  { key: 'email', label: 'Customer' },
  { key: 'status', label: 'Status' },
  { key: null, label: 'Printed goods' },
  { key: 'total', label: 'Total', numeric: true },
  { key: null, label: 'Refunded', numeric: true },
];

interface OrdersQuery extends Record<string, string> {
  q: string;
  status: string;
  from: string;
  to: string;
  printed: string;
  sort: string;
}

interface OrdersData {
  table: TablePage<AdminOrderRow>;
  query: OrdersQuery;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function OrdersPage() {
  const { table, query } = useLoaderData() as OrdersData;
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      <ServerTable
        path={ORDERS_PATH}
        noun="orders"
        page={table}
        query={query}
        columns={COLUMNS}
        fallback="-orderedDate"
        filters={
          <>
            <FilterInput id="orders-q" name="q" label="Order number or email" type="search" defaultValue={query.q} />
            <SelectField
              id="orders-status"
              name="status"
              label="Status"
              defaultValue={query.status}
              options={[['', 'Any'], ...ADMIN_ORDER_STATUSES.map((s) => [s, s] as const)]}
            />
            <FilterInput id="orders-from" name="from" label="Placed from" type="date" defaultValue={query.from} />
            <FilterInput id="orders-to" name="to" label="Placed until" type="date" defaultValue={query.to} />
            <SelectField
              id="orders-printed"
              name="printed"
              label="Printed goods"
              defaultValue={query.printed}
              options={[
                ['', 'Any'],
                ['yes', 'With printed goods'],
                ['no', 'Without printed goods'],
              ]}
            />
          </>
        }
        row={(o) => (
          <tr key={o.id}>
            <td>
              <Link to={`${ORDERS_PATH}/${o.id}`}>{o.orderNumber}</Link>
            </td>
            <td>
              <time dateTime={o.orderedDate}>{o.orderedDate.slice(0, 10)}</time>
            </td>
            <td>
              {o.email}
              {o.accountName ? ` · ${o.accountName}` : o.guest ? ' · guest' : ''}
            </td>
            <td>{o.status}</td>
            <td>{o.hasPrintedGoods ? 'Yes' : 'No'}</td>
            <td className="num">{money(o.grandTotalAmount, o.currencyIsoCode)}</td>
            <td className="num">
              {o.totalRefundedAmount === '0.00' ? '—' : money(o.totalRefundedAmount, o.currencyIsoCode)}
            </td>
          </tr>
        )}
      />
    </section>
  );
}

export function ordersRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs): Promise<OrdersData> => {
      const url = new URL(request.url);
      const param = (name: string) => paramOf(url, name);
      const status = ADMIN_ORDER_STATUSES.find((s) => s === param('status'));
      // A malformed day is left out rather than sent: the filter form's date inputs never make one.
      const day = (name: string) => (DAY.test(param(name)) ? param(name) : '');
      const printed = param('printed') === 'yes' || param('printed') === 'no' ? param('printed') : '';
      const query: OrdersQuery = {
        q: param('q'),
        status: status ?? '',
        from: day('from'),
        to: day('to'),
        printed,
        sort: param('sort'),
      };
      const page = pageOf(url);
      const ask: AdminOrderQuery = {
        q: query.q || undefined,
        status: status as AdminOrderStatus | undefined,
        from: query.from || undefined,
        to: query.to || undefined,
        hasPrintedGoods: printed ? printed === 'yes' : undefined,
        sort: query.sort || undefined,
        page,
        pageSize: PAGE_SIZE,
      };
      const table = await loaded(workspaceOf(getApi).listOrders(ask, { signal: request.signal }));
      return { table, query };
    },
    Component: OrdersPage,
    handle: workspaceHead(() => 'Orders'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
