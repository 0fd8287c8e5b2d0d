// Customers: the buyers table (users with their accounts; searched over email and names, sorted and paged by
// the server) and one buyer: the accounts they may act for besides their own (ticked list plus ids to add),
// and a button that mails them a one-time link to choose a new password. Administrators only.

import type { AdminBuyer, AdminBuyerDetail, TablePage } from '@store/core';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { utcText } from './promotion-form.ts';
import { accountList, type CustomerResult } from './customer-form.ts';
import { AccountPicker, Outcome, SearchFilter } from './customer-ui.tsx';
import { pageOf, paramOf, SortableHead, tableHref, type TableQuery } from './server-table.tsx';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';
import { Pager } from './workspace-ui.tsx';

const BASE = '/admin/buyers';
const fullName = (b: AdminBuyer) => [b.firstName, b.lastName].filter(Boolean).join(' ') || '—';

interface BuyersData {
  table: TablePage<AdminBuyer>;
  query: TableQuery;
}

function BuyersPage() {
  const { table, query } = useLoaderData() as BuyersData;
  return (
    <section aria-labelledby="buyers-title">
      <h1 id="buyers-title">Buyers</h1>
      <SearchFilter base={BASE} label="buyers" q={query.q ?? ''} sort={query.sort} />
      <p aria-live="polite">
        {table.total.toLocaleString('en-US')} buyers · page {table.page} of {Math.max(1, table.pageCount)}
      </p>
      <table className="orders__table workspace__table">
        <SortableHead
          columns={[
            { key: 'email', label: 'Email' },
            { key: 'lastName', label: 'Name' },
            { key: null, label: 'Account' },
            { key: null, label: 'Role' },
            { key: 'createdAt', label: 'Created' },
          ]}
          sort={query.sort}
          fallback="email"
          href={(sort) => tableHref(BASE, query, { sort, page: 1 })}
        />
        <tbody>
          {table.items.map((b) => (
            <tr key={b.id}>
              <td>
                <Link to={`${BASE}/${b.id}`}>{b.email}</Link>
              </td>
              <td>{fullName(b)}</td>
              <td>{b.accountId ? <Link to={`/admin/accounts/${b.accountId}`}>{b.accountName}</Link> : '—'}</td>
              <td>{b.role}</td>
              <td>{b.createdAt.slice(0, 10)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={table.page} pageCount={table.pageCount} href={(page) => tableHref(BASE, query, { page })} />
    </section>
  );
}

export function buyersRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs): Promise<BuyersData> => {
      const url = new URL(request.url);
      const q = paramOf(url, 'q');
      const sort = paramOf(url, 'sort');
      const table = await loaded(
        workspaceOf(getApi).listBuyers(
          { q: q || undefined, sort: sort || undefined, page: pageOf(url), pageSize: 25 },
          { signal: request.signal },
        ),
      );
      return { table, query: { q, sort } };
    },
    Component: BuyersPage,
    handle: workspaceHead(() => 'Buyers'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}

function BuyerPage() {
  const buyer = useLoaderData() as AdminBuyerDetail;
  const result = useActionData() as CustomerResult | undefined;
  return (
    <div className="workspace__edit">
      <h1>{buyer.email}</h1>
      <p>
        {fullName(buyer)} · {buyer.role} ·{' '}
        {buyer.accountId ? <Link to={`/admin/accounts/${buyer.accountId}`}>{buyer.accountName}</Link> : 'no account'}
      </p>
      <section aria-labelledby="buyer-reset-title">
        <h2 id="buyer-reset-title">Password</h2>
        <p>The buyer is mailed a link to choose a new password. Their current password works until they use it.</p>
        <Outcome id="buyer-reset" result={result} intent="reset" />
        <Form method="post" aria-labelledby="buyer-reset-title">
          <input type="hidden" name="intent" value="reset" />
          <button type="submit" className="btn btn--secondary">
            Send password reset link
          </button>
        </Form>
      </section>
      <section aria-labelledby="buyer-accounts-title">
        <h2 id="buyer-accounts-title">Accounts they act for</h2>
        <p>Besides their own account{buyer.accountName ? ` (${buyer.accountName})` : ''}.</p>
        <Outcome id="buyer-accounts" result={result} intent="accounts" />
        <Form method="post" className="form" noValidate aria-labelledby="buyer-accounts-title" key={buyer.id}>
          <input type="hidden" name="intent" value="accounts" />
          <AccountPicker id="buyer-accounts" legend="Managed accounts" accounts={buyer.managedAccounts} />
          <button type="submit" className="btn btn--primary">
            Save managed accounts
          </button>
        </Form>
      </section>
    </div>
  );
}

export function buyerRoute(getApi: () => StoreApi) {
  return {
    loader: ({ params, request }: LoaderFunctionArgs) =>
      loaded(workspaceOf(getApi).getBuyer(params.userId ?? '', { signal: request.signal })),
    action: async ({ params, request }: ActionFunctionArgs): Promise<CustomerResult> => {
      const w = workspaceOf(getApi);
      const form = await request.formData();
      const userId = params.userId ?? '';
      const intent = form.get('intent') === 'reset' ? 'reset' : 'accounts';
      try {
        if (intent === 'reset') {
          const sent = await w.sendPasswordReset(userId);
          return {
            intent,
            done: `A reset link has been sent to ${sent.email}. It works until ${utcText(sent.expiresAt)}.`,
          };
        }
        await w.setManagedAccounts(userId, accountList(form));
        return { intent, done: 'The managed accounts have been saved.' };
      } catch (error) {
        return { intent, formError: errorMessage(error) };
      }
    },
    Component: BuyerPage,
    handle: workspaceHead((d) => (d as AdminBuyerDetail | undefined)?.email ?? 'Buyer'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
