// Customers: the accounts table (searched, sorted and paged by the server) and one account, with its buyer
// groups (the store's; ticked = a member), its buyers and the users who may also act for it. Administrators
// only; the server refuses everyone else.

import type { AdminAccount, AdminAccountDetail, AdminBuyerGroup, TablePage } from '@store/core';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { TextField } from '../../components/ui/TextField.tsx';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { nameRule, textOf, type CustomerResult } from './customer-form.ts';
import { BuyerGroupChecks, Outcome, SearchFilter } from './customer-ui.tsx';
import { pageOf, paramOf, SortableHead, tableHref, type TableQuery } from './server-table.tsx';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';
import { Pager } from './workspace-ui.tsx';

const BASE = '/admin/accounts';

interface AccountsData {
  table: TablePage<AdminAccount>;
  query: TableQuery;
}

function AccountsPage() {
  const { table, query } = useLoaderData() as AccountsData;
  return (
    <section aria-labelledby="accounts-title">
      <h1 id="accounts-title">Accounts</h1>
      <SearchFilter base={BASE} label="accounts" q={query.q ?? ''} sort={query.sort} />
      <p aria-live="polite">
        {table.total.toLocaleString('en-US')} accounts · page {table.page} of {Math.max(1, table.pageCount)}
      </p>
      <table className="orders__table workspace__table">
        <SortableHead
          columns={[
            { key: 'name', label: 'Name' },
            { key: null, label: 'Buyer groups' },
            { key: 'createdAt', label: 'Created' },
          ]}
          sort={query.sort}
          fallback="name"
          href={(sort) => tableHref(BASE, query, { sort, page: 1 })}
        />
        <tbody>
          {table.items.map((a) => (
            <tr key={a.id}>
              <td>
                <Link to={`${BASE}/${a.id}`}>{a.name}</Link>
              </td>
              <td>{a.buyerGroups.map((g) => g.name).join(', ') || '—'}</td>
              <td>{a.createdAt.slice(0, 10)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={table.page} pageCount={table.pageCount} href={(page) => tableHref(BASE, query, { page })} />
    </section>
  );
}

export function accountsRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs): Promise<AccountsData> => {
      const url = new URL(request.url);
      const q = paramOf(url, 'q');
      const sort = paramOf(url, 'sort');
      const table = await loaded(
        workspaceOf(getApi).listAccounts(
          { q: q || undefined, sort: sort || undefined, page: pageOf(url), pageSize: 25 },
          { signal: request.signal },
        ),
      );
      return { table, query: { q, sort } };
    },
    Component: AccountsPage,
    handle: workspaceHead(() => 'Accounts'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}

interface AccountData {
  account: AdminAccountDetail;
  groups: AdminBuyerGroup[];
}

function AccountPage() {
  const { account, groups } = useLoaderData() as AccountData;
  const result = useActionData() as CustomerResult | undefined;
  const member = new Set(account.buyerGroups.map((g) => g.id));
  return (
    <div className="workspace__edit">
      <h1>{account.name}</h1>
      <p>
        {account.id} · created {account.createdAt.slice(0, 10)}
      </p>
      <section aria-labelledby="account-details-title">
        <h2 id="account-details-title">Name and buyer groups</h2>
        <Outcome id="account" result={result} intent="account" />
        <Form method="post" className="form" noValidate aria-labelledby="account-details-title" key={account.id}>
          <input type="hidden" name="intent" value="account" />
          <TextField
            form="account"
            name="name"
            label="Name"
            required
            defaultValue={account.name}
            rule={nameRule}
            error={result?.fieldErrors?.name}
          />
          <BuyerGroupChecks id="account-group" name="buyerGroupIds" groups={groups} checked={member} />
          <button type="submit" className="btn btn--primary">
            Save account
          </button>
        </Form>
      </section>
      <section aria-labelledby="account-buyers-title">
        <h2 id="account-buyers-title">Buyers</h2>
        <ul>
          {account.buyers.map((b) => (
            <li key={b.id}>
              <Link to={`/admin/buyers/${b.id}`}>{b.email}</Link>
            </li>
          ))}
        </ul>
        {account.buyers.length ? null : <p>No buyers of its own.</p>}
        <h2>Also managed by</h2>
        <ul>
          {account.managedBy.map((b) => (
            <li key={b.id}>
              <Link to={`/admin/buyers/${b.id}`}>{b.email}</Link>
            </li>
          ))}
        </ul>
        {account.managedBy.length ? null : <p>Nobody else acts for it.</p>}
      </section>
    </div>
  );
}

export function accountRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ params, request }: LoaderFunctionArgs): Promise<AccountData> => {
      const w = workspaceOf(getApi);
      const [account, groups] = await Promise.all([
        loaded(w.getAccount(params.accountId ?? '', { signal: request.signal })),
        loaded(w.buyerGroups({ signal: request.signal })),
      ]);
      return { account, groups: groups.items };
    },
    action: async ({ params, request }: ActionFunctionArgs): Promise<CustomerResult> => {
      const form = await request.formData();
      const name = textOf(form, 'name');
      const problem = nameRule(name);
      if (problem) return { intent: 'account', fieldErrors: { name: problem } };
      const buyerGroupIds = form.getAll('buyerGroupIds').filter((v): v is string => typeof v === 'string');
      try {
        await workspaceOf(getApi).updateAccount(params.accountId ?? '', { name, buyerGroupIds });
      } catch (error) {
        return { intent: 'account', formError: errorMessage(error) };
      }
      return { intent: 'account', done: 'The account has been saved.' };
    },
    Component: AccountPage,
    handle: workspaceHead((d) => (d as AccountData | undefined)?.account.name ?? 'Account'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
