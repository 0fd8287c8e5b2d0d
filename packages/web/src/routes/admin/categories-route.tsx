// Categories: the store's tree shown indented in menu order with each category's actions (edit, move up or
// down among its siblings, publish or unpublish, delete), and a form for a new one; /admin/categories/:id
// edits one (name, url name, description, parent, Draft/Live). A Draft category and everything under it
// leaves the storefront's menu at once; the server refuses what would break the tree and says why.

import { SEO_INTENT, SeoSettingsForm, saveSeoSettings, type SeoResult } from './SeoSettingsForm.tsx';
import type { AdminCategory, SeoSettings } from '@store/core';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { data } from 'react-router';
import { TextField } from '../../components/ui/TextField.tsx';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import {
  categoryFields,
  categoryNameRule,
  categoryProblems,
  movedOrder,
  possibleParents,
  requiredUrlNameRule,
  urlNameRule,
  type CategoryResult,
} from './category-form.ts';
import { textOf } from './customer-form.ts';
import { Outcome } from './customer-ui.tsx';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';

const BASE = '/admin/categories';

/** One category row's action: a small form posting its intent. */
function RowAction({ intent, category, label }: { intent: string; category: AdminCategory; label: string }) {
  return (
    <Form method="post" className="workspace__row-action">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={category.id} />
      <button type="submit" className="btn btn--link" aria-label={`${label}: ${category.name}`}>
        {label}
      </button>
    </Form>
  );
}

function ParentSelect({ id, options, current }: { id: string; options: AdminCategory[]; current: string | null }) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        Parent category
      </label>
      <select id={id} name="parentId" className="field__input" defaultValue={current ?? ''}>
        <option value="">None (top level)</option>
        {options.map((c) => (
          <option key={c.id} value={c.id}>
            {c.path}
          </option>
        ))}
      </select>
    </div>
  );
}

function StatusSelect({ id, current }: { id: string; current: string }) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        Status
      </label>
      <select id={id} name="status" className="field__input" defaultValue={current}>
        <option value="Draft">Draft (not shown to shoppers)</option>
        <option value="Live">Live</option>
      </select>
    </div>
  );
}

function DescriptionField({ id, current }: { id: string; current: string }) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        Description
      </label>
      <textarea id={id} name="description" className="field__input" rows={3} defaultValue={current} />
    </div>
  );
}

