// Entitlement policies: which buyer groups see which category subtrees. The list shows each policy's groups
// and categories; /admin/entitlement-policies/new and /:policyId edit one (name, buyer groups ticked,
// categories ticked in the tree: each grants itself and everything under it) and delete it. The storefront's
// entitlement sets follow on the next request. Administrators only, as buyer groups are.

import type { AdminBuyerGroup, AdminCategory, EntitlementPolicy } from '@store/core';
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
import { data } from 'react-router';
import { TextField } from '../../components/ui/TextField.tsx';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { nameRule, textOf, type CustomerResult } from './customer-form.ts';
import { BuyerGroupChecks, Outcome } from './customer-ui.tsx';
import { CheckField } from './workspace-ui.tsx';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';

const BASE = '/admin/entitlement-policies';
type PolicyResult = CustomerResult;

function PoliciesPage() {
  const policies = useLoaderData() as EntitlementPolicy[];
  return (
    <section aria-labelledby="policies-title">
      <h1 id="policies-title">Entitlement policies</h1>
      <p>
        A buyer sees a category’s products when a policy names one of their buyer groups and the category or one above
        it.
      </p>
      <p>
        <Link to={`${BASE}/new`}>New entitlement policy</Link>
      </p>
      <table className="orders__table workspace__table">
        <thead>
          <tr>
            <th scope="col">Policy</th>
            <th scope="col">Buyer groups</th>
            <th scope="col">Categories (with everything under them)</th>
          </tr>
        </thead>
        <tbody>
          {policies.map((p) => (
            <tr key={p.id}>
              <td>
                <Link to={`${BASE}/${p.id}`}>{p.name}</Link>
              </td>
              <td>{p.buyerGroups.map((g) => g.name).join(', ') || 'None'}</td>
              <td>{p.categories.map((c) => c.path).join('; ') || 'None'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function policiesRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs) =>
      (await loaded(workspaceOf(getApi).entitlementPolicies({ signal: request.signal }))).items,
    Component: PoliciesPage,
    handle: workspaceHead(() => 'Entitlement policies'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}

interface PolicyData {
  policy: EntitlementPolicy | null;
  groups: AdminBuyerGroup[];
  categories: AdminCategory[];
}

function PolicyPage() {
  const { policy, groups, categories } = useLoaderData() as PolicyData;
  const result = useActionData() as PolicyResult | undefined;
  const groupIds = new Set(policy?.buyerGroups.map((g) => g.id));
  const categoryIds = new Set(policy?.categories.map((c) => c.id));
  const title = policy ? policy.name : 'New entitlement policy';
  return (
    <div className="workspace__edit">
      <p>
        <Link to={BASE}>All entitlement policies</Link>
      </p>
      <h1>{title}</h1>
      <Outcome id="policy" result={result} intent="save" />
      <Form method="post" className="form" noValidate aria-label={title} key={policy?.id ?? 'new'}>
        <input type="hidden" name="intent" value="save" />
        <TextField
          form="policy"
          name="name"
          label="Name"
          required
          defaultValue={policy?.name ?? ''}
          rule={nameRule}
          error={result?.fieldErrors?.name}
        />
        <BuyerGroupChecks id="policy-group" name="buyerGroupId" groups={groups} checked={groupIds} />
        <fieldset className="workspace__book workspace__tree">
          <legend>Categories they see, with everything under them</legend>
          {categories.map((c) => (
            <div key={c.id} data-depth={Math.min(c.depth, 6)}>
              <CheckField
                id={`policy-category-${c.id}`}
                name="categoryId"
                value={c.id}
                label={c.publishStatus === 'Draft' ? `${c.name} (Draft)` : c.name}
                defaultChecked={categoryIds.has(c.id)}
              />
            </div>
          ))}
        </fieldset>
        <button type="submit" className="btn btn--primary">
          {policy ? 'Save policy' : 'Create policy'}
        </button>
      </Form>
      {policy ? (
        <Form method="post" className="form" aria-label={`Delete ${policy.name}`}>
          <input type="hidden" name="intent" value="delete" />
          <Outcome id="policy-delete" result={result} intent="delete" />
          <button type="submit" className="btn btn--secondary">
            Delete policy
          </button>
        </Form>
      ) : null}
    </div>
  );
}

const ids = (form: FormData, name: string) =>
  form.getAll(name).filter((v): v is string => typeof v === 'string' && v !== '');

export function policyRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ params, request }: LoaderFunctionArgs): Promise<PolicyData> => {
      const w = workspaceOf(getApi);
      const signal = request.signal;
      const [policies, groups, categories] = await loaded(
        Promise.all([w.entitlementPolicies({ signal }), w.buyerGroups({ signal }), w.categories({ signal })]),
      );
      const policy = params.policyId ? (policies.items.find((p) => p.id === params.policyId) ?? null) : null;
      if (params.policyId && !policy) throw data(null, { status: 404, statusText: 'Not Found' });
      return { policy, groups: groups.items, categories: categories.items };
    },
    action: async ({ params, request }: ActionFunctionArgs): Promise<PolicyResult | Response> => {
      const form = await request.formData();
      const w = workspaceOf(getApi);
      if (textOf(form, 'intent') === 'delete') {
        try {
          await w.deleteEntitlementPolicy(params.policyId ?? '');
        } catch (error) {
          return { intent: 'delete', formError: errorMessage(error) };
        }
        return redirect(BASE);
      }
      const name = textOf(form, 'name');
      const problem = nameRule(name);
      if (problem) return { intent: 'save', fieldErrors: { name: problem } };
      const input = { name, buyerGroupIds: ids(form, 'buyerGroupId'), categoryIds: ids(form, 'categoryId') };
      try {
        if (!params.policyId) return redirect(`${BASE}/${(await w.createEntitlementPolicy(input)).id}`);
        await w.updateEntitlementPolicy(params.policyId, input);
      } catch (error) {
        return { intent: 'save', formError: errorMessage(error) };
      }
      return { intent: 'save', done: 'The policy has been saved. Buyers see the change on their next page.' };
    },
    Component: PolicyPage,
    handle: workspaceHead((d) => (d as PolicyData | undefined)?.policy?.name ?? 'Entitlement policy'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
