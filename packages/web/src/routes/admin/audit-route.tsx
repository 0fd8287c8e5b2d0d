// The audit log (administrators only; the server refuses everyone else): every workspace change with who
// made it, when, on what, and the record before and after, newest first, paged and filtered by the server.

import { AUDIT_RECORD_TYPES as RECORD_TYPES, type AuditEntry, type TablePage } from '@store/core';
import { Form, Link, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';
import { Pager, SelectField } from './workspace-ui.tsx';

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  replacePrices: 'Changed prices',
  removeVariation: 'Took a variation out',
  replaceComponents: 'Changed components',
  updateQuantityRule: 'Changed the quantity rule',
  ship: 'Shipped',
  refund: 'Refunded',
  refundRefused: 'Refund refused by the gateway',
  cancel: 'Cancelled',
  resendDownloads: 'Re-sent download links',
  passwordReset: 'Sent a password reset link',
  setManagedAccounts: 'Changed managed accounts',
  import: 'Imported a catalogue file',
  importGoodRows: 'Imported the good rows of a file',
  reorder: 'Reordered subcategories',
  delete: 'Deleted',
  setSellingModels: 'Changed selling models',
};

/** Where each record type is edited in the workspace (a product's prices are on its page). */
const RECORD_PAGES: Record<string, string> = {
  Product: '/admin/products/',
  ProductPrices: '/admin/products/',
  SellingModel: '/admin/selling-models/',
  Order: '/admin/orders/',
  Promotion: '/admin/promotions/',
  Account: '/admin/accounts/',
  Buyer: '/admin/buyers/',
  BuyerGroup: '/admin/buyer-groups/',
  CatalogueImport: '/admin/import?job=',
  Category: '/admin/categories/',
  EntitlementPolicy: '/admin/entitlement-policies/',
};

/** Where an entry's record is edited in the workspace. */
function recordHref(e: AuditEntry): string {
  const id = encodeURIComponent(e.recordId);
  // A reorder names the parent (or the store, for the top level): the tree is where to see it.
  if (e.recordType === 'Category' && e.action === 'reorder') return '/admin/categories';
  if (e.recordType === 'Inventory') return `/admin/products/${id}/inventory`;
  return e.recordType in RECORD_PAGES ? `${RECORD_PAGES[e.recordType]}${id}` : '/admin/settings';
}

interface AuditData {
  log: TablePage<AuditEntry>;
  recordType: string;
}

/** The top-level fields that differ between before and after (all of them for a creation). */
function changedFields(e: AuditEntry): string[] {
  if (Array.isArray(e.after)) return [];
  const before = (e.before ?? {}) as Record<string, unknown>;
  const after = (e.after ?? {}) as Record<string, unknown>;
  return Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

function AuditPage() {
  const { log, recordType } = useLoaderData() as AuditData;
  const pageHref = (page: number) =>
    `/admin/audit?${new URLSearchParams({ ...(recordType ? { recordType } : {}), page: String(page) })}`;
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <Form method="get" action="/admin/audit" className="workspace__filters" aria-label="Filter the audit log">
        <SelectField
          id="audit-recordType"
          name="recordType"
          label="Record type"
          defaultValue={recordType}
          options={[['', 'Any'], ...RECORD_TYPES.map((t) => [t, t] as const)]}
        />
        <button type="submit" className="btn btn--secondary">
          Filter
        </button>
      </Form>
      <p>
        {log.total.toLocaleString('en-US')} changes · page {log.page} of {Math.max(1, log.pageCount)}
      </p>
      <table className="orders__table workspace__table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Record</th>
            <th scope="col">Before and after</th>
          </tr>
        </thead>
        <tbody>
          {log.items.map((e) => (
            <tr key={e.id}>
              <td>
                <time dateTime={e.occurredAt}>{e.occurredAt.replace('T', ' ').slice(0, 19)} UTC</time>
              </td>
              <td>{e.user.email}</td>
              <td>
                {ACTION_LABELS[e.action] ?? e.action}
                {changedFields(e).length && e.before ? ` (${changedFields(e).join(', ')})` : ''}
              </td>
              <td>
                <Link to={recordHref(e)}>{e.recordLabel ?? e.recordId}</Link>
              </td>
              <td>
                <details>
                  <summary>Show</summary>
                  <p>Before</p>
                  <pre>{JSON.stringify(e.before, null, 2)}</pre>
                  <p>After</p>
                  <pre>{JSON.stringify(e.after, null, 2)}</pre>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={log.page} pageCount={log.pageCount} href={pageHref} />
    </section>
  );
}

export function auditRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs): Promise<AuditData> => {
      const url = new URL(request.url);
      const asked = url.searchParams.get('recordType') ?? '';
      const recordType = RECORD_TYPES.find((t) => t === asked) ?? '';
      const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
      const log = await loaded(
        workspaceOf(getApi).auditLog(
          { recordType: recordType || undefined, page, pageSize: 25 },
          { signal: request.signal },
        ),
      );
      return { log, recordType };
    },
    Component: AuditPage,
    handle: workspaceHead(() => 'Audit log'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