function CategoriesPage() {
  const categories = useLoaderData() as AdminCategory[];
  const result = useActionData() as CategoryResult | undefined;
  return (
    <section aria-labelledby="categories-title">
      <h1 id="categories-title">Categories</h1>
      <Outcome id="category-row" result={result} intent="row" />
      <table className="orders__table workspace__table workspace__tree">
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Url name</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Products
            </th>
            <th scope="col" className="num">
              Subcategories
            </th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {categories.map((c) => (
            <tr key={c.id}>
              <td data-depth={Math.min(c.depth, 6)}>
                <Link to={`${BASE}/${c.id}`} aria-label={`Edit ${c.path}`}>
                  {c.name}
                </Link>
              </td>
              <td>{c.urlName}</td>
              <td>{c.publishStatus}</td>
              <td className="num">{c.productCount ?? 0}</td>
              <td className="num">{c.childCount ?? 0}</td>
              <td className="workspace__actions">
                <RowAction intent="up" category={c} label="Move up" />
                <RowAction intent="down" category={c} label="Move down" />
                {c.publishStatus === 'Live' ? (
                  <RowAction intent="draft" category={c} label="Unpublish" />
                ) : (
                  <RowAction intent="live" category={c} label="Publish" />
                )}
                <RowAction intent="delete" category={c} label="Delete" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2 id="category-new-title">New category</h2>
      <Outcome id="category-new" result={result} intent="create" />
      <Form method="post" className="form" noValidate aria-labelledby="category-new-title">
        <input type="hidden" name="intent" value="create" />
        <TextField
          form="category-new"
          name="name"
          label="Name"
          required
          rule={categoryNameRule}
          error={result?.intent === 'create' ? result.fieldErrors?.name : undefined}
        />
        <TextField
          form="category-new"
          name="urlName"
          label="Url name"
          hint="Lowercase letters, digits and hyphens; leave blank to make it from the name."
          rule={urlNameRule}
          error={result?.intent === 'create' ? result.fieldErrors?.urlName : undefined}
        />
        <ParentSelect id="category-new-parent" options={categories} current={null} />
        <DescriptionField id="category-new-description" current="" />
        <StatusSelect id="category-new-status" current="Draft" />
        <button type="submit" className="btn btn--primary">
          Create category
        </button>
      </Form>
    </section>
  );
}

const list = async (getApi: () => StoreApi, signal?: AbortSignal) =>
  (await workspaceOf(getApi).categories({ signal })).items;

/** What a row's action does; each answers the row outcome (the server's refusal, or what happened). */
async function rowAction(getApi: () => StoreApi, intent: string, id: string): Promise<CategoryResult> {
  const w = workspaceOf(getApi);
  const all = await list(getApi);
  const name = all.find((c) => c.id === id)?.name ?? 'The category';
  try {
    if (intent === 'up' || intent === 'down') {
      const order = movedOrder(all, id, intent === 'up' ? -1 : 1);
      if (!order) return { intent: 'row', done: `${name} is already ${intent === 'up' ? 'first' : 'last'}.` };
      await w.reorderCategories(order);
      return { intent: 'row', done: `${name} moved ${intent}.` };
    }
    if (intent === 'live' || intent === 'draft') {
      await w.updateCategory(id, { status: intent === 'live' ? 'Live' : 'Draft' });
      return {
        intent: 'row',
        done:
          intent === 'live'
            ? `${name} is live: shoppers see it in the menu now.`
            : `${name} is a draft: it and everything under it have left the menu.`,
      };
    }
    if (intent === 'delete') {
      await w.deleteCategory(id);
      return { intent: 'row', done: `${name} has been deleted.` };
    }
  } catch (error) {
    return { intent: 'row', formError: errorMessage(error) };
  }
  return { intent: 'row', formError: 'Unknown action.' };
}

export function categoriesRoute(getApi: () => StoreApi) {
  return {
    loader: ({ request }: LoaderFunctionArgs) => loaded(list(getApi, request.signal)),
    action: async ({ request }: ActionFunctionArgs): Promise<CategoryResult> => {
      const form = await request.formData();
      const intent = textOf(form, 'intent');
      if (intent !== 'create') return rowAction(getApi, intent, textOf(form, 'id'));
      const fields = categoryFields(form);
      const problems = categoryProblems(fields, false);
      if (problems) return { intent: 'create', fieldErrors: problems };
      try {
        const made = await workspaceOf(getApi).createCategory(fields);
        return { intent: 'create', done: `${made.path} has been created (${made.publishStatus}).` };
      } catch (error) {
        return { intent: 'create', formError: errorMessage(error) };
      }
    },
    Component: CategoriesPage,
    handle: workspaceHead(() => 'Categories'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}

interface CategoryData {
  category: AdminCategory;
  all: AdminCategory[];
  /** Its search engine settings; null when they could not be read (the section is left out). */
  seo: SeoSettings | null;
}

function CategoryPage() {
  const { category, all, seo } = useLoaderData() as CategoryData;
  const answer = useActionData() as CategoryResult | SeoResult | undefined;
  const result = answer?.intent === SEO_INTENT ? undefined : (answer as CategoryResult | undefined);
  const seoResult = answer?.intent === SEO_INTENT ? (answer as SeoResult) : undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="workspace__edit">
      <p>
        <Link to={BASE}>All categories</Link>
      </p>
      <h1>{category.name}</h1>
      <p>
        {category.path} · {category.publishStatus} · {category.productCount ?? 0} products
      </p>
      <Outcome id="category" result={result} intent="edit" />
      <Form method="post" className="form" noValidate aria-label={`Edit ${category.name}`} key={category.id}>
        <TextField
          form="category"
          name="name"
          label="Name"
          required
          defaultValue={category.name}
          rule={categoryNameRule}
          error={result?.fieldErrors?.name}
        />
        <TextField
          form="category"
          name="urlName"
          label="Url name"
          required
          hint="Lowercase letters, digits and hyphens: the category page's address."
          defaultValue={category.urlName}
          rule={requiredUrlNameRule}
          error={result?.fieldErrors?.urlName}
        />
        <ParentSelect id="category-parent" options={possibleParents(all, category.id)} current={category.parentId} />
        <DescriptionField id="category-description" current={category.description ?? ''} />
        <StatusSelect id="category-status" current={category.publishStatus} />
        <button type="submit" className="btn btn--primary">
          Save category
        </button>
      </Form>
      {seo ? (
        <SeoSettingsForm
          key={`seo-${category.id}`}
          settings={seo}
          result={seoResult}
          busy={busy}
          derivedTitle={`${category.name} datasets`}
        />
      ) : null}
    </div>
  );
}

export function categoryRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ params, request }: LoaderFunctionArgs): Promise<CategoryData> => {
      const id = params.categoryId ?? '';
      const [all, seo] = await Promise.all([
        loaded(list(getApi, request.signal)),
        workspaceOf(getApi)
          .seoSettings(id, { signal: request.signal })
          .catch(() => null),
      ]);
      const category = all.find((c) => c.id === params.categoryId);
      if (!category) throw data(null, { status: 404, statusText: 'Not Found' });
      return { category, all, seo };
    },
    action: async ({ params, request }: ActionFunctionArgs): Promise<CategoryResult | SeoResult> => {
      const form = await request.formData();
      if (form.get('intent') === SEO_INTENT) return saveSeoSettings(workspaceOf(getApi), params.categoryId ?? '', form);
      const fields = categoryFields(form);
      const problems = categoryProblems(fields, true);
      if (problems) return { intent: 'edit', fieldErrors: problems };
      try {
        await workspaceOf(getApi).updateCategory(params.categoryId ?? '', fields);
      } catch (error) {
        return { intent: 'edit', formError: errorMessage(error) };
      }
      return { intent: 'edit', done: 'The category has been saved.' };
    },
    Component: CategoryPage,
    handle: workspaceHead((d) => (d as CategoryData | undefined)?.category.name ?? 'Category'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
