// Customers: the store's buyer groups with their member counts and a form to create one, and one group: its
// name and member accounts (ticked list plus ids to add, saved as the whole list). Administrators only.

import type { AdminBuyerGroup, AdminBuyerGroupDetail } from '@store/core';
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { TextField } from '../../components/ui/TextField.tsx';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { accountList, nameRule, textOf, type CustomerResult } from './customer-form.ts';
import { AccountPicker, Outcome } from './customer-ui.tsx';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';

const BASE = '/admin/buyer-groups';

function BuyerGroupsPage() {
  const groups = useLoaderData() as AdminBuyerGroup[];
  const result = useActionData() as CustomerResult | undefined;
  return (
    <section aria-labelledby="groups-title">
      <h1 id="groups-title">Buyer groups</h1>
      <table className="orders__table workspace__table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="num">
              Member accounts
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.id}>
              <td>
                <Link to={`${BASE}/${g.id}`}>{g.name}</Link>
              </td>
              <td className="num">{g.memberCount.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 id="group-new-title">New buyer group</h2>
      <Outcome id="group-new" result={result} intent="create" />
      <Form method="post" className="form" noValidate aria-labelledby="group-new-title">
        <TextField
          form="group-new"
          name="name"
          label="Name"
          required
          rule={nameRule}
          error={result?.fieldErrors?.name}
        />
        <button type="submit" className="btn btn--primary">
          Create buyer group
        </button>
      </Form>
    </section>
  );
}

export function buyerGroupsRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs) =>
      (await loaded(workspaceOf(getApi).buyerGroups({ signal: request.signal }))).items,
    action: async ({ request }: ActionFunctionArgs): Promise<CustomerResult | Response> => {
      const name = textOf(await request.formData(), 'name');
      const problem = nameRule(name);
      if (problem) return { intent: 'create', fieldErrors: { name: problem } };
      try {
        const made = await workspaceOf(getApi).createBuyerGroup(name);
        return redirect(`${BASE}/${made.id}`);
      } catch (error) {
        return { intent: 'create', formError: errorMessage(error) };
      }
    },
    Component: BuyerGroupsPage,
    handle: workspaceHead(() => 'Buyer groups'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}

function BuyerGroupPage() {
  const group = useLoaderData() as AdminBuyerGroupDetail;
  const result = useActionData() as CustomerResult | undefined;
  return (
    <div className="workspace__edit">
      <h1>{group.name}</h1>
      <p>
        {group.members.length.toLocaleString('en-US')} member {group.members.length === 1 ? 'account' : 'accounts'}
      </p>
      <Outcome id="group" result={result} intent="group" />
      <Form method="post" className="form" noValidate aria-label={`Edit ${group.name}`} key={group.id}>
        <TextField
          form="group"
          name="name"
          label="Name"
          required
          defaultValue={group.name}
          rule={nameRule}
          error={result?.fieldErrors?.name}
        />
        <AccountPicker id="group-members" legend="Member accounts" accounts={group.members} />
        <button type="submit" className="btn btn--primary">
          Save buyer group
        </button>
      </Form>
    </div>
  );
}

export function buyerGroupRoute(getApi: () => StoreApi) {
  return {
    loader: ({ params, request }: LoaderFunctionArgs) =>
      loaded(workspaceOf(getApi).getBuyerGroup(params.buyerGroupId ?? '', { signal: request.signal })),
    action: async ({ params, request }: ActionFunctionArgs): Promise<CustomerResult> => {
      const form = await request.formData();
      const name = textOf(form, 'name');
      const problem = nameRule(name);
      if (problem) return { intent: 'group', fieldErrors: { name: problem } };
      try {
        await workspaceOf(getApi).updateBuyerGroup(params.buyerGroupId ?? '', {
          name,
          memberAccountIds: accountList(form),
        });
      } catch (error) {
        return { intent: 'group', formError: errorMessage(error) };
      }
      return { intent: 'group', done: 'The buyer group has been saved.' };
    },
    Component: BuyerGroupPage,
    handle: workspaceHead((d) => (d as AdminBuyerGroupDetail | undefined)?.name ?? 'Buyer group'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
