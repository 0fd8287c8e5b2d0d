// The content table (/admin/content, issue 16 item 7): the store's managed content items by type, with where
// each stands for shoppers (Draft / Live / Live with unpublished changes), filtered by type and title and
// paged by the server; and the form that creates an item (a Draft), which then opens in its editor.

import {
  ADMIN_CONTENT_STATUS_LABELS,
  CONTENT_TYPE_FQNS,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  contentPagePath,
  contentUrlNameProblem,
  type AdminContentSummary,
  type ContentBodies,
  type ContentTypeFqn,
  type TablePage,
} from '@store/core';
import { useRef } from 'react';
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { newSection } from './content-form.ts';
import { pageOf, paramOf, SortableHead, tableHref, type TableColumn, type TableQuery } from './server-table.tsx';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';
import { Pager, SelectField } from './workspace-ui.tsx';

const BASE = '/admin/content';
const COLUMNS: TableColumn[] = [
  { key: 'title', label: 'Title' },
  { key: 'type', label: 'Type' },
  { key: 'urlName', label: 'Url name' },
  { key: null, label: 'Status' },
  { key: 'updatedAt', label: 'Last saved' },
];
const TYPE_OPTIONS = CONTENT_TYPE_FQNS.map((t) => [t, CONTENT_TYPE_LABELS[t]] as const);

interface ContentData {
  table: TablePage<AdminContentSummary>;
  query: TableQuery;
}

interface CreateResult {
  fieldErrors?: Partial<Record<'title' | 'urlName', string>>;
  formError?: string;
}

/** The least body of a new item of a type: what its editor starts from. */
function startingBody(type: ContentTypeFqn): ContentBodies[ContentTypeFqn] | Record<string, unknown> {
  switch (type) {
    case CONTENT_TYPES.banner:
      return { heading: 'New banner' };
    case CONTENT_TYPES.richText:
      return { html: '<p>New text</p>' };
    case CONTENT_TYPES.productCollection:
      return { source: { kind: 'featured' } };
    case CONTENT_TYPES.pageLayout:
      return { sections: [newSection()] };
    default:
      return { altText: '' };
  }
}

function ContentPage() {
  const { table, query } = useLoaderData() as ContentData;
  const result = useActionData() as CreateResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'content-create-error');
  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title">Content</h1>
      <Form method="get" action={BASE} className="workspace__filters" role="search" aria-label="Filter content">
        <div className="field">
          <label htmlFor="content-q" className="field__label">
            Title
          </label>
          <input id="content-q" name="q" type="search" className="field__input" defaultValue={query.q} />
        </div>
        <SelectField
          id="content-type"
          name="type"
          label="Type"
          defaultValue={query.type ?? ''}
          options={[['', 'Any'], ...TYPE_OPTIONS]}
        />
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <button type="submit" className="btn btn--secondary">
          Filter
        </button>
      </Form>
      <p aria-live="polite">
        {table.total.toLocaleString('en-US')} content items · page {table.page} of {Math.max(1, table.pageCount)}
      </p>
      <table className="orders__table workspace__table">
        <SortableHead
          columns={COLUMNS}
          sort={query.sort}
          fallback="title"
          href={(sort) => tableHref(BASE, query, { sort, page: 1 })}
        />
        <tbody>
          {table.items.map((c) => (
            <tr key={c.managedContentId}>
              <td>
                <Link to={`${BASE}/${c.managedContentId}`}>{c.title}</Link>
              </td>
              <td>{CONTENT_TYPE_LABELS[c.type]}</td>
              <td>{c.type === CONTENT_TYPES.pageLayout ? contentPagePath(c.urlName) : c.urlName}</td>
              <td>{ADMIN_CONTENT_STATUS_LABELS[c.status]}</td>
              <td>{c.updatedAt.slice(0, 16).replace('T', ' ')} UTC</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={table.page} pageCount={table.pageCount} href={(page) => tableHref(BASE, query, { page })} />

      <section aria-labelledby="content-create-title">
        <h2 id="content-create-title">New content item</h2>
        <FormAlert id="content-create-error" message={result?.formError} />
        <Form method="post" className="form" noValidate ref={formRef} aria-labelledby="content-create-title">
          <SelectField
            id="content-new-type"
            name="type"
            label="Type"
            defaultValue="dd__pageLayout"
            options={TYPE_OPTIONS}
          />
          <TextField form="content-new" name="title" label="Title" required error={result?.fieldErrors?.title} />
          <TextField
            form="content-new"
            name="urlName"
            label="Url name"
            hint="Lower-case words joined by hyphens; a page is shown at /url-name (home is the home page)."
            required
            error={result?.fieldErrors?.urlName}
          />
          <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
            Create item
          </button>
        </Form>
      </section>
    </section>
  );
}

export function contentRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs): Promise<ContentData> => {
      const url = new URL(request.url);
      const q = paramOf(url, 'q');
      const asked = paramOf(url, 'type');
      const type = (CONTENT_TYPE_FQNS as readonly string[]).includes(asked) ? (asked as ContentTypeFqn) : undefined;
      const sort = paramOf(url, 'sort');
      const table = await loaded(
        workspaceOf(getApi).listContent(
          { q: q || undefined, type, sort: sort || undefined, page: pageOf(url), pageSize: 25 },
          { signal: request.signal },
        ),
      );
      return { table, query: { q, type: type ?? '', sort } };
    },
    action: async ({ request }: ActionFunctionArgs): Promise<CreateResult | Response> => {
      const form = await request.formData();
      const asked = String(form.get('type') ?? '');
      const type = (CONTENT_TYPE_FQNS as readonly string[]).includes(asked) ? (asked as ContentTypeFqn) : null;
      const title = String(form.get('title') ?? '').trim();
      const urlName = String(form.get('urlName') ?? '').trim();
      const fieldErrors: CreateResult['fieldErrors'] = {};
      if (!title) fieldErrors.title = 'Complete this field.';
      const problem = contentUrlNameProblem(urlName);
      if (problem) fieldErrors.urlName = problem;
      if (!type) return { formError: 'Choose a type.' };
      if (Object.keys(fieldErrors).length) return { fieldErrors };
      try {
        const made = await workspaceOf(getApi).createContent({
          type,
          title,
          urlName,
          body: startingBody(type) as Record<string, unknown>,
        });
        return redirect(`${BASE}/${made.managedContentId}`);
      } catch (error) {
        return { formError: errorMessage(error) };
      }
    },
    Component: ContentPage,
    handle: workspaceHead(() => 'Content'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
